/** The new clients waiting for the firm's review (a stage's clientSignUp 'review'), oldest first: a queue. */
import { httpHandler } from '../lib/http/http';
import { listPendingApplications, toApplicationDto } from '../lib/data/applications';

export const handler = httpHandler('listApplications', async () => {
  const pending = await listPendingApplications();
  return { body: { applications: pending.map(toApplicationDto) } };
});
