/**
 * The caller's passkeys, changed through the API (the routes under /api/me/passkeys), as the
 * second factor is (account-security.ts): Cognito keeps the passkeys and verifies a registration
 * (passkey-calls.ts); the product keeps their names (passkey-names.ts) and records each change in
 * the security record with its e-mail, in one transaction.
 *
 * A passkey signs in without the password, and an admin's passkey session has admin power
 * (admin-epoch.ts), so an access token alone adds or removes none: a stolen one would let its
 * holder put their own key on the account. Each change needs a sign-in of the last
 * FRESH_SIGN_IN_MS, and Cognito takes a registration only with the challenge it handed out to
 * this user, once; the API takes it only from the session the options went to, within
 * PASSKEY_REGISTRATION_MS. After a change every session ends (the epoch moves on with it, so access tokens
 * still held lose admin power at once), and the answer waits until a new sign-in counts.
 *
 * Where the stage requires passkeys of administrators, a relayed password and code (phishing) must
 * not be enough to enrol the thief's own passkey and come back with admin power: an administrator
 * adds one from a passkey session, or within PASSKEY_ENROLMENT_MS of an operator's approval
 * (`npm run admin -- allow-passkey`), which the next passkey added uses up.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PasskeyView } from '../../../shared/passkeys';
import { passkeyMessages } from '../../../shared/passkeys';
import { type AccountCaller, requireFreshSignIn } from './account-security';
import { firstCountingSignIn } from './admin-epoch';
import { signOutEverywhere } from './cognito';
import {
  completeRegistration,
  type CreationOptions,
  deletePasskey,
  listPasskeys,
  startRegistration,
} from './passkey-calls';
import { Refused } from '../data/domain-errors';
import { passkeyNamePut, passkeyNameRemoval, passkeyNames } from '../data/passkey-names';
import { changeSecurityRecord, getSecurityRecord, type SecurityRecord } from '../data/security-record';

type Caller = Pick<AccountCaller, 'sub' | 'username' | 'accessToken' | 'authTime' | 'session'>;

/** How long creation options handed out wait for their registration (Cognito's own challenge lasts 5 minutes). */
export const PASSKEY_REGISTRATION_MS = 5 * 60_000;

/** How long an operator's approval of an administrator's passkey stays open. */
export const PASSKEY_ENROLMENT_MS = 24 * 3_600_000;

/** Who adds a passkey, as the stage's rule for administrators sees them. */
export interface EnrolmentRule {
  /** The stage requires passkeys of administrators (adminPasskeyRequired). */
  required: boolean;
  /** The token names the caller an administrator (`cognito:groups`). */
  admin: boolean;
  /** The session signed in with a passkey (its `amr`). */
  passkeySession: boolean;
}

/**
 * How far ahead of this function's clock an approval's moment may be: the operator's tool stamps
 * it by Cognito's clock, rounded up to the end of Cognito's second (infra/tools/admin-change.ts).
 */
const APPROVAL_CLOCK_SKEW_MS = 60_000;

/** An operator's approval recorded at most PASSKEY_ENROLMENT_MS before `now` (and not dated further ahead than the clocks differ). */
function approvalOpen(record: SecurityRecord, now: number): boolean {
  const at = record.passkeyEnrolmentAllowedAt;
  return at !== undefined && at - now <= APPROVAL_CLOCK_SKEW_MS && now - at <= PASSKEY_ENROLMENT_MS;
}

/** Refuses an administrator's passkey the stage's rule does not allow from this session (see the header). */
function requireEnrolmentAllowed(rule: EnrolmentRule, record: SecurityRecord, now: number): void {
  if (!rule.required || !rule.admin || rule.passkeySession || approvalOpen(record, now)) return;
  throw new Refused('notAllowed', passkeyMessages.enrolmentNeedsApproval);
}

/** The caller's passkeys, oldest first, each by the name the user gave it (else Cognito's). */
export async function passkeysOf(caller: Pick<AccountCaller, 'sub' | 'accessToken'>): Promise<PasskeyView[]> {
  const [listed, names] = await Promise.all([listPasskeys(caller.accessToken), passkeyNames(caller.sub)]);
  return listed
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((p) => ({ id: p.id, name: names.get(p.id) ?? p.friendlyName, createdAt: p.createdAt.toISOString() }));
}

/**
 * Creation options for a new passkey, for a fresh sign-in: Cognito remembers the challenge for this
 * user; the record remembers the session they went to, the only one that may register the passkey.
 */
export async function passkeyOptions(caller: Caller, rule: EnrolmentRule, now: number): Promise<CreationOptions> {
  requireFreshSignIn(caller, now);
  requireEnrolmentAllowed(rule, await getSecurityRecord(caller.sub), now);
  const change = { set: { passkeyRegistrationAt: now }, setText: { passkeyRegistrationSession: caller.session } };
  await changeSecurityRecord(caller.sub, change, now);
  return startRegistration(caller.accessToken);
}

/** The options went to this session within PASSKEY_REGISTRATION_MS, and no registration used them since. */
async function requireOwnRegistration(caller: Caller, now: number): Promise<SecurityRecord> {
  const record = await getSecurityRecord(caller.sub);
  const at = record.passkeyRegistrationAt;
  if (record.passkeyRegistrationSession !== caller.session || at === undefined || now - at > PASSKEY_REGISTRATION_MS)
    throw new Refused('conflict', passkeyMessages.registrationExpired);
  return record;
}

/**
 * Registers the browser's response (Cognito checks it against the challenge it handed out), finds
 * the new passkey by listing before and after, and records it: its name, `passkeyAddedAt` and the
 * e-mail in one transaction. Then every session ends.
 */
export async function addPasskey(
  caller: Caller,
  body: { name: string; credential: Record<string, unknown> },
  rule: EnrolmentRule,
  now: number,
): Promise<void> {
  requireFreshSignIn(caller, now);
  const record = await requireOwnRegistration(caller, now);
  requireEnrolmentAllowed(rule, record, now);
  const before = new Set((await listPasskeys(caller.accessToken)).map((p) => p.id));
  await completeRegistration(caller.accessToken, body.credential);
  const added = (await listPasskeys(caller.accessToken)).filter((p) => !before.has(p.id));
  // Two registrations at once may both show: the one whose id the browser sent is this one.
  const mine = added.length === 1 ? added[0] : added.find((p) => p.id === body.credential.id);
  if (!mine) throw new Refused('conflict', passkeyMessages.alreadyAdded);
  const at = Date.now();
  await changeSecurityRecord(
    caller.sub,
    {
      set: { passkeyAddedAt: at },
      // Any passkey added uses up an operator's approval: it allowed one.
      clear: ['passkeyRegistrationAt', 'passkeyRegistrationSession', 'passkeyEnrolmentAllowedAt'],
      notice: 'passkey-added',
      with: [passkeyNamePut(caller.sub, mine.id, body.name, at)],
    },
    at,
  );
  await endEverySession(caller, at);
}

/** Deletes one of the caller's passkeys (one Cognito does not list for them is not found), recorded and e-mailed; every session ends. */
export async function removePasskey(caller: Caller, credentialId: string, now: number): Promise<void> {
  requireFreshSignIn(caller, now);
  await deletePasskey(caller.accessToken, credentialId);
  const at = Date.now();
  await changeSecurityRecord(
    caller.sub,
    {
      set: { passkeyRemovedAt: at },
      notice: 'passkey-removed',
      with: [passkeyNameRemoval(caller.sub, credentialId, at)],
    },
    at,
  );
  await endEverySession(caller, at);
}

/** Every session of the caller ends; the answer waits until a new sign-in counts for admin power. */
async function endEverySession(caller: Caller, at: number): Promise<void> {
  await signOutEverywhere(caller.username);
  await sleep(Math.max(0, firstCountingSignIn(at) - Date.now()));
}
