/**
 * The caller's own sign-in, changed through the API (the routes under /api/me/): the second
 * factor's life and the password. Browsers cannot make these changes at Cognito directly (the
 * local gateway and, in AWS, the user pool's firewall refuse them), so every one is recorded in
 * the security record with its e-mail (security-record.ts) and, where it must, ends every session.
 *
 * Each works with the caller's access token and acts on the caller's account only. Bad input
 * (a wrong code, a wrong password, a second factor already on) is refused before anything is
 * written.
 *
 * An access token alone does not change the second factor: a stolen one would let its holder put
 * their own app in force, and the owner's next sign-in would ask for a code only they have. So
 * setting one up and turning it off need a sign-in of the last FRESH_SIGN_IN_MS and the password,
 * turning it off a current code too, both checked by Cognito (password-proof.ts); and a waiting
 * secret is confirmed only by the session it was handed out to, within PENDING_SET_UP_MS.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiMessages } from '../../../shared/messages';
import { firstCountingSignIn, signedInWithin } from './admin-epoch';
import { signOutEverywhere } from './cognito';
import {
  associateAuthenticator,
  authenticatorInForce,
  changeOwnPassword,
  confirmAuthenticator,
  setAuthenticatorInForce,
} from './cognito-user-calls';
import { type Proof, proveItIsThem, type SignInPool } from './password-proof';
import { Refused } from '../data/domain-errors';
import { changeSecurityRecord, getSecurityRecord } from '../data/security-record';
import { refusals } from '../../../shared/refusals';
import { payoutMessages } from '../../../shared/payout-account';

/** Who asks: their Cognito names, the access token they sent and what it says of its sign-in. */
export interface AccountCaller {
  sub: string;
  username: string;
  accessToken: string;
  authTime?: number;
  /** The session the token belongs to (`origin_jti`: the same for every token a sign-in's refreshes give). */
  session: string;
  /** Where the token came from: the pool and client a password is proven against. */
  pool: SignInPool;
}

/** How recent a sign-in must be to change the second factor. */
export const FRESH_SIGN_IN_MS = 5 * 60_000;

/** How long a secret handed out waits for its confirmation. */
export const PENDING_SET_UP_MS = 10 * 60_000;

/** A token whose sign-in is older than FRESH_SIGN_IN_MS (refreshes keep it) changes no second factor and no passkey. */
export function requireFreshSignIn(caller: Pick<AccountCaller, 'authTime'>, now: number): void {
  if (!signedInWithin(caller.authTime, now, FRESH_SIGN_IN_MS))
    throw new Refused('notAllowed', apiMessages.freshSignInRequired);
}

/**
 * A new authenticator secret, while none is in force, for a fresh sign-in that shows the
 * password: associating one while a factor is in force makes Cognito stop asking for codes until
 * it is confirmed, though it still lists the factor (so a new app replaces an old one by turning
 * that off first, with its code). The waiting secret is recorded, with the session it goes to,
 * after it is handed out (and, should that write be lost, before), so whatever the order of two
 * set-ups and a confirmation, a secret handed out after the factor went on is on record, and
 * counts as no second factor for admin power.
 */
export async function setUpAuthenticator(caller: AccountCaller, password: string, now: number): Promise<string> {
  requireFreshSignIn(caller, now);
  if (await authenticatorInForce(caller.accessToken)) throw new Refused('conflict', apiMessages.twoFactorAlreadyOn);
  await proveItIsThem(caller.pool, caller.username, { password });
  const pending = (at: number) => ({
    set: { pendingAssociationAt: at },
    setText: { pendingAssociationSession: caller.session },
  });
  await changeSecurityRecord(caller.sub, pending(now), now);
  const secret = await associateAuthenticator(caller.accessToken);
  await changeSecurityRecord(caller.sub, pending(Date.now()), now);
  return secret;
}

/**
 * Confirms the waiting secret with a code and puts it in force, for the session it was handed
 * out to and within PENDING_SET_UP_MS: a secret associated in any other way (or left waiting)
 * is not the caller's to confirm. The record is changed only if no other set-up came meanwhile,
 * before the factor is put in force: a failure after it leaves the factor off in Cognito, which
 * gives no admin power. Then every session ends (one opened with the
 * password alone must not carry on, least of all an admin's), and the answer waits until a new
 * sign-in counts for admin power (within a second).
 */
export async function confirmAuthenticatorSetUp(caller: AccountCaller, code: string, now: number): Promise<void> {
  const record = await getSecurityRecord(caller.sub);
  if (record.pendingAssociationAt === undefined) throw new Refused('conflict', refusals.twoFactorSetupNotStarted);
  if (record.pendingAssociationSession !== caller.session || now - record.pendingAssociationAt > PENDING_SET_UP_MS) {
    throw new Refused('conflict', refusals.twoFactorSetupExpired);
  }
  await confirmAuthenticator(caller.accessToken, code);
  const change = {
    set: { totpEnabledAt: now },
    clear: ['pendingAssociationAt', 'pendingAssociationSession'] as const,
    notice: 'two-factor-on' as const,
    ifVersion: record.version,
  };
  if ((await changeSecurityRecord(caller.sub, change, now)) === 'raced')
    throw new Refused('conflict', refusals.twoFactorSetupChanged);
  await setAuthenticatorInForce(caller.accessToken, true);
  await signOutEverywhere(caller.username);
  await sleep(Math.max(0, firstCountingSignIn(now) - Date.now()));
}

/**
 * Takes the factor out of force, for a fresh sign-in that shows the password and a current code
 * of the app (Cognito's sign-in checks both): neither a stolen older token nor a fresh one
 * without them turns it off.
 */
export async function turnOffAuthenticator(caller: AccountCaller, proof: Required<Proof>, now: number): Promise<void> {
  requireFreshSignIn(caller, now);
  if (!(await authenticatorInForce(caller.accessToken))) throw new Refused('conflict', apiMessages.twoFactorAlreadyOff);
  // No code asked at sign-in: Cognito has the app out of force after all.
  if (!(await proveItIsThem(caller.pool, caller.username, proof)))
    throw new Refused('conflict', apiMessages.twoFactorAlreadyOff);
  await setAuthenticatorInForce(caller.accessToken, false);
  const clear = ['pendingAssociationAt', 'pendingAssociationSession'] as const;
  await changeSecurityRecord(caller.sub, { set: { totpDisabledAt: now }, clear, notice: 'two-factor-off' }, now);
}

/**
 * A Google account's username is its provider's name and the Google id (`Google_<id>`): its
 * password and second factor are Google's, so its proof is the sign-in at Google itself.
 */
const isFederated = (username: string): boolean => /^google_/i.test(username);

/**
 * A change of where a client's money goes (their payout account) asks more than a signed-in
 * session: a sign-in of the last FRESH_SIGN_IN_MS, and for an account with a password, the
 * password and, while two-factor sign-in is on, a current code, both checked by Cognito. A token
 * stolen from a session, or an older one, changes nothing; a Google account's proof is its recent
 * sign-in at Google.
 */
export async function requireStepUp(caller: AccountCaller, proof: Partial<Proof>, now: number): Promise<void> {
  if (!signedInWithin(caller.authTime, now, FRESH_SIGN_IN_MS))
    throw new Refused('notAllowed', payoutMessages.freshSignInRequired);
  if (isFederated(caller.username)) return;
  if (!proof.password) throw new Refused('badInput', payoutMessages.passwordRequired);
  const twoFactorOn = await authenticatorInForce(caller.accessToken);
  if (twoFactorOn && !proof.code) throw new Refused('badInput', payoutMessages.codeRequired);
  await proveItIsThem(caller.pool, caller.username, {
    password: proof.password,
    ...(twoFactorOn ? { code: proof.code } : {}),
  });
}

/**
 * Cognito checks the password in force; then the change is recorded and e-mailed, every session
 * ends, and the answer waits until a new sign-in counts for admin power (admin-epoch.ts).
 */
export async function changePassword(
  caller: Pick<AccountCaller, 'sub' | 'username' | 'accessToken'>,
  previousPassword: string,
  proposedPassword: string,
  now: number,
): Promise<void> {
  await changeOwnPassword(caller.accessToken, previousPassword, proposedPassword);
  await changeSecurityRecord(caller.sub, { set: { passwordChangedAt: now }, notice: 'password-changed' }, now);
  await signOutEverywhere(caller.username);
  await sleep(Math.max(0, firstCountingSignIn(now) - Date.now()));
}
