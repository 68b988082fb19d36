/**
 * The second factor is not a bearer token's to change: with only a victim's access token, an
 * attacker tries to put their own authenticator app in force (POST /api/me/two-factor/setup, then
 * /verify with its code) or to turn the victim's off (/disable), and every way around the checks
 * an insider would try: no password, a wrong one (which counts toward the victim's lockout), a
 * confirmation of a set-up that was refused, a token whose sign-in is old, and a set-up's secret
 * confirmed from another session or too late. The owner, with a fresh sign-in and the password,
 * succeeds, and is e-mailed about each change.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { srpSignIn } from '@aurum/cognito-emulator';
import { keys } from '../../lambdas/lib/data/table';
import { apiMessages, errors } from '../../shared/messages';
import { freshTotpCode, PASSWORD, type Session } from './support/client';
import { failureOf } from './support/failure';
import { wrongTotpCode } from './support/totp';
import { eventually } from './support/eventually';
import { mailsArrived } from './support/mail';
import { useSharedStack } from './support/use-stack';
import { tokenSignedInAgo as staleToken } from './support/stale-token';
import { refusals } from '../../shared/refusals';

const t = useSharedStack();

const MAIL_DEADLINE_MS = 10_000;

const setUp = (token: string, body: { password?: string } = {}) => t.client.callAny('setUpTwoFactor', { token, body });
const verify = (token: string, code: string) => t.client.call('verifyTwoFactor', { token, body: { code } });
const disable = (token: string, body: { password?: string; code?: string } = {}) =>
  t.client.callAny('disableTwoFactor', { token, body });

/** What Cognito has in force for the user (asked as an operator: the user's tokens may have ended). */
const mfaOf = async (who: Session) =>
  (
    await t.client.cognitoAdmin.send(
      new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: who.email }),
    )
  ).UserMFASettingList ?? [];
const securityRecord = (who: Session) => t.table.item(keys.security(who.sub));

/** A code of the secret a refused set-up would have handed out, had it not been refused (any code otherwise). */
const codeOfAnswer = async (answer: { body: unknown }) => {
  const secret = (answer.body as { secretCode?: unknown }).secretCode;
  return typeof secret === 'string' ? freshTotpCode(secret) : '123456';
};

const tokenSignedInAgo = (token: string, ageMs: number) => staleToken(t.stack.dataDir, token, ageMs);

async function mailsTo(to: string, subject: string, count: number): Promise<void> {
  await mailsArrived(t.client, to, subject, { count, timeout: MAIL_DEADLINE_MS });
  expect((await t.client.mailbox(to)).filter((m) => m.subject === subject)).toHaveLength(count);
}

describe('setting up an app with only a stolen access token', () => {
  it('is refused without the password (an empty body), and with a wrong one; nothing is recorded and a verify after it is refused too', async () => {
    const victim = await t.client.newClient('victim');
    const before = await securityRecord(victim);

    const bare = await setUp(victim.accessToken);
    expect([bare.status, bare.body]).toEqual([400, { error: errors.account.currentPasswordRequired }]);
    const wrong = await setUp(victim.accessToken, { password: 'not-the-password' });
    expect([wrong.status, wrong.body]).toEqual([400, { error: errors.account.wrongCurrentPassword }]);
    expect(await securityRecord(victim)).toEqual(before);

    // A confirmation of either (with a code of whatever secret it would have given) finds no set-up of this session.
    for (const refused of [bare, wrong]) {
      const confirmed = await verify(victim.accessToken, await codeOfAnswer(refused));
      expect([confirmed.status, confirmed.body]).toEqual([409, { error: refusals.twoFactorSetupNotStarted }]);
    }
    expect(await mfaOf(victim)).toEqual([]);
    expect((await t.client.signIn(victim.email)).accessToken).toBeTruthy(); // the password alone still signs in
  });

  it("counts each wrong password as a failed sign-in: enough of them lock the victim's own sign-in out", async () => {
    const victim = await t.client.newClient('locked');
    let failures = 0;
    // Five failures lock for 1 s, doubling with each one after; an attempt during a lockout counts for nothing.
    while (failures < 7) {
      // During a lockout the attempt is refused with a 429: tried again until the lockout has passed.
      const res = await eventually(
        async () => {
          const answer = await setUp(victim.accessToken, { password: `wrong-${failures}` });
          if (answer.status !== 429) return answer;
          expect(answer.body).toEqual({ error: errors.signIn.tooManyRequests });
          expect(failures).toBeGreaterThanOrEqual(5);
          throw new Error(`still locked out after ${failures} failures`);
        },
        30_000,
        250,
      );
      expect([res.status, res.body]).toEqual([400, { error: errors.account.wrongCurrentPassword }]);
      failures += 1;
    }
    // Locked for 4 s now: the right password is refused, at sign-in and at the API alike.
    expect(await failureOf(srpSignIn(t.client.cognito, t.stack.cognito, victim.email, PASSWORD))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Password attempts exceeded',
    });
    expect(await setUp(victim.accessToken, { password: PASSWORD })).toMatchObject({
      status: 429,
      body: { error: errors.signIn.tooManyRequests },
    });
  });

  it('is refused for a token whose sign-in is over 5 minutes old, even with the password, and so is turning off', async () => {
    const victim = await t.client.newClient('stale');
    const before = await securityRecord(victim);
    const stale = tokenSignedInAgo(victim.accessToken, 5 * 60_000 + 5_000);
    const res = await setUp(stale, { password: PASSWORD });
    expect([res.status, res.body]).toEqual([403, { error: apiMessages.freshSignInRequired }]);
    expect(await verify(stale, await codeOfAnswer(res))).toMatchObject({
      status: 409,
      body: { error: refusals.twoFactorSetupNotStarted },
    });
    expect(await securityRecord(victim)).toEqual(before);

    const secret = await t.client.setUpTotp(await t.client.signIn(victim.email));
    const signedIn = await t.client.signInWithTotp(victim.email, secret);
    // (the code is never checked: the sign-in's age is, first)
    const off = await disable(tokenSignedInAgo(signedIn.accessToken, 6 * 60_000), {
      password: PASSWORD,
      code: t.client.totpCode(secret),
    });
    expect([off.status, off.body]).toEqual([403, { error: apiMessages.freshSignInRequired }]);
    expect(await mfaOf(signedIn)).toEqual(['SOFTWARE_TOKEN_MFA']);
  });
});

describe("confirming a set-up's secret", () => {
  it('from another session than the one it was handed out to is refused, even with a right code', async () => {
    const owner = await t.client.newClient('owner');
    const stolen = await t.client.signIn(owner.email); // another session of the owner's, whose token leaked
    const started = await t.client.call('setUpTwoFactor', { token: owner.accessToken, body: { password: PASSWORD } });
    expect(started.status).toBe(200);
    // The attacker saw the secret (over the owner's shoulder, or the answer replayed) and confirms it with the leaked token.
    const hijack = await verify(stolen.accessToken, await freshTotpCode(started.body.secretCode));
    expect([hijack.status, hijack.body]).toEqual([409, { error: refusals.twoFactorSetupExpired }]);
    expect(await mfaOf(owner)).toEqual([]);
    // The owner's own confirmation still goes through.
    expect((await verify(owner.accessToken, await freshTotpCode(started.body.secretCode))).status).toBe(200);
  });

  it('more than 10 minutes after it was handed out is refused (the record backdated as time would)', async () => {
    const owner = await t.client.newClient('late');
    const started = await t.client.call('setUpTwoFactor', { token: owner.accessToken, body: { password: PASSWORD } });
    expect(started.status).toBe(200);
    const record = await securityRecord(owner);
    if (!record) throw new Error('the set-up recorded nothing');
    await t.table.putItems([{ ...record, pendingAssociationAt: Date.now() - 10 * 60_000 - 1_000 }]);
    const late = await verify(owner.accessToken, await freshTotpCode(started.body.secretCode));
    expect([late.status, late.body]).toEqual([409, { error: refusals.twoFactorSetupExpired }]);
    expect(await mfaOf(owner)).toEqual([]);
  });

  it('a set-up and verify replayed after the owner finished are refused: the session is over and nothing waits', async () => {
    const owner = await t.client.newClient('replayed');
    const started = await t.client.call('setUpTwoFactor', { token: owner.accessToken, body: { password: PASSWORD } });
    const code = await freshTotpCode(started.body.secretCode);
    expect((await verify(owner.accessToken, code)).status).toBe(200);

    const again = await setUp(owner.accessToken, { password: PASSWORD });
    expect([again.status, again.body]).toEqual([401, { error: errors.account.sessionEnded }]);
    const confirmedAgain = await verify(owner.accessToken, code);
    expect([confirmedAgain.status, confirmedAgain.body]).toEqual([409, { error: refusals.twoFactorSetupNotStarted }]);
    // The owner's app is the one in force.
    expect((await t.client.signInWithTotp(owner.email, started.body.secretCode)).accessToken).toBeTruthy();
  });
});

describe('turning the factor off with only a stolen access token', () => {
  it('is refused without the code or the password, with a wrong code, and with a wrong password, even for a sign-in just made', async () => {
    const victim = await t.client.newClient('victim-off');
    const secret = await t.client.setUpTotp(victim);
    const fresh = await t.client.signInWithTotp(victim.email, secret);

    expect(await disable(fresh.accessToken)).toMatchObject({
      status: 400,
      body: { error: errors.account.currentPasswordRequired },
    });
    expect(await disable(fresh.accessToken, { password: PASSWORD })).toMatchObject({
      status: 400,
      body: { error: errors.twoFactor.codeRequired },
    });
    // (a code whose check the password's failure comes before: the app's current one)
    const current = t.client.totpCode(secret);
    expect(await disable(fresh.accessToken, { code: current })).toMatchObject({
      status: 400,
      body: { error: errors.account.currentPasswordRequired },
    });
    expect(await disable(fresh.accessToken, { password: PASSWORD, code: wrongTotpCode(secret) })).toMatchObject({
      status: 400,
      body: { error: errors.twoFactor.wrongCode },
    });
    expect(await disable(fresh.accessToken, { password: 'not-the-password', code: current })).toMatchObject({
      status: 400,
      body: { error: errors.account.wrongCurrentPassword },
    });
    expect(await mfaOf(fresh)).toEqual(['SOFTWARE_TOKEN_MFA']);
    expect(
      (await t.client.mailbox(victim.email)).filter((m) => m.subject === 'Two-factor sign-in was turned off'),
    ).toHaveLength(0);
  });
});

describe('the owner, with a fresh sign-in and the password', () => {
  it('sets up an app and turns it off, and is e-mailed about each, with a way to report it', async () => {
    const owner = await t.client.newClient('owner-mail');
    const secret = await t.client.setUpTotp(owner, PASSWORD);
    await mailsTo(owner.email, 'Two-factor sign-in was turned on', 1);
    const fresh = await t.client.signInWithTotp(owner.email, secret);
    expect(await disable(fresh.accessToken, { password: PASSWORD, code: await freshTotpCode(secret) })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    await mailsTo(owner.email, 'Two-factor sign-in was turned off', 1);
    expect(await mfaOf(fresh)).toEqual([]);
    // The proofs' own sign-ins left no session behind that the API would take.
    expect((await t.client.signIn(owner.email)).accessToken).toBeTruthy();
  });
});
