/**
 * An administrator's decision on a pending application. Approval is one transaction: the profile
 * active and on the client indexes, one more client in the totals, the application decided and
 * the act's entry. Rejection closes the account as a closing does (closed-accounts.ts), with the
 * application decided and its entry in the closing's own transaction. Each is conditioned on the
 * application still pending, so a second decision, or one racing another, is refused (409).
 */
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { refusals } from '../../../shared/refusals';
import { refuseOwnAccount } from './account-owners';
import { cancellationReasons, ddb } from '../runtime/db';
import { activityPut } from '../data/activity-log';
import {
  type ApplicationItem,
  approvalWrites,
  type Decider,
  decisionUpdate,
  getApplication,
} from '../data/applications';
import { closeAccount } from '../data/closed-accounts';
import { ClientNotFound, Refused } from '../data/domain-errors';
import { getProfile } from '../data/profile-reads';
import { isClosed, type Profile } from '../data/profile-item';

const DECISION_ATTEMPTS = 8;

/** The pending application of `sub`, and its applicant's profile: 404 for none, 409 once decided, 403 for the decider's own. */
async function pendingApplication(
  sub: string,
  by: Decider,
): Promise<{ application: ApplicationItem; profile: Profile }> {
  const application = await getApplication(sub);
  if (!application) throw new ClientNotFound(sub);
  if (application.status !== 'pending') throw new Refused('conflict', refusals.applicationDecided);
  const profile = await getProfile(sub, true);
  if (!profile) throw new ClientNotFound(sub);
  refuseOwnAccount(by, profile, 'decide application', refusals.ownApplication);
  return { application, profile };
}

/** After a failed decision: refused if another decided it meanwhile; else the caller tries again. */
async function refuseIfDecided(sub: string): Promise<void> {
  if ((await getApplication(sub))?.status !== 'pending') throw new Refused('conflict', refusals.applicationDecided);
}

export async function approveApplication(sub: string, by: Decider, now: number): Promise<ApplicationItem> {
  for (let attempt = 1; ; attempt++) {
    const { application, profile } = await pendingApplication(sub, by);
    const entry = activityPut({
      kind: 'application-approved',
      actor: by.email,
      at: now,
      clientId: sub,
      clientEmail: profile.email,
    });
    try {
      await ddb().send(new TransactWriteCommand({ TransactItems: [...approvalWrites(profile, by, now), entry] }));
      return {
        ...application,
        status: 'approved',
        decidedBy: by.email,
        decidedBySub: by.sub,
        decidedAt: new Date(now).toISOString(),
      };
    } catch (error) {
      // Decided meanwhile (409), or the profile changed (a new name): judged again as it is now.
      if (cancellationReasons(error).length === 0) throw error;
      await refuseIfDecided(sub);
      if (attempt >= DECISION_ATTEMPTS) throw error;
    }
  }
}

/** Rejects with `reason` (what the applicant is told): the account closed, its records kept. The closed profile. */
export async function rejectApplication(
  sub: string,
  by: Decider,
  now: number,
  decision: { reason: string; recordYears: number },
): Promise<{ application: ApplicationItem; closed: Profile }> {
  const cutShort = await rejectionCutShort(sub, by);
  if (cutShort) return cutShort;
  const { application, profile } = await pendingApplication(sub, by);
  const also = [
    decisionUpdate(sub, { status: 'rejected', by, now, reason: decision.reason }),
    activityPut({
      kind: 'application-rejected',
      actor: by.email,
      at: now,
      clientId: sub,
      clientEmail: profile.email,
      reason: decision.reason,
    }),
  ];
  try {
    const closed = await closeAccount(sub, by, now, decision.recordYears, also);
    // Found closed without this decision (another closing won): nothing here was written.
    await refuseIfRejectedBy(sub, by, now);
    const decided = { status: 'rejected', decidedBy: by.email, decidedBySub: by.sub, reason: decision.reason } as const;
    return { application: { ...application, ...decided, decidedAt: new Date(now).toISOString() }, closed };
  } catch (error) {
    if (cancellationReasons(error).length > 0) await refuseIfDecided(sub);
    throw error;
  }
}

/**
 * This administrator's own rejection whose closing was cut short after it committed (the login
 * not yet ended, the records not yet stamped): sent again, it finishes, as a closing sent again does.
 */
async function rejectionCutShort(
  sub: string,
  by: Decider,
): Promise<{ application: ApplicationItem; closed: Profile } | null> {
  const application = await getApplication(sub);
  if (application?.status !== 'rejected' || application.decidedBySub !== by.sub) return null;
  const closed = await getProfile(sub, true);
  return closed && isClosed(closed) && closed.recordsStampedAt === undefined ? { application, closed } : null;
}

/** Refuses (409) when the application was decided, but not by this very rejection. */
async function refuseIfRejectedBy(sub: string, by: Decider, now: number): Promise<void> {
  const after = await getApplication(sub);
  const ours =
    after?.status === 'rejected' && after.decidedBySub === by.sub && after.decidedAt === new Date(now).toISOString();
  if (!ours) throw new Refused('conflict', refusals.applicationDecided);
}
