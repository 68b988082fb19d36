/**
 * Admin power and passkeys on a real local stack with the default rule (ADMIN_PASSKEY_REQUIRED
 * unset): a passkey session is an admin's strong session even without an authenticator app, a
 * password-only one never is, and a session from before a passkey was added or removed loses admin
 * power at once. The stage that requires passkeys: passkeys-required.test.ts.
 */
import { apiMessages } from '../../shared/messages';
import { addPasskey, authenticatorFor, passkeySignIn } from './support/passkeys';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
const adminRead = (token: string) => t.client.call('listClients', { token });

describe('admin power on passkey sessions', () => {
  it('gives an admin without an authenticator app admin power on passkey sessions only', async () => {
    const { email } = await t.client.newClient('keyadmin');
    await t.client.changeAdmin('add', email);
    const password = await t.client.signIn(email);
    const refused = await adminRead(password.accessToken);
    expect([refused.status, refused.body]).toEqual([403, { error: apiMessages.twoFactorRequired }]);

    const key = authenticatorFor(t.client);
    await addPasskey(t.client, password, key);
    const byKey = await passkeySignIn(t.client, email, key);
    expect((await adminRead(byKey.accessToken)).status).toBe(200);
    // The password alone still gives none, after the passkey as before it.
    const passwordAgain = await t.client.signIn(email);
    const still = await adminRead(passwordAgain.accessToken);
    expect([still.status, still.body]).toEqual([403, { error: apiMessages.twoFactorRequired }]);
  });

  it('takes admin power from every session that began before a passkey was added or removed', async () => {
    // An admin with the app, signed in with a code: admin power, until a passkey is added.
    const admin = await t.client.newAdmin();
    expect((await adminRead(admin.accessToken)).status).toBe(200);
    const [first, second] = [authenticatorFor(t.client), authenticatorFor(t.client)];
    const firstId = await addPasskey(t.client, admin, first);
    const withCode = await adminRead(admin.accessToken);
    expect([withCode.status, withCode.body]).toEqual([403, { error: apiMessages.adminSignInAgain }]);

    // A passkey session, until a second passkey is added from it.
    const byFirst = await passkeySignIn(t.client, admin.email, first);
    expect((await adminRead(byFirst.accessToken)).status).toBe(200);
    await addPasskey(t.client, byFirst, second, 'Phone');
    const afterAdd = await adminRead(byFirst.accessToken);
    expect([afterAdd.status, afterAdd.body]).toEqual([403, { error: apiMessages.adminSignInAgain }]);

    // Another, until the first passkey is removed.
    const bySecond = await passkeySignIn(t.client, admin.email, second);
    expect((await adminRead(bySecond.accessToken)).status).toBe(200);
    const removed = await t.client.call('deletePasskey', {
      token: bySecond.accessToken,
      params: { credentialId: firstId },
    });
    expect(removed.status).toBe(200);
    const afterRemove = await adminRead(bySecond.accessToken);
    expect([afterRemove.status, afterRemove.body]).toEqual([403, { error: apiMessages.adminSignInAgain }]);
    expect((await adminRead((await passkeySignIn(t.client, admin.email, second)).accessToken)).status).toBe(200);
  }, 150_000);
});
