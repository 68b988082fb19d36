/**
 * The caller's own sign-in, changed through the API (the routes under /api/me/): the second
 * factor's life and the password. Browsers cannot make these changes at Cognito directly (the
 * local gateway and, in AWS, the user pool's firewall refuse them), so every one is recorded in
 * the security record with its e-mail (security-record.ts) and, where it must, ends every session.
 *
 * Each works with the caller's access token and acts on the caller's account only. Bad input
 * (a wrong code, a wrong password, a second factor already on) is refused before anything is
 * written.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { apiMessages } from '../../../shared/messages';
import { firstCountingSignIn, signedInWithin } from '../http/admin-epoch';
import { signOutEverywhere } from './cognito';
import { associateAuthenticator, authenticatorInForce, changeOwnPassword, confirmAuthenticator, setAuthenticatorInForce } from './cognito-user-calls';
import { Conflict, Forbidden } from '../http/errors';
import { changeSecurityRecord, getSecurityRecord } from '../data/security-record';

/** Who asks: their Cognito names and the access token they sent. */
export interface AccountCaller {
  sub: string;
  username: string;
  accessToken: string;
  authTime?: number;
}

/** How recent a sign-in must be to turn the second factor off: the password and a code shown just now. */
export const FRESH_SIGN_IN_MS = 5 * 60_000;

/**
 * A new authenticator secret, while none is in force: associating one while a factor is in force
 * makes Cognito stop asking for codes until it is confirmed, though it still lists the factor.
 * The waiting secret is recorded after it is handed out (and, should that write be lost, before),
 * so whatever the order of two set-ups and a confirmation, a secret handed out after the factor
 * went on is on record, and counts as no second factor for admin power.
 */
export async function setUpAuthenticator(caller: AccountCaller, now: number): Promise<string> {
  if (await authenticatorInForce(caller.accessToken)) throw new Conflict(apiMessages.twoFactorAlreadyOn);
  await changeSecurityRecord(caller.sub, { set: { pendingAssociationAt: now } }, now);
  const secret = await associateAuthenticator(caller.accessToken);
  await changeSecurityRecord(caller.sub, { set: { pendingAssociationAt: Date.now() } }, now);
  return secret;
}

/**
 * Confirms the waiting secret with a code and puts it in force. The record is changed only if no
 * other set-up came meanwhile, before the factor is put in force: a failure after it leaves the
 * factor off in Cognito, which gives no admin power. Then every session ends (one opened with the
 * password alone must not carry on, least of all an admin's), and the answer waits until a new
 * sign-in counts for admin power (within a second).
 */
export async function confirmAuthenticatorSetUp(caller: AccountCaller, code: string, now: number): Promise<void> {
  const record = await getSecurityRecord(caller.sub);
  if (record.pendingAssociationAt === undefined) throw new Conflict(apiMessages.twoFactorSetupNotStarted);
  await confirmAuthenticator(caller.accessToken, code);
  const change = { set: { totpEnabledAt: now }, clear: ['pendingAssociationAt'] as const, notice: 'two-factor-on' as const, ifVersion: record.version };
  if ((await changeSecurityRecord(caller.sub, change, now)) === 'raced') throw new Conflict(apiMessages.twoFactorSetupChanged);
  await setAuthenticatorInForce(caller.accessToken, true);
  await signOutEverywhere(caller.username);
  await sleep(Math.max(0, firstCountingSignIn(now) - Date.now()));
}

/**
 * Takes the factor out of force, for a session that has just shown the password and a current
 * code (a sign-in within FRESH_SIGN_IN_MS): a stolen older token cannot turn it off.
 */
export async function turnOffAuthenticator(caller: AccountCaller, now: number): Promise<void> {
  if (!signedInWithin(caller.authTime, now, FRESH_SIGN_IN_MS)) throw new Forbidden(apiMessages.freshSignInRequired);
  if (!(await authenticatorInForce(caller.accessToken))) throw new Conflict(apiMessages.twoFactorAlreadyOff);
  await setAuthenticatorInForce(caller.accessToken, false);
  await changeSecurityRecord(caller.sub, { set: { totpDisabledAt: now }, clear: ['pendingAssociationAt'], notice: 'two-factor-off' }, now);
}

/**
 * Cognito checks the password in force; then the change is recorded and e-mailed, every session
 * ends, and the answer waits until a new sign-in counts for admin power (admin-epoch.ts).
 */
export async function changePassword(caller: AccountCaller, previousPassword: string, proposedPassword: string, now: number): Promise<void> {
  await changeOwnPassword(caller.accessToken, previousPassword, proposedPassword);
  await changeSecurityRecord(caller.sub, { set: { passwordChangedAt: now }, notice: 'password-changed' }, now);
  await signOutEverywhere(caller.username);
  await sleep(Math.max(0, firstCountingSignIn(now) - Date.now()));
}
