/**
 * The second step of a sign-in with two-factor sign-in on: once the password is proven (the SRP
 * PASSWORD_VERIFIER challenge, sign-in.ts), a SOFTWARE_TOKEN_MFA challenge instead of tokens, and
 * RespondToAuthChallenge with a code of the user's authenticator app and the challenge's Session
 * gives the tokens.
 *
 * A challenge session (challenge-sessions.ts) is good for one success and for CODE_TRIES wrong
 * codes. Each wrong code also counts towards the user's sign-in lockout (limits.ts), across
 * sessions: new challenges do not buy new guesses. Each step's code is taken once.
 */
import { userPoolDefinition as def } from '../../../../shared/user-pool';
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { invalidParameter, refusal } from '../errors';
import { clientMetadataOf, recordOf, type CognitoRequest, type CognitoResponse } from '../request';
import { SOFTWARE_TOKEN_MFA, softwareTokenOf, type StoredUser } from '../users';
import { createChallengeSessions, newSessionId, type ChallengeSession } from './challenge-sessions';
import { limitKey } from './checks';
import type { OperationContext } from './context';
import { matchingStep } from './totp';

/** Wrong codes one challenge session takes; after that only a new sign-in goes on. */
const CODE_TRIES = 3;

interface CodeChallenge {
  username: string;
  wrongCodes: number;
}

export interface TwoFactorChallenge {
  /** The answer to the right password of a user whose sign-in asks for a code. */
  challenge(user: User, client: AppClient): CognitoResponse;
  /** RespondToAuthChallenge with ChallengeName SOFTWARE_TOKEN_MFA. */
  respond(client: AppClient, pool: UserPoolService, req: CognitoRequest): Promise<CognitoResponse>;
}

export function createTwoFactorChallenge(env: OperationContext): TwoFactorChallenge {
  const sessions = createChallengeSessions<CodeChallenge>(env.now);

  /** The session `id` names, if it may still take a code; else Cognito's refusal. */
  function liveSession(id: unknown, client: AppClient): ChallengeSession<CodeChallenge> {
    const session = sessions.live(id, client.ClientId);
    if (session.data.wrongCodes >= CODE_TRIES) throw refusal('invalidSession');
    return session;
  }

  /** The code judged, within the user's sign-in lockout: a wrong one counts as a wrong password does. */
  async function judge(session: ChallengeSession<CodeChallenge>, user: StoredUser, code: unknown): Promise<StoredUser> {
    const token = softwareTokenOf(user);
    if (!token) throw refusal('softwareTokenNotFound');
    if (code === undefined || code === '') throw invalidParameter('Missing required parameter SOFTWARE_TOKEN_MFA_CODE');
    // During a lockout even the right code is refused, uncounted.
    const key = limitKey(user, user.Username);
    if (env.limits.signInLocked(key)) throw refusal('passwordAttemptsExceeded');
    const step = matchingStep(token.Secret, code);
    if (step === null || step <= (token.LastUsedStep ?? -Infinity)) {
      session.data.wrongCodes += 1;
      env.limits.signInFailed(key);
      throw refusal('mfaCodeMismatch');
    }
    session.used = true;
    return { ...user, SoftwareToken: { ...token, LastUsedStep: step } };
  }

  return {
    challenge(user, client) {
      const session = newSessionId();
      sessions.open(session, client.ClientId, { username: user.Username, wrongCodes: 0 });
      const device = softwareTokenOf(user)?.FriendlyDeviceName;
      return {
        ChallengeName: SOFTWARE_TOKEN_MFA,
        Session: session,
        ChallengeParameters: { USER_ID_FOR_SRP: user.Username, ...(device ? { FRIENDLY_DEVICE_NAME: device } : {}) },
      };
    },

    async respond(client, pool, req) {
      const responses = recordOf(req.ChallengeResponses);
      if (!responses.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      if (!req.Session) throw invalidParameter('Missing required parameter Session');
      liveSession(req.Session, client);
      const user = await pool.getUserByUsername(env.ctx, String(responses.USERNAME));
      // Checked again after the wait: another answer may have used or ended it meanwhile.
      const session = liveSession(req.Session, client);
      if (!user || user.Username !== session.data.username) throw refusal('invalidSession');
      if (!user.Enabled) throw refusal('userDisabled');
      const updated = await judge(session, user, responses.SOFTWARE_TOKEN_MFA_CODE);
      const groups = await pool.listUserGroupMembership(env.ctx, updated);
      const tokens = await env.issueTokens(updated, groups, client, {
        source: 'TokenGeneration_Authentication',
        amr: def.signInMethods.passwordAndCode,
        clientMetadata: clientMetadataOf(req.ClientMetadata),
      });
      env.limits.signInSucceeded(limitKey(updated, updated.Username));
      await pool.storeRefreshToken(env.ctx, tokens.RefreshToken, updated);
      return { ChallengeParameters: {}, AuthenticationResult: tokens };
    },
  };
}
