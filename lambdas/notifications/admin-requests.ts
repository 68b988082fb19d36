/**
 * New withdrawal requests reach the administrators merged: the notifier holds those of the
 * records of one stream batch and, at its end, sends each admin ONE e-mail listing them, so a
 * burst of requests is one e-mail per admin rather than one per request.
 *
 * Send-once holds per request, not per e-mail: before sending, the admin's claim is taken on each
 * request's own notification id (sent-marker.ts; the id is built from the request item, so the
 * same record delivered again names the same id), and the e-mail lists only the requests it
 * claimed. So a batch delivered again sends nothing, and so does one cut differently on a retry
 * (Lambda may retry with more records, or fewer after bisecting a batch): a request already told
 * to an admin is left out of any later e-mail to that admin, whatever it is merged with. A batch id
 * (say, a hash of its records' ids) would not give that: a retry cut differently would be a new id
 * and tell the admins again of every request it shares with the first. What remains is the claim's
 * own edge (sent-marker.ts): a sender that dies between sending and marking sent leaves claims that
 * are taken over, and the e-mail of the requests they held is sent again rather than never.
 *
 * A request its client has cancelled by the time the e-mail is written is left out of it (and
 * the e-mail not sent if it held no other): nobody needs to look at it any more.
 */
import { logger } from '../lib/runtime/logger';
import { getRequest } from '../lib/data/withdrawal-requests';
import type { Mailer } from '../lib/runtime/mailer';
import type { Notification, NotificationOf } from './notification';
import { renderAdminRequests } from './render';
import { type Claim, claimSend, markSent, releaseClaim } from './sent-marker';

export type AdminRequest = NotificationOf<'admin-new-withdrawal-request'>;

export const isAdminRequest = (n: Notification): n is AdminRequest => n.kind === 'admin-new-withdrawal-request';

/** A new request held until the end of its batch. */
export interface HeldRequest {
  n: AdminRequest;
  /** The stream record that told of it (its eventID), for the claim (sent-marker.ts). */
  deliveryId?: string;
}

export interface Admin {
  email: string;
  firstName?: string;
}

/** Each request once (a record may come twice in a batch), in the order they came. */
function distinct(held: readonly HeldRequest[]): HeldRequest[] {
  const byId = new Map<string, HeldRequest>();
  for (const h of held) if (!byId.has(h.n.id)) byId.set(h.n.id, h);
  return [...byId.values()];
}

/** The requests as they are now, less those their client cancelled; one no longer found is kept, as it was told of. */
async function notCancelled(held: readonly HeldRequest[]): Promise<HeldRequest[]> {
  const statuses = await Promise.all(held.map(async ({ n }) => (await getRequest(n.data.requestId))?.status));
  return held.filter((_, i) => statuses[i] !== 'cancelled');
}

/** Tells every admin of the held requests, one e-mail each; throws when an admin's could not be sent (the caller retries the batch). */
export async function sendAdminRequests(
  held: readonly HeldRequest[],
  admins: readonly Admin[],
  mailer: Mailer,
  siteUrl: string,
): Promise<void> {
  const requests = await notCancelled(distinct(held));
  if (requests.length === 0) return;
  // Rendered first: an e-mail that cannot be written fails before anything is claimed.
  renderAdminRequests(
    requests.map((h) => h.n),
    { siteUrl },
  );
  for (const admin of admins) await sendMergedOnce(requests, admin, mailer, siteUrl);
}

/**
 * Claims `to`'s marker of each request, then sends one e-mail of the requests claimed; those
 * found sent already are left out. Another sender's live claim on any of them: every claim taken
 * is given back and the batch retried, as a single e-mail waits on one.
 */
async function sendMergedOnce(
  requests: readonly HeldRequest[],
  to: Admin,
  mailer: Mailer,
  siteUrl: string,
): Promise<void> {
  const claimed: { n: AdminRequest; claim: Claim }[] = [];
  try {
    for (const { n, deliveryId } of requests) {
      const outcome = await claimSend({
        notificationId: n.id,
        address: to.email,
        kind: n.kind,
        now: Date.now(),
        ...(deliveryId ? { deliveryId } : {}),
      });
      if (outcome.claimed) claimed.push({ n, claim: outcome.claimed });
      else if (outcome.because === 'busy')
        throw new Error(`notification ${n.id} is claimed for this recipient by another invocation`);
    }
    if (claimed.length === 0) return;
    const email = renderAdminRequests(
      claimed.map((c) => c.n),
      { siteUrl, recipientFirstName: to.firstName },
    );
    await mailer({ to: to.email, subject: email.subject, text: email.text, html: email.html });
  } catch (error) {
    await Promise.all(claimed.map(({ claim }) => giveBack(claim)));
    throw error;
  }
  // Sent: failing to record it must not fail the batch (a retry would find the claims held).
  for (const { claim } of claimed) {
    await markSent(claim, Date.now()).catch((error: unknown) =>
      logger.error('notification sent but not marked sent', {
        error: error as Error,
        notificationId: claim.notificationId,
      }),
    );
  }
}

/** Not given back, a claim frees itself once its sender is known gone (sent-marker.ts), and the retries wait till then. */
const giveBack = (claim: Claim) =>
  releaseClaim(claim, Date.now()).catch((error: unknown) =>
    logger.error('could not give back a notification claim', {
      error: error as Error,
      notificationId: claim.notificationId,
    }),
  );
