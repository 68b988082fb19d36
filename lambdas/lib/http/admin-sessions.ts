/**
 * The per-token half of the admin check: Cognito has said the caller is an enabled admin with a
 * second factor (admin-membership.ts, remembered a minute); whether THIS session may use that
 * power is decided by its sign-in time against the user's security record (admin-epoch.ts), read
 * on every request so a change to the record counts at once.
 *
 * A moment Cognito shows but the record lacks (an admin added, or an app set up, in the Cognito
 * console) is recorded here, the first time the admin uses the API: every session of the user
 * ends, this one is refused, and the next sign-in (with the code) counts.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { userPoolDefinition } from '../../../shared/user-pool';
import { type AdminFactor, decideAdminPower, firstCountingSignIn } from './admin-epoch';
import { adminStandingOf } from './admin-membership';
import { currentMembership, signOutEverywhere } from '../cognito/cognito';
import { logger } from '../runtime/logger';
import { changeSecurityRecord, getSecurityRecord, type SecurityRecord } from '../data/security-record';

/**
 * What the session gets: admin power, none for want of a second factor, none until it signs in
 * again, or none at all (Cognito, asked afresh, no longer says admin).
 */
export type AdminSessionVerdict = 'admin' | 'noSecondFactor' | 'signInAgain' | 'notAdmin';

export interface AdminSession {
  sub: string;
  username: string;
  /** The token's `auth_time` (seconds), when it has one. */
  authTime?: number;
}

export type AdminSessionCheck = (session: AdminSession, factor: AdminFactor) => Promise<AdminSessionVerdict>;

export const checkAdminSession: AdminSessionCheck = async (session, factor) => {
  const record = await getSecurityRecord(session.sub);
  const decision = decideAdminPower({ factor, record, authTimeSeconds: session.authTime });
  switch (decision.kind) {
    case 'grant':
      return 'admin';
    case 'noSecondFactor':
      return 'noSecondFactor';
    case 'signInAgain':
      return 'signInAgain';
    case 'record': {
      // Cognito's answer may be a minute old (admin-membership.ts): the user may have just been
      // removed, which the record shows the same way. Only what Cognito says now is recorded.
      const standing = adminStandingOf(await currentMembership(session.username, userPoolDefinition.adminGroup));
      if (standing === 'notAdmin') return 'notAdmin';
      if (standing === 'adminWithoutTwoFactor') return 'noSecondFactor';
      await recordMissing(session, record, decision.moments);
      return 'signInAgain';
    }
  }
};

/**
 * Records the moments now, ends every session, and answers once a new sign-in would count (within
 * a second), so the admin's next sign-in is let in. Another change recorded meanwhile wins: its
 * writer ends the sessions it must, and this session is refused either way.
 */
async function recordMissing(session: AdminSession, record: SecurityRecord, moments: readonly ('adminSince' | 'totpEnabledAt')[]): Promise<void> {
  const now = Date.now();
  const set = Object.fromEntries(moments.map((moment) => [moment, now]));
  // Admin access gained outside the product is news to the user; an app they set up themselves is not.
  const notice = moments.includes('adminSince') ? ({ notice: 'admin-granted' } as const) : {};
  const outcome = await changeSecurityRecord(session.sub, { set, ifVersion: record.version, ...notice }, now);
  if (outcome === 'raced') return;
  logger.warn('admin moments recorded by the admin check; every session of the user ended', { sub: session.sub, moments: [...moments] });
  await signOutEverywhere(session.username);
  await sleep(Math.max(0, firstCountingSignIn(now) - Date.now()));
}
