/**
 * An administrator rejects a pending application with a reason (what the applicant is told, at
 * their address): the account is closed as deleteClient closes one (records kept, the login
 * signed out and disabled, every record given the stage's expiry). Never the administrator's own
 * (403); a decided one is refused (409).
 */
import { httpHandler } from '../lib/http/http';
import { actorEmail } from '../lib/http/actor';
import { endLogin } from '../lib/cognito/cognito';
import { rejectApplication } from '../lib/money/application-decisions';
import { toApplicationDto } from '../lib/data/applications';
import { stampClosedRecords } from '../lib/data/closed-accounts';
import { config } from '../lib/runtime/config';

export const handler = httpHandler('rejectApplication', async ({ caller, params, body, now }) => {
  const by = { email: await actorEmail(caller), sub: caller.sub };
  const { application, closed } = await rejectApplication(params.id, by, now, {
    reason: body.reason,
    recordYears: config.recordYears,
  });
  await endLogin(closed.cognitoUsername);
  await stampClosedRecords(closed, now);
  return { body: { success: true, application: toApplicationDto(application) } };
});
