/**
 * The local stack's sign-up mode: CLIENT_SIGN_UP when a developer or a test sets it (`open` or
 * `review`, as a stage sets clientSignUp in infra/stages.ts), else `open`. A malformed value stops
 * the start: a typo must never mean "no review".
 */
import { CLIENT_SIGN_UP_DEFAULT, type ClientSignUp, isClientSignUp } from '../../shared/client-sign-up';

export function localClientSignUp(env: NodeJS.ProcessEnv = process.env): ClientSignUp {
  const text = env.CLIENT_SIGN_UP?.trim();
  if (text === undefined || text === '') return CLIENT_SIGN_UP_DEFAULT;
  if (!isClientSignUp(text)) throw new Error(`CLIENT_SIGN_UP must be 'open' or 'review', not '${text}'.`);
  return text;
}
