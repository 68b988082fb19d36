/**
 * A sign-in with a passkey (USER_AUTH with WEB_AUTHN, user-auth.ts): a WEB_AUTHN challenge whose
 * CREDENTIAL_REQUEST_OPTIONS (JSON text: challenge, rpId, the user's credentials, user
 * verification required, timeout) the browser hands its authenticator, and RespondToAuthChallenge
 * WEB_AUTHN with the authenticator's answer (CREDENTIAL, AuthenticationResponseJSON) gives tokens.
 *
 * The answer is verified with @simplewebauthn/server against one of the user's stored passkeys:
 * the challenge of this session, one of the site's origins, the pool's relying party, user
 * verification, the signature with the stored public key, and a sign counter that grew (when the
 * authenticator keeps one); the new counter is stored. A passkey with user verification counts
 * as multi-factor (shared/user-pool.ts `passkeys`), so a user with an authenticator app gets no
 * code challenge after it.
 *
 * As the other challenges: a session (challenge-sessions.ts) for the asking client, 3 minutes,
 * one answer whatever it comes to; every refused answer counts towards the user's sign-in
 * lockout, and during a lockout even a good one is refused. With user-existence errors
 * prevented, an unknown name gets a challenge like a user with no passkey (no allowCredentials),
 * and its answer fails as theirs does.
 */
import { generateAuthenticationOptions, verifyAuthenticationResponse } from '@simplewebauthn/server';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppClient, User, UserPoolService } from '../cognito-local-internals';
import { invalidParameter, refusal } from '../errors';
import { recordOf, type CognitoRequest, type CognitoResponse } from '../request';
import { passkeysOf, type StoredPasskey, type StoredUser } from '../users';
import { createChallengeSessions, newSessionId, AUTH_SESSION_MS } from './challenge-sessions';
import { limitKey } from './checks';
import type { OperationContext } from './context';
import { userHandleOf, webAuthnOf } from './passkeys';

export const WEB_AUTHN = 'WEB_AUTHN';

interface PasskeyChallengeData {
  challenge: string;
  askedName: string;
  /** The user's name, or null for a name no user signs in with. */
  username: string | null;
  limitKey: string;
}

/** What a verified passkey leads to (sign-in.ts): the user's state, then tokens. */
export type PasskeyAccepted = (
  user: User,
  client: AppClient,
  pool: UserPoolService,
  req: CognitoRequest,
) => Promise<CognitoResponse>;

export interface PasskeyChallenge {
  challenge(askedName: string, user: User | null, client: AppClient): Promise<CognitoResponse>;
  respond(client: AppClient, pool: UserPoolService, req: CognitoRequest): Promise<CognitoResponse>;
}

/** The CREDENTIAL member, parsed; a malformed one is a bad parameter, as any malformed member is. */
function credentialOf(value: unknown): AuthenticationResponseJSON {
  if (typeof value !== 'string' || !value) throw invalidParameter('Missing required parameter CREDENTIAL');
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalidParameter('CREDENTIAL is not a valid AuthenticationResponseJSON.');
  }
  const r = recordOf(parsed);
  if (typeof r.id !== 'string' || typeof r.rawId !== 'string' || typeof r.response !== 'object' || !r.response)
    throw invalidParameter('CREDENTIAL is not a valid AuthenticationResponseJSON.');
  return parsed as AuthenticationResponseJSON;
}

/** The answer checked against the stored passkey; the new counter, or null when refused. */
async function verifiedCounter(
  env: OperationContext,
  data: PasskeyChallengeData,
  passkey: StoredPasskey,
  credential: AuthenticationResponseJSON,
): Promise<number | null> {
  const { relyingPartyId, origins } = webAuthnOf(env);
  try {
    const result = await verifyAuthenticationResponse({
      response: credential,
      expectedChallenge: data.challenge,
      expectedOrigin: [...origins],
      expectedRPID: relyingPartyId,
      requireUserVerification: true,
      credential: {
        id: passkey.CredentialId,
        publicKey: isoBase64URL.toBuffer(passkey.PublicKey),
        counter: passkey.Counter,
        transports: passkey.Transports,
      },
    });
    return result.verified ? result.authenticationInfo.newCounter : null;
  } catch {
    return null;
  }
}

export function createPasskeyChallenge(env: OperationContext, accepted: PasskeyAccepted): PasskeyChallenge {
  const sessions = createChallengeSessions<PasskeyChallengeData>(env.now);

  /** The user and the passkey the answer is signed with, once it is verified; else the lockout counts it. */
  async function judge(data: PasskeyChallengeData, pool: UserPoolService, credential: AuthenticationResponseJSON) {
    if (env.limits.signInLocked(data.limitKey)) throw refusal('passwordAttemptsExceeded');
    const user: StoredUser | null = data.username ? await pool.getUserByUsername(env.ctx, data.username) : null;
    const passkey = user ? passkeysOf(user).find((p) => p.CredentialId === credential.id) : undefined;
    const handle = credential.response.userHandle;
    const ownHandle = !handle || (user !== null && handle === userHandleOf(user));
    const counter = user && passkey && ownHandle ? await verifiedCounter(env, data, passkey, credential) : null;
    if (!user || !passkey || counter === null) {
      env.limits.signInFailed(data.limitKey);
      throw refusal('passkeyNotVerified');
    }
    // Read again: another sign-in may have moved the counter meanwhile.
    const fresh: StoredUser = (await pool.getUserByUsername(env.ctx, user.Username)) ?? user;
    const passkeys = passkeysOf(fresh).map((p) =>
      p.CredentialId === passkey.CredentialId ? { ...p, Counter: counter } : p,
    );
    const updated: StoredUser = { ...fresh, WebAuthnCredentials: passkeys };
    await pool.saveUser(env.ctx, updated);
    return updated;
  }

  return {
    async challenge(askedName, user, client) {
      const { relyingPartyId } = webAuthnOf(env);
      const options = await generateAuthenticationOptions({
        rpID: relyingPartyId,
        userVerification: 'required',
        timeout: AUTH_SESSION_MS,
        allowCredentials: (user ? passkeysOf(user) : []).map((p) => ({
          id: p.CredentialId,
          transports: p.Transports,
        })),
      });
      const session = newSessionId();
      sessions.open(session, client.ClientId, {
        challenge: options.challenge,
        askedName,
        username: user?.Username ?? null,
        limitKey: limitKey(user, askedName),
      });
      return {
        ChallengeName: WEB_AUTHN,
        Session: session,
        ChallengeParameters: { CREDENTIAL_REQUEST_OPTIONS: JSON.stringify(options) },
      };
    },

    async respond(client, pool, req) {
      const responses = recordOf(req.ChallengeResponses);
      if (!responses.USERNAME) throw invalidParameter('Missing required parameter USERNAME');
      if (!req.Session) throw invalidParameter('Missing required parameter Session');
      const credential = credentialOf(responses.CREDENTIAL);
      const session = sessions.live(req.Session, client.ClientId);
      const { data } = session;
      if (responses.USERNAME !== data.askedName && responses.USERNAME !== data.username)
        throw refusal('invalidSession');
      session.used = true;
      const user = await judge(data, pool, credential);
      return accepted(user, client, pool, req);
    },
  };
}
