/**
 * Password sign-in as the product's app client allows it: SRP only (USER_SRP_AUTH), so the
 * password never leaves the browser. InitiateAuth with USERNAME and SRP_A answers a
 * PASSWORD_VERIFIER challenge (SALT, SRP_B, SECRET_BLOCK, USER_ID_FOR_SRP, USERNAME); its answer
 * (RespondToAuthChallenge with PASSWORD_CLAIM_SECRET_BLOCK, PASSWORD_CLAIM_SIGNATURE, TIMESTAMP)
 * proves the password, and the sign-in goes on as sign-in.ts says.
 *
 * As Cognito answers (and as measured against it): no Session with the challenge, whose
 * SECRET_BLOCK is its handle; "Incorrect username or password." for a wrong password, signature
 * or secret block; a TIMESTAMP that does not parse refused as a bad parameter.
 *
 * With user-existence errors prevented an unknown name, or a user who cannot sign in with a
 * password (a federated Google_ user), gets a challenge like anyone's: a USER_ID_FOR_SRP shaped as
 * a sub and the same for every ask of that name, a verifier made from a password nobody has. Its
 * answer fails as a wrong password does and counts towards the name's lockout. Every answer is
 * judged once: a secret block cannot be tried again.
 */
import { createHash, createHmac } from 'node:crypto';
import { base64OfBytes, bytesOfBase64, poolNameOf, randomBytes } from '../../../../shared/cognito-srp';
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { invalidParameter, refusal } from '../errors';
import { recordOf, type CognitoRequest, type CognitoResponse } from '../request';
import {
  canonicalTimestamp,
  challengeNumbers,
  clientPublicValue,
  serverChallenge,
  signatureMatches,
  type ServerSrp,
} from '../srp-server';
import type { SigningKey } from '../tokens';
import { isFederated } from '../users';
import { flowAllowed, limitKey, preventsExistenceErrors } from './checks';
import { createChallengeSessions } from './challenge-sessions';
import type { OperationContext } from './context';

export const PASSWORD_VERIFIER = 'PASSWORD_VERIFIER';
const CLAIM_MEMBERS = ['USERNAME', 'PASSWORD_CLAIM_SECRET_BLOCK', 'PASSWORD_CLAIM_SIGNATURE', 'TIMESTAMP'] as const;

interface VerifierChallenge {
  A: bigint;
  srp: ServerSrp;
  userIdForSrp: string;
  /** The USERNAME InitiateAuth was given (an e-mail, as the web sends it). */
  askedName: string;
  limitKey: string;
  /** The user and the password its verifier was made from; null when no password signs this name in. */
  account: { username: string; password: string } | null;
}

/** What a right password leads to (sign-in.ts): the user's state, a second factor, or tokens. */
export type PasswordAccepted = (
  user: User,
  client: AppClient,
  pool: UserPoolService,
  req: CognitoRequest,
) => Promise<CognitoResponse>;

export interface PasswordVerifier {
  /** InitiateAuth USER_SRP_AUTH, or USER_AUTH's PASSWORD_SRP (`flow`), with USERNAME and SRP_A in AuthParameters. */
  initiate(client: AppClient, pool: UserPoolService, req: CognitoRequest, flow?: string): Promise<CognitoResponse>;
  respond(client: AppClient, pool: UserPoolService, req: CognitoRequest): Promise<CognitoResponse>;
}

/**
 * The USER_ID_FOR_SRP an unknown name gets: a version-4 UUID, as a sub is, the same for the name
 * in any case and across restarts (derived from the data folder's signing key), so that asking
 * twice tells nothing either.
 */
function standInUserIds(key: SigningKey): (name: string) => string {
  const secret = createHash('sha256')
    .update(key.privateKey.export({ type: 'pkcs8', format: 'der' }))
    .digest();
  return (name) => {
    const h = createHmac('sha256', secret).update(`srp-user-id:${name.toLowerCase()}`).digest('hex');
    const variant = '89ab'[parseInt(h.charAt(16), 16) % 4] ?? '8';
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
  };
}

/** The account whose password may sign in `user`: none for a federated user, who signs in at Google. */
const passwordAccountOf = (user: User | null) =>
  user && !isFederated(user) && typeof user.Password === 'string'
    ? { username: user.Username, password: user.Password }
    : null;

export function createPasswordVerifier(env: OperationContext, accepted: PasswordAccepted): PasswordVerifier {
  const challenges = createChallengeSessions<VerifierChallenge>(env.now);
  const poolName = poolNameOf(env.userPoolId);
  const standInId = standInUserIds(env.key);

  /** The answer judged: the lockout first, then the signature against the password the verifier was made from. */
  async function judge(
    challenge: VerifierChallenge,
    client: AppClient,
    pool: UserPoolService,
    req: CognitoRequest,
    claim: { timestamp: string; signature: string },
  ) {
    // Refused during a lockout even with the right password.
    if (env.limits.signInLocked(challenge.limitKey)) throw refusal('passwordAttemptsExceeded');
    const secretBlock = bytesOfBase64(challenge.srp.secretBlock) ?? new Uint8Array();
    const right = await signatureMatches(challenge.srp, challenge.A, {
      poolName,
      userId: challenge.userIdForSrp,
      secretBlock,
      ...claim,
    });
    const user = challenge.account ? await pool.getUserByUsername(env.ctx, challenge.account.username) : null;
    // A password changed since the challenge no longer signs in with the old one.
    const account = passwordAccountOf(user);
    if (!right || !user || account?.password !== challenge.account?.password) {
      env.limits.signInFailed(challenge.limitKey);
      throw refusal('incorrectPassword');
    }
    return accepted(user, client, pool, req);
  }

  return {
    async initiate(client, pool, req, flow = 'USER_SRP_AUTH') {
      if (!flowAllowed(client, flow)) throw invalidParameter(`${flow} flow not enabled for this client`);
      const params = recordOf(req.AuthParameters);
      if (!params.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      if (!params.SRP_A) throw invalidParameter('Missing required parameter SRP_A');
      const A = clientPublicValue(params.SRP_A);
      if (A === null) throw invalidParameter('Invalid SRP_A value');
      const askedName = String(params.USERNAME);
      const user = await pool.getUserByUsername(env.ctx, askedName);
      if (!user && !preventsExistenceErrors(client)) throw refusal('userNotFound');
      const account = passwordAccountOf(user);
      const userIdForSrp = user?.Username ?? standInId(askedName);
      const srp = await serverChallenge(poolName, userIdForSrp, account?.password ?? base64OfBytes(randomBytes(32)));
      challenges.open(srp.secretBlock, client.ClientId, {
        A,
        srp,
        userIdForSrp,
        askedName,
        limitKey: limitKey(user, askedName),
        account,
      });
      return {
        ChallengeName: PASSWORD_VERIFIER,
        ChallengeParameters: {
          ...challengeNumbers(srp),
          SECRET_BLOCK: srp.secretBlock,
          USER_ID_FOR_SRP: userIdForSrp,
          USERNAME: userIdForSrp,
        },
      };
    },

    async respond(client, pool, req) {
      const responses = recordOf(req.ChallengeResponses);
      for (const member of CLAIM_MEMBERS) {
        if (typeof responses[member] !== 'string' || responses[member] === '')
          throw invalidParameter(`Missing required parameter ${member}`);
      }
      const timestamp = canonicalTimestamp(responses.TIMESTAMP);
      if (!timestamp) throw invalidParameter('TIMESTAMP format should be EEE MMM d HH:mm:ss z yyyy in english.');
      const session = challenges.live(responses.PASSWORD_CLAIM_SECRET_BLOCK, client.ClientId, 'incorrectPassword');
      const challenge = session.data;
      // The challenge's own user, by the id it gave or the name it was asked for.
      if (responses.USERNAME !== challenge.userIdForSrp && responses.USERNAME !== challenge.askedName)
        throw refusal('incorrectPassword');
      session.used = true;
      return judge(challenge, client, pool, req, { timestamp, signature: String(responses.PASSWORD_CLAIM_SIGNATURE) });
    },
  };
}
