/**
 * The operations the product adds to cognito-local or corrects in it, in front of its targets.
 * With PreventUserExistenceErrors ENABLED (the product's client), an unknown user is answered as
 * a known one would be ("Managing user existence error responses" in the Cognito guide): sign-in
 * "Incorrect username or password.", reset and resend a code delivery that never happens,
 * confirmations CodeMismatchException. The attempt limits (limits.ts) count unknown names too,
 * so a lockout tells nothing either. Every other operation is cognito-local's own.
 */
import type { CognitoRequest, CognitoResponse } from '../request';
import { accountOperations } from './account';
import { adminTwoFactorOperations } from './admin-two-factor';
import { attributeOperations } from './attributes';
import type { OperationContext, Operation } from './context';
import { passkeyOperations } from './passkeys';
import { checkAccessToken } from './sessions';
import { signInOperations } from './sign-in';
import { signOutOperations } from './sign-out';
import { signUpOperations } from './sign-up';
import { createTwoFactor } from './two-factor';

export type { OperationContext } from './context';

/** Targets that take an AccessToken: real Cognito checks its signature, expiry and revocation. */
const ACCESS_TOKEN_TARGETS = new Set([
  'GetUser',
  'ChangePassword',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'SetUserMFAPreference',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
]);

export type Dispatch = (target: string, req: CognitoRequest) => Promise<CognitoResponse>;

export function createOperations(env: OperationContext): Dispatch {
  // A Map, not the objects themselves: a target named after an Object.prototype member
  // ("constructor", "toString") must not find one.
  const twoFactor = createTwoFactor(env);
  const operations = new Map<string, Operation>(
    Object.entries({
      ...signUpOperations(env),
      ...signInOperations(env, twoFactor),
      ...accountOperations(env),
      ...attributeOperations(env),
      ...signOutOperations(env),
      ...twoFactor.operations,
      ...adminTwoFactorOperations(env),
      ...passkeyOperations(env),
    }),
  );
  return async (target, req) => {
    // GlobalSignOut checks its token itself (it needs the user).
    if (ACCESS_TOKEN_TARGETS.has(target) && req.AccessToken !== undefined) await checkAccessToken(env, req.AccessToken);
    const operation = operations.get(target);
    return operation ? operation(req) : env.callTarget(target, req);
  };
}
