/**
 * Passkeys through the API on a real local stack: added, listed and removed from the account page's
 * routes with a fresh sign-in, each change recorded, e-mailed and ending every session; a passkey
 * sign-in through the gateway; and the walk-arounds an insider would try (an older or stolen
 * token, a replayed registration, someone else's passkey, a removal twice, a key without user
 * verification or from another page). Admin power on passkey sessions: passkeys-admin.test.ts.
 */
import {
  CognitoIdentityProviderClient,
  CompleteWebAuthnRegistrationCommand,
  DeleteWebAuthnCredentialCommand,
  StartWebAuthnRegistrationCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { apiMessages } from '../../shared/messages';
import { passkeyMessages } from '../../shared/passkeys';
import { keys } from '../../lambdas/lib/data/table';
import { claimsOf } from './support/client';
import { failureOf } from './support/failure';
import { mailsArrived } from './support/mail';
import { addPasskey, authenticatorFor, creationOptions, passkeySignIn } from './support/passkeys';
import { tokenSignedInAgo as staleToken } from './support/stale-token';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
const tokenSignedInAgo = (token: string, ageMs: number) => staleToken(t.stack.dataDir, token, ageMs);
const security = (sub: string) => t.table.item(keys.security(sub));
const list = (token: string) => t.client.call('listPasskeys', { token });

describe('a passkey added, used and removed through the API', () => {
  it('adds one for a fresh sign-in: named, recorded, e-mailed, every session ended; it then signs in', async () => {
    const carol = await t.client.newClient('carol');
    expect((await list(carol.accessToken)).body).toEqual({ passkeys: [], passkeyRequiredForAdmin: false });
    const options = await creationOptions(t.client, carol);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const key = authenticatorFor(t.client);
    const credential = key.create(options);
    const before = Date.now();
    const added = await t.client.call('addPasskey', {
      token: carol.accessToken,
      body: { name: '  Work laptop ', credential },
    });
    expect([added.status, added.body]).toEqual([200, { success: true, signedOut: true }]);
    expect(await t.client.refresh(carol.refreshToken)).toEqual({ status: 400, type: 'NotAuthorizedException' });
    expect(await security(carol.sub)).toMatchObject({ passkeyAddedAt: expect.any(Number) });
    expect(Number((await security(carol.sub))?.passkeyAddedAt)).toBeGreaterThanOrEqual(before);
    await mailsArrived(t.client, carol.email, 'A passkey was added to your account');

    const again = await t.client.signIn(carol.email);
    const listed = await list(again.accessToken);
    expect(listed.body).toEqual({
      passkeys: [{ id: credential.id, name: 'Work laptop', createdAt: expect.any(String) }],
      passkeyRequiredForAdmin: false,
    });

    const byKey = await passkeySignIn(t.client, carol.email, key);
    expect(claimsOf(byKey.accessToken)).toMatchObject({ sub: carol.sub, amr: ['hwk', 'user', 'mfa'] });
    const portfolio = await t.client.call('getPortfolio', { token: byKey.accessToken, params: { userId: carol.sub } });
    expect(portfolio.status).toBe(200);
  });

  it('removes one for a fresh sign-in: recorded, e-mailed, every session ended; it no longer signs in', async () => {
    const dan = await t.client.newClient('dan');
    const key = authenticatorFor(t.client);
    const id = await addPasskey(t.client, dan, key);
    const session = await passkeySignIn(t.client, dan.email, key);
    const removed = await t.client.call('deletePasskey', { token: session.accessToken, params: { credentialId: id } });
    expect([removed.status, removed.body]).toEqual([200, { success: true, signedOut: true }]);
    expect(await t.client.refresh(session.refreshToken)).toEqual({ status: 400, type: 'NotAuthorizedException' });
    expect(await security(dan.sub)).toMatchObject({ passkeyRemovedAt: expect.any(Number) });
    await mailsArrived(t.client, dan.email, 'A passkey was removed from your account');
    const fresh = await t.client.signIn(dan.email);
    expect((await list(fresh.accessToken)).body.passkeys).toEqual([]);
    await expect(passkeySignIn(t.client, dan.email, key)).rejects.toThrow();

    // Removed twice: the second is not found, and e-mails nothing more.
    const twice = await t.client.call('deletePasskey', { token: fresh.accessToken, params: { credentialId: id } });
    expect([twice.status, twice.body]).toEqual([404, { error: passkeyMessages.notFound }]);
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await t.client.mailbox(dan.email)).filter((m) => /passkey was removed/.test(m.subject))).toHaveLength(1);
  });
});

describe('walk-arounds', () => {
  it("refuses a browser adding or removing a passkey at Cognito itself, around the API's record and e-mail", async () => {
    const lee = await t.client.newClient('lee');
    const id = await addPasskey(t.client, lee, authenticatorFor(t.client));
    const token = (await t.client.signIn(lee.email)).accessToken;
    const credential = authenticatorFor(t.client).create(await creationOptions(t.client, { accessToken: token }));
    const calls = [
      new StartWebAuthnRegistrationCommand({ AccessToken: token }),
      new CompleteWebAuthnRegistrationCommand({ AccessToken: token, Credential: credential as never }),
      new DeleteWebAuthnCredentialCommand({ AccessToken: token, CredentialId: id }),
    ];
    // Through the site's /cognito, and straight at the pool without the backend's secret (as AWS's firewall refuses it).
    const direct = new CognitoIdentityProviderClient({
      region: t.stack.cognito.region,
      endpoint: t.stack.cognito.endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    try {
      for (const call of calls) {
        expect((await failureOf(t.client.cognito.send(call as never))).name).toBe('NotAuthorizedException');
        expect(await failureOf(direct.send(call as never))).toEqual({
          name: 'ForbiddenException',
          message: 'Request not allowed due to WAF block.',
        });
      }
    } finally {
      direct.destroy();
    }
    expect((await list(token)).body.passkeys.map((p) => p.id)).toEqual([id]);
  });

  it('registers only from the session the options went to', async () => {
    const kim = await t.client.newClient('kim');
    const credential = authenticatorFor(t.client).create(await creationOptions(t.client, kim));
    // Another fresh session of the same user (a thief's, say) cannot complete it.
    const other = await t.client.signIn(kim.email);
    const res = await t.client.call('addPasskey', { token: other.accessToken, body: { name: 'Other', credential } });
    expect([res.status, res.body]).toEqual([409, { error: passkeyMessages.registrationExpired }]);
    expect((await list(kim.accessToken)).body.passkeys).toEqual([]);
  });

  it('refuses a sign-in older than 5 minutes (a stolen, refreshed token) every change, and hands it no options', async () => {
    const erin = await t.client.newClient('erin');
    const key = authenticatorFor(t.client);
    const id = await addPasskey(t.client, erin, key);
    const fresh = await t.client.signIn(erin.email);
    const stale = tokenSignedInAgo(fresh.accessToken, 5 * 60_000 + 5_000);
    const refused = [403, { error: apiMessages.freshSignInRequired }];
    const options = await t.client.call('startPasskeyRegistration', { token: stale });
    expect([options.status, options.body]).toEqual(refused);
    const credential = authenticatorFor(t.client).create(await creationOptions(t.client, fresh));
    const add = await t.client.call('addPasskey', { token: stale, body: { name: 'Thief', credential } });
    expect([add.status, add.body]).toEqual(refused);
    const del = await t.client.call('deletePasskey', { token: stale, params: { credentialId: id } });
    expect([del.status, del.body]).toEqual(refused);
    // Nothing changed: the one passkey is still there, and the list still reads.
    expect((await list(stale)).body.passkeys.map((p) => p.id)).toEqual([id]);
  });

  it('replays an add body: Cognito handed its challenge out once, so nothing more is added', async () => {
    const finn = await t.client.newClient('finn');
    const credential = authenticatorFor(t.client).create(await creationOptions(t.client, finn));
    const body = { name: 'Phone', credential };
    expect((await t.client.call('addPasskey', { token: finn.accessToken, body })).status).toBe(200);
    const fresh = await t.client.signIn(finn.email);
    const replayed = await t.client.call('addPasskey', { token: fresh.accessToken, body });
    expect([replayed.status, replayed.body]).toEqual([409, { error: passkeyMessages.registrationExpired }]);
    // With new options handed out to this session, Cognito still refuses the old answer: its challenge was used.
    await creationOptions(t.client, fresh);
    const stillReplayed = await t.client.call('addPasskey', { token: fresh.accessToken, body });
    expect([stillReplayed.status, stillReplayed.body]).toEqual([400, { error: passkeyMessages.notAccepted }]);
    expect((await list(fresh.accessToken)).body.passkeys).toHaveLength(1);
  });

  it("cannot remove another user's passkey: their credential id is not found for the caller", async () => {
    const [gina, hugo] = [await t.client.newClient('gina'), await t.client.newClient('hugo')];
    const ginaKey = await addPasskey(t.client, gina, authenticatorFor(t.client));
    const res = await t.client.call('deletePasskey', { token: hugo.accessToken, params: { credentialId: ginaKey } });
    expect([res.status, res.body]).toEqual([404, { error: passkeyMessages.notFound }]);
    const ginaAgain = await t.client.signIn(gina.email);
    expect((await list(ginaAgain.accessToken)).body.passkeys.map((p) => p.id)).toEqual([ginaKey]);
    expect((await security(hugo.sub))?.passkeyRemovedAt).toBeUndefined();
  });

  it('refuses a key without user verification, and an answer made for another page', async () => {
    const ivy = await t.client.newClient('ivy');
    const noUv = authenticatorFor(t.client, false).create(await creationOptions(t.client, ivy));
    const res = await t.client.call('addPasskey', { token: ivy.accessToken, body: { name: 'Key', credential: noUv } });
    expect([res.status, res.body]).toEqual([400, { error: passkeyMessages.notAccepted }]);
    const elsewhere = authenticatorFor(t.client).create(await creationOptions(t.client, ivy), {
      origin: 'https://aurum-portal.evil.example',
    });
    const other = await t.client.call('addPasskey', {
      token: ivy.accessToken,
      body: { name: 'Key', credential: elsewhere },
    });
    expect([other.status, other.body]).toEqual([400, { error: passkeyMessages.notAccepted }]);
    expect((await list(ivy.accessToken)).body.passkeys).toEqual([]);
    expect(await security(ivy.sub)).not.toHaveProperty('passkeyAddedAt');
  });

  it('checks the name and the shape of the answer before Cognito is asked', async () => {
    const jo = await t.client.newClient('jo');
    const credential = authenticatorFor(t.client).create(await creationOptions(t.client, jo));
    const call = (body: unknown) => t.client.callAny('addPasskey', { token: jo.accessToken, body });
    expect((await call({ name: '   ', credential })).body).toEqual({ error: passkeyMessages.nameRequired });
    expect((await call({ name: 'x'.repeat(41), credential })).body).toEqual({ error: passkeyMessages.nameTooLong });
    expect((await call({ name: 'a\u202eb', credential })).body).toEqual({ error: passkeyMessages.nameUnsafe });
    expect((await call({ name: 'Key', credential: { id: 'x' } })).status).toBe(400);
    expect((await call({ name: 'Key' })).status).toBe(400);
    // Still usable: none of those reached Cognito.
    expect((await call({ name: 'Key', credential })).status).toBe(200);
  });
});
