/**
 * Who may call what on the local Cognito's own port, as AWS decides it for the real user pool:
 *
 * - Operations Cognito authorizes by IAM (every `Admin*`, ListUsers, the group and pool
 *   operations: everything but the public ones below) need a signed request from an AWS
 *   principal allowed them. cognito-local checks no signature, so here the stack's backend secret
 *   (the header the API's functions send, COGNITO_BACKEND_HEADER) stands for that signature: the
 *   handlers, the triggers, `npm run admin` and the tests' backend client carry it, a browser or
 *   any other local process does not. Without it the answer is AWS's to an unsigned request.
 * - The user pool's firewall (infra/aws/user-pool-firewall.ts) refuses DeleteUser to everyone,
 *   and the password and two-factor changes to all but the API's functions: the same lists
 *   (lambdas/lib/cognito/cognito-backend-header.ts), the same answer (403 ForbiddenException).
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  ACCOUNT_CHANGE_OPERATIONS,
  ALWAYS_REFUSED_OPERATIONS,
  COGNITO_BACKEND_HEADER,
} from '../../../lambdas/lib/cognito/cognito-backend-header';
import type { CognitoError } from './cognito-local-internals';
import { cognitoError } from './errors';

/**
 * The operations Cognito takes without IAM: unauthenticated ones (sign-up, sign-in, reset) and
 * those authorized by the user's own access token (Cognito's "public" API).
 */
export const PUBLIC_OPERATIONS: ReadonlySet<string> = new Set([
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'InitiateAuth',
  'RespondToAuthChallenge',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetTokensFromRefreshToken',
  'RevokeToken',
  'GetUser',
  'GlobalSignOut',
  'UpdateUserAttributes',
  'DeleteUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'SetUserSettings',
  'ChangePassword',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
  'DeleteUser',
  'ConfirmDevice',
  'ForgetDevice',
  'GetDevice',
  'ListDevices',
  'UpdateDeviceStatus',
  'GetUserAuthFactors',
  'StartWebAuthnRegistration',
  'CompleteWebAuthnRegistration',
  'ListWebAuthnCredentials',
  'DeleteWebAuthnCredential',
]);

const refusedAlways: ReadonlySet<string> = new Set(ALWAYS_REFUSED_OPERATIONS);
const accountChanges: ReadonlySet<string> = new Set(ACCOUNT_CHANGE_OPERATIONS);

/** Cognito answers a request its web ACL blocks with ForbiddenException, HTTP 403, before it looks at the token or the body. */
const wafBlocked = () => cognitoError('ForbiddenException', 'Request not allowed due to WAF block.');

/** What AWS answers a request to an IAM-authorized operation that carries no signature, or one it does not recognize. */
const unsigned = () => cognitoError('MissingAuthenticationTokenException', 'Missing Authentication Token');
const unrecognized = () =>
  cognitoError('UnrecognizedClientException', 'The security token included in the request is invalid.');

function headerValue(req: IncomingMessage): string | undefined {
  const value = req.headers[COGNITO_BACKEND_HEADER];
  return typeof value === 'string' ? value : undefined;
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The refusal for `operation` from this request, or null when it may run. */
export function gateOf(secret: string): (operation: string, req: IncomingMessage) => CognitoError | null {
  return (operation, req) => {
    if (refusedAlways.has(operation)) return wafBlocked();
    const given = headerValue(req);
    const fromBackend = given !== undefined && sameSecret(given, secret);
    if (accountChanges.has(operation)) return fromBackend ? null : wafBlocked();
    if (PUBLIC_OPERATIONS.has(operation) || fromBackend) return null;
    return given === undefined ? unsigned() : unrecognized();
  };
}
