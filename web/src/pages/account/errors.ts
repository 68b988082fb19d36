/** Refusals of the account page's changes (the API's, and Cognito's for a fresh sign-in) in the product's words. */
import { errors } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { errorName, throttled, wrongCode } from '../../auth/errors';

export function accountErrorMessage(error: unknown): string {
  // The API says why in its own words; a 401 without them is the authorizer's: the session is over.
  if (error instanceof ApiError) return error.serverMessage ?? (error.status === 401 ? errors.account.sessionEnded : errors.generic);
  const name = errorName(error);
  const message = (error as { message?: string } | null)?.message ?? '';
  if (wrongCode(name)) return errors.twoFactor.wrongCode;
  if (name === 'ExpiredCodeException') return errors.twoFactor.usedCode;
  if (name === 'NotAuthorizedException' && /attempts exceeded/i.test(message)) return errors.signIn.tooManyRequests;
  // A wrong current password ("Incorrect username or password."); any other refusal of the access
  // token (revoked by a sign-out elsewhere, a disabled user) means the session is over.
  if (name === 'NotAuthorizedException' && /incorrect/i.test(message)) return errors.account.wrongCurrentPassword;
  if (name === 'NotAuthorizedException' || name === 'UserUnAuthenticatedException') return errors.account.sessionEnded;
  if (name === 'InvalidPasswordException') return errors.signUp.weakPassword;
  if (throttled(name)) return errors.signIn.tooManyRequests;
  return errors.generic;
}
