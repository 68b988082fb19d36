/**
 * Proof that the caller knows their password (and, where asked, a current code of the app in
 * force), checked by Cognito itself: the function signs the caller in as the web does, over SRP
 * with the portal's app client (docs/decisions: the server checks the password by signing in).
 * A wrong password is then what Cognito counts it as anyway, a failed sign-in toward the user's
 * lockout, and the pool keeps the one flow it allows: no client, flow or grant is added for it.
 *
 * The pool and the client are those of the caller's access token (its `iss` and `client_id`,
 * which the authorizer checked), so the function needs no setting for them. The session such a
 * sign-in opens is revoked at once: nobody holds its tokens.
 */
import {
  type AuthenticationResultType,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordVerifierResponses, srpStart } from '../../../shared/cognito-srp';
import { logger } from '../runtime/logger';
import { cognitoClient } from './cognito-client';
import { asCaller } from './cognito-user-calls';
import { Refused } from '../data/domain-errors';
import { refusals } from '../../../shared/refusals';

/** The user pool and app client a token came from. */
export interface SignInPool {
  userPoolId: string;
  clientId: string;
}

/** The pool and client of verified access-token claims (an issuer ends with the pool's id). */
export function signInPoolOf(claims: Readonly<Record<string, unknown>>): SignInPool {
  const { iss, client_id: clientId } = claims;
  const userPoolId = typeof iss === 'string' ? /\/([\w-]+_[0-9A-Za-z]+)$/.exec(iss)?.[1] : undefined;
  if (!userPoolId || typeof clientId !== 'string' || clientId === '')
    throw new Refused('signedOut', refusals.unauthorized);
  return { userPoolId, clientId };
}

/** What proves it is the user: the password, and for some changes a current code of the app in force. */
export interface Proof {
  password: string;
  code?: string;
}

/** Ends the session a proof opened; a failure leaves a refresh token nobody holds, which lapses. */
async function revoke(pool: SignInPool, result: AuthenticationResultType | undefined): Promise<void> {
  if (!result?.RefreshToken) return;
  await cognitoClient()
    .send(new RevokeTokenCommand({ ClientId: pool.clientId, Token: result.RefreshToken }))
    .catch((error: unknown) => logger.warn('a proof sign-in was not revoked', { error: (error as Error).name }));
}

/**
 * Cognito's sign-in for `username` with the password, then, when the user has the app in force
 * and a code is given, its code. Refusals are the caller's to fix: a wrong password (400, at the
 * password), a wrong or used code (400, at the code), a lockout (429). Without a code, the code
 * challenge proves the password and is left unanswered (it lapses in 3 minutes). Answers whether
 * the code was checked (false: Cognito asked for none, so the user's sign-in has no app in force).
 */
export async function proveItIsThem(pool: SignInPool, username: string, proof: Proof): Promise<boolean> {
  const client = cognitoClient();
  const { secret, SRP_A } = srpStart();
  const started = await asCaller(() =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_SRP_AUTH',
        ClientId: pool.clientId,
        AuthParameters: { USERNAME: username, SRP_A },
      }),
    ),
  );
  if (started.ChallengeName !== 'PASSWORD_VERIFIER')
    throw new Error(`SRP sign-in answered ${started.ChallengeName ?? 'no challenge'}`);
  const ChallengeResponses = await passwordVerifierResponses({
    userPoolId: pool.userPoolId,
    password: proof.password,
    secret,
    challenge: started.ChallengeParameters ?? {},
  });
  const verified = await asCaller(() =>
    client.send(
      new RespondToAuthChallengeCommand({
        ClientId: pool.clientId,
        ChallengeName: 'PASSWORD_VERIFIER',
        Session: started.Session,
        ChallengeResponses,
      }),
    ),
  );
  if (verified.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const { code } = proof;
    if (code === undefined) return false;
    const USERNAME = verified.ChallengeParameters?.USER_ID_FOR_SRP ?? username;
    const done = await asCaller(() =>
      client.send(
        new RespondToAuthChallengeCommand({
          ClientId: pool.clientId,
          ChallengeName: 'SOFTWARE_TOKEN_MFA',
          Session: verified.Session,
          ChallengeResponses: { USERNAME, SOFTWARE_TOKEN_MFA_CODE: code },
        }),
      ),
    );
    await revoke(pool, done.AuthenticationResult);
    return true;
  }
  // Tokens, or an administrator-made user's new-password step: either way the password was right.
  await revoke(pool, verified.AuthenticationResult);
  return false;
}
