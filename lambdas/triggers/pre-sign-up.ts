/**
 * Cognito pre-sign-up: refuses names that carry control or text-direction characters, before
 * the account exists (names are copied into the client's profile on confirmation and shown to
 * administrators). Cognito answers the sign-up with UserLambdaValidationException and this
 * message; the local Cognito calls the same handler.
 */
import type { PreSignUpTriggerEvent } from 'aws-lambda';
import { checkNames } from '../../shared/forms';

export const handler = async (event: PreSignUpTriggerEvent): Promise<PreSignUpTriggerEvent> => {
  const attrs = event.request.userAttributes;
  const problem = checkNames(attrs.given_name, attrs.family_name, attrs.name);
  if (problem) throw new Error(problem);
  return event;
};
