/**
 * The admin check's recording half: a moment Cognito shows but the security record lacks (an
 * administrator added, or an authenticator app set up, outside the product: the Cognito console,
 * or before these records existed) is recorded when the user next gets tokens, by the
 * pre-token-generation trigger, whose own role may write. The API's admin check only reads: it
 * refuses such a session with its sign-in-again answer (admin-sessions.ts), so no route that
 * reads needs a write action for it.
 *
 * The session being issued began before the moment, so it gets no admin power either (its
 * `auth_time` is older than the epoch); the next sign-in with the code does. Sessions are not
 * ended here: Cognito is in the middle of issuing this one's tokens, and the epoch alone already
 * keeps every older session out of admin power.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { userPoolDefinition } from '../../../shared/user-pool';
import { currentMembership } from '../cognito/cognito';
import { activityPut } from '../data/activity-log';
import { changeSecurityRecord, getSecurityRecord, type SecurityRecord } from '../data/security-record';
import { logger } from '../runtime/logger';
import { adminMomentOf, decideAdminPower, firstCountingSignIn } from '../cognito/admin-epoch';
import { adminStandingOf } from './admin-membership';

/** Who the activity log names for an administrator found at a sign-in rather than added by `npm run admin`. */
export const FOUND_AT_SIGN_IN_ACTOR = 'Sign-in check (added outside npm run admin)';

export interface TokenIssue {
  sub: string;
  username: string;
  email: string;
  userPoolId: string;
  /** The groups Cognito puts in the tokens being issued. */
  groups: readonly string[];
}

export type MomentsOutcome = 'notAdmin' | 'complete' | 'recorded' | 'raced';

/** Whether the record already holds every moment an admin of either factor could need (no Cognito call then). */
function complete(record: SecurityRecord): boolean {
  return adminMomentOf(record) !== undefined && record.totpEnabledAt !== undefined;
}

/**
 * Records the moments Cognito shows and the record lacks, with the admin-added activity entry and
 * the user's notice in the same transaction. Only for a user Cognito says is an enabled admin with
 * a second factor now: the record's rule for everyone else is unchanged.
 */
export async function recordAdminMoments(issue: TokenIssue, now: () => number = Date.now): Promise<MomentsOutcome> {
  // A client's tokens carry no admin group: no read at all for them.
  if (!issue.groups.includes(userPoolDefinition.adminGroup)) return 'notAdmin';
  const record = await getSecurityRecord(issue.sub);
  if (complete(record)) return 'complete';
  const standing = adminStandingOf(
    await currentMembership(issue.username, userPoolDefinition.adminGroup, issue.userPoolId),
  );
  if (standing === 'notAdmin' || standing === 'adminWithoutTwoFactor') return 'notAdmin';
  const factor = standing === 'federatedAdmin' ? 'federated' : 'authenticatorApp';
  const decision = decideAdminPower({ factor, record, authTimeSeconds: undefined });
  if (decision.kind !== 'record') return 'complete';
  const at = now();
  const added = decision.moments.includes('adminSince');
  const outcome = await changeSecurityRecord(
    issue.sub,
    {
      set: Object.fromEntries(decision.moments.map((moment) => [moment, at])),
      ifVersion: record.version,
      // Admin access gained outside the product is news to the user; an app they set up themselves is not.
      ...(added
        ? {
            notice: 'admin-granted' as const,
            with: [
              activityPut({
                kind: 'admin-added',
                actor: FOUND_AT_SIGN_IN_ACTOR,
                at,
                clientId: issue.sub,
                clientEmail: issue.email,
              }),
            ],
          }
        : {}),
    },
    at,
  );
  if (outcome === 'raced') return 'raced';
  logger.warn('admin moments recorded at sign-in', { sub: issue.sub, moments: [...decision.moments] });
  // Answered once a new sign-in would count (within a second), so the admin's next one is let in.
  await sleep(Math.max(0, firstCountingSignIn(at) - now()));
  return 'recorded';
}
