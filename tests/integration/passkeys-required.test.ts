/**
 * A stage that requires passkeys of administrators (ADMIN_PASSKEY_REQUIRED=1, as the committed
 * `prod` sample's adminPasskeyRequired): only passkey sessions get admin power; a session that
 * signed in with the password and the authenticator app's code is told to add a passkey and sign
 * in with it. Such a session (a relayed password and code, from a phishing page) cannot enrol a
 * passkey of its own either: an administrator adds one from a passkey session, or within a day of
 * an operator's approval (`npm run admin -- allow-passkey`), which one passkey uses up. Its own
 * stack: the setting is the stack's.
 */
import { apiMessages } from '../../shared/messages';
import { passkeyMessages } from '../../shared/passkeys';
import { keys } from '../../lambdas/lib/data/table';
import { mailsArrived } from './support/mail';
import { addPasskey, authenticatorFor, creationOptions, passkeySignIn } from './support/passkeys';
import { runTool } from './support/tool';
import { useTestStack } from './support/use-stack';

const t = useTestStack({ env: { ADMIN_PASSKEY_REQUIRED: '1' } });

const allowPasskey = (email: string) => runTool('admin.ts', ['allow-passkey', email, '--data-dir', t.stack.dataDir]);
const enrolmentRefused = [403, { error: passkeyMessages.enrolmentNeedsApproval }];

describe('passkeys required of administrators', () => {
  it('refuses a code session with passkeyRequired and grants a passkey session', async () => {
    const admin = await t.client.newAdmin();
    const client = await t.client.newClient('someone');
    const refusal = [403, { error: apiMessages.passkeyRequired }];
    const list = await t.client.call('listClients', { token: admin.accessToken });
    expect([list.status, list.body]).toEqual(refusal);
    // On a client route admins may read, too: someone else's portfolio is refused with the same words.
    const read = await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: client.sub } });
    expect([read.status, read.body]).toEqual(refusal);
    const mine = await t.client.call('listPasskeys', { token: admin.accessToken });
    expect(mine.body).toEqual({ passkeys: [], passkeyRequiredForAdmin: true });

    expect((await allowPasskey(admin.email)).code).toBe(0);
    const key = authenticatorFor(t.client);
    await addPasskey(t.client, await t.client.signIn(admin.email), key);
    const byKey = await passkeySignIn(t.client, admin.email, key);
    expect((await t.client.call('listClients', { token: byKey.accessToken })).status).toBe(200);
    const readByKey = await t.client.call('getPortfolio', { token: byKey.accessToken, params: { userId: client.sub } });
    expect(readByKey.status).toBe(200);

    const withCode = await t.client.signIn(admin.email);
    const codeList = await t.client.call('listClients', { token: withCode.accessToken });
    expect([codeList.status, codeList.body]).toEqual(refusal);
  }, 240_000);

  it("refuses an administrator's passkey from a code session until an operator allows one, and the approval allows one only", async () => {
    const admin = await t.client.newAdmin();
    // A relayed password and code: a fresh session, yet no passkey of the thief's own.
    const phished = await t.client.signIn(admin.email);
    const options = await t.client.call('startPasskeyRegistration', { token: phished.accessToken });
    expect([options.status, options.body]).toEqual(enrolmentRefused);

    const allowed = await allowPasskey(admin.email);
    expect(allowed).toMatchObject({ code: 0, output: expect.stringContaining('may add one passkey') });
    await mailsArrived(t.client, admin.email, 'You may add a passkey');
    const record = await t.table.item(keys.security(admin.sub));
    expect(record?.passkeyEnrolmentAllowedAt).toEqual(expect.any(Number));

    // The same session, now approved (each code sign-in waits for a fresh code: one fewer here).
    const first = authenticatorFor(t.client);
    await addPasskey(t.client, phished, first);
    expect((await t.table.item(keys.security(admin.sub)))?.passkeyEnrolmentAllowedAt).toBeUndefined();

    // Used up: a second passkey from a code session is refused again, at the options and at the add.
    const again = await t.client.signIn(admin.email);
    const second = await t.client.call('startPasskeyRegistration', { token: again.accessToken });
    expect([second.status, second.body]).toEqual(enrolmentRefused);

    // From a passkey session the administrator adds another without asking anyone.
    const byKey = await passkeySignIn(t.client, admin.email, first);
    await addPasskey(t.client, byKey, authenticatorFor(t.client), 'Security key');
  }, 240_000);

  it('checks the approval again at the add: one lapsed since the options were handed out adds nothing', async () => {
    const admin = await t.client.newAdmin();
    expect((await allowPasskey(admin.email)).code).toBe(0);
    const coded = await t.client.signIn(admin.email);
    const credential = authenticatorFor(t.client).create(await creationOptions(t.client, coded));
    // Backdated past its day, as if the administrator had waited.
    await t.table.setAttribute(keys.security(admin.sub), 'passkeyEnrolmentAllowedAt', Date.now() - 25 * 3_600_000);
    const add = await t.client.call('addPasskey', { token: coded.accessToken, body: { name: 'Late', credential } });
    expect([add.status, add.body]).toEqual(enrolmentRefused);
    expect((await t.client.call('listPasskeys', { token: coded.accessToken })).body).toMatchObject({ passkeys: [] });
  });

  it('lets a client add passkeys from a password session, and refuses to approve one for a client', async () => {
    const client = await t.client.newClient('no-approval-needed');
    await addPasskey(t.client, client, authenticatorFor(t.client));
    const tool = await allowPasskey(client.email);
    expect(tool).toMatchObject({ code: 1, output: expect.stringContaining('is not an administrator') });
  });
});
