/**
 * Cognito post-confirmation: every confirmed account gets its profile and an empty portfolio,
 * however it signed up (e-mail and password, or Google on first sign-in). Idempotent.
 */
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { logger } from '../lib/logger';
import { createProfile } from '../lib/profiles';

export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource !== 'PostConfirmation_ConfirmSignUp') return event;
  const attrs = event.request.userAttributes;
  const sub = attrs.sub;
  const email = attrs.email;
  if (!sub || !email) throw new Error('post-confirmation without sub or email');
  const outcome = await createProfile(
    { sub, email, firstName: attrs.given_name ?? '', lastName: attrs.family_name ?? '', cognitoUsername: event.userName },
    Date.now(),
  );
  logger.info('client confirmed', { sub, outcome });
  return event;
};
