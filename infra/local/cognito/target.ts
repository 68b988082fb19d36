/**
 * The one rule for an `x-amz-target` header, shared by the local Cognito and the local gateway in
 * front of it: exactly `AWSCognitoIdentityProviderService.<Operation>`, the operation in letters
 * only. Anything else (a third segment, another service's prefix, spaces, a repeated header that
 * Node joined with ", ") names no operation: were "the second segment" taken,
 * `AWSCognitoIdentityProviderService.AdminSetUserPassword.SignUp` would run AdminSetUserPassword
 * behind a check that looked at the last one.
 */
const COGNITO_TARGET = /^AWSCognitoIdentityProviderService\.([A-Za-z]+)$/;

/** The operation an `x-amz-target` header names, or null when it is not exactly one Cognito operation. */
export function parseCognitoTarget(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  return COGNITO_TARGET.exec(header)?.[1] ?? null;
}
