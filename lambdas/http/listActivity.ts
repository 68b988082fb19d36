import { readActivityPage } from '../lib/data/activity-log';
import { httpHandler } from '../lib/http/http';

/** A page of the activity log, newest first, filtered by administrator, client, kind and period. */
export const handler = httpHandler('listActivity', async ({ query, now }) => ({ body: await readActivityPage(query, now) }));
