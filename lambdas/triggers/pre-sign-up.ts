/**
 * Cognito pre-sign-up: refuses names the product refuses everywhere (shared/names.ts checkName:
 * control or text-direction characters, a `;`, or a formula sign at the start), before the
 * account exists: names are copied into the client's profile on confirmation, shown to
 * administrators and written into their balances export, which spreadsheets open. Cognito
 * answers the sign-up with UserLambdaValidationException (a 400) and this message; the local
 * Cognito calls the same handler.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { checkNames } from '../../shared/names';

export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const attrs = event.request.userAttributes;
  const problem = checkNames(attrs.given_name, attrs.family_name, attrs.name);
  if (problem) throw new Error(problem);
  return event;
};
