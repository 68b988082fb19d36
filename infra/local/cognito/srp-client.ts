/**
 * A password sign-in as Amplify's `signIn` makes it, with the AWS SDK: InitiateAuth USER_SRP_AUTH,
 * then RespondToAuthChallenge PASSWORD_VERIFIER with the password's proof (shared/cognito-srp.ts).
 * The product's app client allows no flow that sends the password itself, so every test and tool
 * that signs in with one (the local Cognito's tests, the integration tests, the bench) does it here.
 */
import {
  type AuthenticationResultType,
  type ChallengeNameType,
  type CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { passwordVerifierResponses, srpStart } from '../../../shared/cognito-srp';

export interface SrpPool {
  userPoolId: string;
  clientId: string;
}

/** What the sign-in came to: tokens, or the next challenge (SOFTWARE_TOKEN_MFA, NEW_PASSWORD_REQUIRED) and its Session. */
export interface SrpSignInResult {
  AuthenticationResult?: AuthenticationResultType | undefined;
  ChallengeName?: ChallengeNameType | undefined;
  ChallengeParameters?: Record<string, string> | undefined;
  Session?: string | undefined;
}

/**
 * Signs `username` in with `password` over SRP. A refusal (a wrong password, a lockout, an
 * unconfirmed user) rejects with Cognito's error, from whichever of the two calls gave it.
 */
export async function srpSignIn(
  sdk: CognitoIdentityProviderClient,
  pool: SrpPool,
  username: string,
  password: string,
): Promise<SrpSignInResult> {
  const { secret, SRP_A } = srpStart();
  const started = await sdk.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_SRP_AUTH',
      ClientId: pool.clientId,
      AuthParameters: { USERNAME: username, SRP_A },
    }),
  );
  if (started.ChallengeName !== 'PASSWORD_VERIFIER') return started;
  const ChallengeResponses = await passwordVerifierResponses({
    userPoolId: pool.userPoolId,
    password,
    secret,
    challenge: started.ChallengeParameters ?? {},
  });
  return sdk.send(
    new RespondToAuthChallengeCommand({
      ClientId: pool.clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      Session: started.Session,
      ChallengeResponses,
    }),
  );
}
