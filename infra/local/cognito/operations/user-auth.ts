/**
 * Choice-based sign-in (InitiateAuth USER_AUTH), with the pool's first factors
 * (shared/user-pool.ts `firstFactors`): the password, over SRP (PASSWORD_SRP, the existing
 * PASSWORD_VERIFIER challenge) or as itself (PASSWORD), and a passkey (WEB_AUTHN,
 * passkey-challenge.ts). AuthParameters PREFERRED_CHALLENGE picks one at once; without it the
 * answer is SELECT_CHALLENGE with the AvailableChallenges and a Session, and
 * RespondToAuthChallenge SELECT_CHALLENGE with ANSWER (and that factor's own members: SRP_A,
 * PASSWORD) goes on with the one chosen.
 *
 * What a name is offered never tells whether it is a user's (PreventUserExistenceErrors): an
 * unknown name is offered what a user with no passkey is, and each factor then fails for it as
 * for a user whose proof is wrong, counted towards its lockout.
 */
import { timingSafeEqual } from 'node:crypto';
import { userPoolDefinition as def } from '../../../../shared/user-pool';
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { invalidParameter, refusal } from '../errors';
import { recordOf, type CognitoRequest, type CognitoResponse } from '../request';
import { isFederated, passkeysOf } from '../users';
import { createChallengeSessions, newSessionId } from './challenge-sessions';
import { flowAllowed, limitKey, preventsExistenceErrors } from './checks';
import type { OperationContext } from './context';
import type { PasskeyChallenge } from './passkey-challenge';
import type { PasswordAccepted, PasswordVerifier } from './password-verifier';

export const USER_AUTH = 'USER_AUTH';
const SELECT_CHALLENGE = 'SELECT_CHALLENGE';

export interface UserAuth {
  initiate(client: AppClient, pool: UserPoolService, req: CognitoRequest): Promise<CognitoResponse>;
  /** RespondToAuthChallenge SELECT_CHALLENGE. */
  select(client: AppClient, pool: UserPoolService, req: CognitoRequest): Promise<CognitoResponse>;
}

interface Parts {
  verifier: PasswordVerifier;
  passkeys: PasskeyChallenge;
  passwordAccepted: PasswordAccepted;
}

/** The challenges a first factor of the pool stands for. */
const CHALLENGES_OF: Record<(typeof def.firstFactors)[number], readonly string[]> = {
  WEB_AUTHN: ['WEB_AUTHN'],
  PASSWORD: ['PASSWORD', 'PASSWORD_SRP'],
};
const POOL_CHALLENGES = new Set(def.firstFactors.flatMap((f) => CHALLENGES_OF[f]));

function samePassword(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function createUserAuth(env: OperationContext, parts: Parts): UserAuth {
  const selections = createChallengeSessions<{ askedName: string }>(env.now);

  async function userFor(client: AppClient, pool: UserPoolService, askedName: string): Promise<User | null> {
    const user = await pool.getUserByUsername(env.ctx, askedName);
    if (!user && !preventsExistenceErrors(client)) throw refusal('userNotFound');
    return user;
  }

  /** PASSWORD: the password itself, judged within the lockout as the SRP proof is. */
  async function password(
    client: AppClient,
    pool: UserPoolService,
    req: CognitoRequest,
    askedName: string,
    given: unknown,
  ): Promise<CognitoResponse> {
    if (typeof given !== 'string' || !given) throw invalidParameter('Missing required parameter PASSWORD');
    const user = await userFor(client, pool, askedName);
    const key = limitKey(user, askedName);
    if (env.limits.signInLocked(key)) throw refusal('passwordAttemptsExceeded');
    const stored = user && !isFederated(user) && typeof user.Password === 'string' ? user.Password : null;
    if (!user || stored === null || !samePassword(stored, given)) {
      env.limits.signInFailed(key);
      throw refusal('incorrectPassword');
    }
    return parts.passwordAccepted(user, client, pool, req);
  }

  /** The chosen factor's first step, with its own members from `members`. */
  async function begin(
    choice: unknown,
    askedName: string,
    members: Readonly<Record<string, unknown>>,
    [client, pool, req]: [AppClient, UserPoolService, CognitoRequest],
  ): Promise<CognitoResponse> {
    if (typeof choice !== 'string' || !POOL_CHALLENGES.has(choice))
      throw invalidParameter(`The challenge ${String(choice)} is not available for this user.`);
    if (choice === 'WEB_AUTHN')
      return parts.passkeys.challenge(askedName, await userFor(client, pool, askedName), client);
    if (choice === 'PASSWORD') return password(client, pool, req, askedName, members.PASSWORD);
    const srpRequest = { ...req, AuthParameters: { USERNAME: askedName, SRP_A: members.SRP_A } };
    return parts.verifier.initiate(client, pool, srpRequest, USER_AUTH);
  }

  return {
    async initiate(client, pool, req) {
      if (!flowAllowed(client, USER_AUTH)) throw invalidParameter(`${USER_AUTH} flow not enabled for this client`);
      const params = recordOf(req.AuthParameters);
      if (!params.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      const askedName = String(params.USERNAME);
      if (params.PREFERRED_CHALLENGE !== undefined)
        return begin(params.PREFERRED_CHALLENGE, askedName, params, [client, pool, req]);
      const user = await userFor(client, pool, askedName);
      const available = [...POOL_CHALLENGES].filter((c) => c !== 'WEB_AUTHN' || (user && passkeysOf(user).length > 0));
      const session = newSessionId();
      selections.open(session, client.ClientId, { askedName });
      return {
        ChallengeName: SELECT_CHALLENGE,
        Session: session,
        ChallengeParameters: {},
        AvailableChallenges: available,
      };
    },

    async select(client, pool, req) {
      const responses = recordOf(req.ChallengeResponses);
      if (!responses.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      if (!responses.ANSWER) throw invalidParameter('Missing required parameter ANSWER');
      if (!req.Session) throw invalidParameter('Missing required parameter Session');
      const session = selections.live(req.Session, client.ClientId);
      if (responses.USERNAME !== session.data.askedName) throw refusal('invalidSession');
      session.used = true;
      return begin(responses.ANSWER, session.data.askedName, responses, [client, pool, req]);
    },
  };
}
