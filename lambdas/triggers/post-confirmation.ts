/**
 * Cognito post-confirmation.
 * - A confirmed sign-up (PostConfirmation_ConfirmSignUp): every confirmed account gets its profile
 *   and an empty portfolio, however it signed up (e-mail and password, or Google on first
 *   sign-in). Idempotent.
 * - A password reset (PostConfirmation_ConfirmForgotPassword): every session of the user ends,
 *   so whoever held one (someone who had the old password, or who signed up with this e-mail
 *   before its owner confirmed it) is out; the reset is recorded and e-mailed. A failure here fails
 *   the reset as Cognito answers it, so it never passes unnoticed.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { PostConfirmationTriggerEvent } from 'aws-lambda';
import { firstCountingSignIn } from '../lib/cognito/admin-epoch';
import { signOutEverywhere } from '../lib/cognito/cognito';
import { logger } from '../lib/runtime/logger';
import { createProfile } from '../lib/data/profile-writes';
import { changeSecurityRecord } from '../lib/data/security-record';
import { config } from '../lib/runtime/config';

async function confirmedSignUp(event: PostConfirmationTriggerEvent): Promise<void> {
  const attrs = event.request.userAttributes;
  const sub = attrs.sub;
  const email = attrs.email;
  if (!sub || !email) throw new Error('post-confirmation without sub or email');
  const outcome = await createProfile(
    {
      sub,
      email,
      firstName: attrs.given_name ?? '',
      lastName: attrs.family_name ?? '',
      cognitoUsername: event.userName,
    },
    Date.now(),
    // Only an address Cognito verified (the code it mailed, or Google's word) can use an invitation.
    { verifiedEmail: attrs.email_verified === 'true' ? email : undefined, signUp: config.clientSignUp },
  );
  logger.info('client confirmed', { sub, outcome });
}

async function passwordReset(event: PostConfirmationTriggerEvent): Promise<void> {
  const sub = event.request.userAttributes.sub;
  if (!sub) throw new Error('post-confirmation without sub');
  // The pool names itself in the event: the trigger's function cannot be told it at deploy (the pool names the function).
  const now = Date.now();
  await changeSecurityRecord(sub, { set: { passwordChangedAt: now }, notice: 'password-reset' }, now);
  await signOutEverywhere(event.userName, event.userPoolId);
  logger.info('password reset: every session ended', { sub });
  // Answered once a new sign-in counts for admin power (admin-epoch.ts: a reset ends admin sessions too).
  await sleep(Math.max(0, firstCountingSignIn(now) - Date.now()));
}

export const handler = async (event: PostConfirmationTriggerEvent): Promise<PostConfirmationTriggerEvent> => {
  if (event.triggerSource === 'PostConfirmation_ConfirmSignUp') await confirmedSignUp(event);
  if (event.triggerSource === 'PostConfirmation_ConfirmForgotPassword') await passwordReset(event);
  return event;
};
