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
    const admin = await t.client.newAdmin();
    expect((await adminRead(admin.accessToken)).status).toBe(200);

    const key = authenticatorFor(t.client);
    const adder = await t.client.signIn(admin.email);
    const id = await addPasskey(t.client, adder, key);
    // The code session from before the passkey: its access token still verifies, but has no admin power.
    const before = await adminRead(admin.accessToken);
    expect([before.status, before.body]).toEqual([403, { error: apiMessages.adminSignInAgain }]);
    const withCode = await t.client.signIn(admin.email);
    expect((await adminRead(withCode.accessToken)).status).toBe(200);
    const byKey = await passkeySignIn(t.client, admin.email, key);
    expect((await adminRead(byKey.accessToken)).status).toBe(200);

    const remover = await t.client.signIn(admin.email);
    const removed = await t.client.call('deletePasskey', { token: remover.accessToken, params: { credentialId: id } });
    expect(removed.status).toBe(200);
    for (const session of [withCode, byKey]) {
      const after = await adminRead(session.accessToken);
      expect([after.status, after.body]).toEqual([403, { error: apiMessages.adminSignInAgain }]);
    }
    expect((await adminRead((await t.client.signIn(admin.email)).accessToken)).status).toBe(200);
  });
});
