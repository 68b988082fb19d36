import { readActivityPage } from '../lib/data/activity-log';
import { readLastVerification } from '../lib/data/activity-verify';
import { httpHandler } from '../lib/http/http';

/** A page of the activity log, newest first, filtered by administrator, client, kind and period; with the log's last verification. */
export const handler = httpHandler('listActivity', async ({ query, now }) => {
  const [page, verification] = await Promise.all([readActivityPage(query, now), readLastVerification()]);
  return { body: { ...page, ...(verification ? { verification } : {}) } };
});
