import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';
import { exportUnsentPayouts } from '../lib/data/payouts';

/** POST /api/admin/payouts/unsent/export: the approved requests still to send, as CSV for the bank, with the whole account numbers; logged. */
export const handler = httpHandler('exportUnsentPayouts', async ({ caller, now }) =>
  exportUnsentPayouts(await actorEmail(caller), now),
);
