import { httpHandler } from '../lib/http/http';
import { listPendingActionItems, toActionDto } from '../lib/data/pending-actions';

/** The approvals queue: every pending action, oldest first. */
export const handler = httpHandler('listPendingActions', async () => ({
  body: (await listPendingActionItems()).map(toActionDto),
}));
