/**
 * The caller of an /api/me/ route as the account-security changes (cognito/account-security.ts)
 * need them: read from the request whose token the authorizer verified, so the cognito floor
 * never sees an HTTP event.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { AccountCaller } from '../cognito/account-security';
import type { EnrolmentRule } from '../cognito/passkeys';
import { config } from '../runtime/config';
import { userPoolDefinition } from '../../../shared/user-pool';
import { signInPoolOf } from '../cognito/password-proof';
import { bearerTokenOf, type Caller } from './auth';
import { Unauthorized } from './errors';
import { refusals } from '../../../shared/refusals';

/** The account caller of a request whose token the authorizer verified. */
export function accountCallerOf(event: APIGatewayProxyEventV2WithJWTAuthorizer, caller: Caller): AccountCaller {
  const claims = event.requestContext?.authorizer?.jwt?.claims ?? {};
  const session = claims.origin_jti;
  if (typeof session !== 'string' || session === '') throw new Unauthorized(refusals.unauthorized);
  const { sub, username, authTime } = caller;
  return {
    sub,
    username,
    accessToken: bearerTokenOf(event),
    session,
    pool: signInPoolOf(claims),
    ...(authTime === undefined ? {} : { authTime }),
  };
}

/** The stage's rule for administrators' passkeys as it applies to this caller (passkeys.ts). */
export function enrolmentRuleOf(caller: Caller): EnrolmentRule {
  return {
    required: config.adminPasskeyRequired,
    admin: caller.groups.includes(userPoolDefinition.adminGroup),
    passkeySession: caller.signInMethod === 'passkey',
  };
}
