/**
 * A stage that requires passkeys of administrators (ADMIN_PASSKEY_REQUIRED=1, as the committed
 * `prod` sample's adminPasskeyRequired): only passkey sessions get admin power; a session that
 * signed in with the password and the authenticator app's code is told to add a passkey and sign
 * in with it. Its own stack: the setting is the stack's.
 */
import { apiMessages } from '../../shared/messages';
import { addPasskey, authenticatorFor, passkeySignIn } from './support/passkeys';
import { useTestStack } from './support/use-stack';

const t = useTestStack({ env: { ADMIN_PASSKEY_REQUIRED: '1' } });

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

    const key = authenticatorFor(t.client);
    await addPasskey(t.client, admin, key);
    const byKey = await passkeySignIn(t.client, admin.email, key);
    expect((await t.client.call('listClients', { token: byKey.accessToken })).status).toBe(200);
    const readByKey = await t.client.call('getPortfolio', { token: byKey.accessToken, params: { userId: client.sub } });
    expect(readByKey.status).toBe(200);

    const withCode = await t.client.signIn(admin.email);
    const codeList = await t.client.call('listClients', { token: withCode.accessToken });
    expect([codeList.status, codeList.body]).toEqual(refusal);
  });
});
