/**
 * Refusals of the account page's changes (the API's, and Cognito's for a fresh sign-in) in the
 * product's words, at the field they concern.
 */
import { errors, formMessages } from '../../../../shared/messages';
import { ApiError } from '../../api/client';
import { errorName, throttled, wrongCode } from '../../auth/errors';
import type { Problems } from '../../auth/use-auth-step';

export function accountErrorMessage(error: unknown): string {
  // The API says why in its own words; a 401 without them is the authorizer's: the session is over.
  if (error instanceof ApiError)
    return error.serverMessage ?? (error.status === 401 ? errors.account.sessionEnded : errors.generic);
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

/** The account forms' fields a refusal can concern. */
export type AccountField = 'currentPassword' | 'newPassword' | 'code';

/** The API answers in the product's words (lambdas/lib/cognito/cognito-user-calls.ts): each names the field it is about. */
const FIELD_OF_WORDS: ReadonlyMap<string, AccountField> = new Map([
  [errors.account.wrongCurrentPassword, 'currentPassword'],
  [errors.account.currentPasswordRequired, 'currentPassword'],
  [errors.twoFactor.wrongCode, 'code'],
  [errors.twoFactor.usedCode, 'code'],
  [errors.twoFactor.codeRequired, 'code'],
  [errors.signUp.weakPassword, 'newPassword'],
  [formMessages.passwordTooLong, 'newPassword'],
  [formMessages.passwordEdgeSpaces, 'newPassword'],
]);

/** A refusal at the field it concerns, or over the form when it concerns none (a session over, too many attempts). */
export function accountProblems(error: unknown): Problems<AccountField> {
  const message = accountErrorMessage(error);
  return { [FIELD_OF_WORDS.get(message) ?? 'form']: message };
}
