/**
 * Cognito pre-sign-up: refuses names the product refuses everywhere (shared/names.ts checkName:
 * control or text-direction characters, a `;`, or a formula sign at the start), before the
 * account exists: names are copied into the client's profile on confirmation, shown to
 * administrators and written into their balances export, which spreadsheets open. And an e-mail
 * address outside the product's rule (shared/email-address.ts: no control characters, CR/LF,
 * spaces or angle brackets), before Cognito mails a code to it: the web form checks it first, and
 * this holds for a sign-up sent straight to Cognito. Cognito answers the sign-up with
 * UserLambdaValidationException (a 400) and this message; the local Cognito calls the same handler.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { formMessages } from '../../shared/auth-messages';
import { isEmailAddress } from '../../shared/email-address';
import { checkNames } from '../../shared/names';

export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const attrs = event.request.userAttributes;
  // A Google user's address is Google's, verified there; a sign-up's is whatever was typed.
  if (event.triggerSource !== 'PreSignUp_ExternalProvider' && !isEmailAddress(attrs.email ?? ''))
    throw new Error(formMessages.invalidEmail);
  const problem = checkNames(attrs.given_name, attrs.family_name, attrs.name);
  if (problem) throw new Error(problem);
  return event;
};
