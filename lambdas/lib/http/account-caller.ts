/**
 * The caller of an /api/me/ route as the account-security changes (cognito/account-security.ts)
 * need them: read from the request whose token the authorizer verified, so the cognito floor
 * never sees an HTTP event.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import type { AccountCaller } from '../cognito/account-security';
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
