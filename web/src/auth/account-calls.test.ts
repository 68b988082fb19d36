/** @jest-environment node */
// Plain functions and fetch: no DOM wanted (and none of the DOM set-up's per-test clean-up).
import { bytesOfBase64, poolNameOf } from '../../../shared/cognito-srp';
// The local Cognito's half of SRP (a test may reach infra/): it judges the page's proof of the password.
import { canonicalTimestamp, challengeNumbers, clientPublicValue, serverChallenge, signatureMatches, type ServerSrp } from '../../../infra/local/cognito/srp-server';
import { type CognitoSession, freshSignIn, globalSignOut, mfaStatus, revokeRefreshToken } from './account-calls';
import { userFromClaims } from './session';

const session: CognitoSession = { endpoint: 'https://cognito.test/', userPoolId: 'us-east-1_Pool1', clientId: 'client-1', accessToken: 'access-1', username: 'sub-1' };

interface Sent {
  target: string;
  body: Record<string, unknown>;
}

type Reply = [number, Record<string, unknown>];
/** An answer as it stands, or made from the request's body. */
type Answer = Reply | ((body: Record<string, unknown>) => Promise<Reply>);

/** A fake Cognito endpoint: answers each operation from `answers`, in order of the calls. */
function fakeCognito(answers: Record<string, Answer[]>) {
  const sent: Sent[] = [];
  const fetchMock = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    expect(url).toBe(session.endpoint);
    const headers = init?.headers as Record<string, string>;
    expect(headers['content-type']).toBe('application/x-amz-json-1.1');
    const target = headers['x-amz-target']!.replace('AWSCognitoIdentityProviderService.', '');
    const request = JSON.parse(String(init?.body)) as Record<string, unknown>;
    sent.push({ target, body: request });
    const answer = answers[target]?.shift() ?? [200, {}];
    const [status, body] = typeof answer === 'function' ? await answer(request) : answer;
    return { ok: status < 300, status, headers: new Map<string, string>(), json: async () => body } as unknown as Response;
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return sent;
}

/**
 * A Cognito that knows `password` for sub-1 and judges the SRP proof with the local Cognito's own
 * half: InitiateAuth answers PASSWORD_VERIFIER, and its answer is the SOFTWARE_TOKEN_MFA
 * challenge for the right proof, "Incorrect username or password." for any other.
 */
function srpCognito(password: string) {
  const poolName = poolNameOf(session.userPoolId);
  let srp: ServerSrp | undefined;
  let A = 0n;
  return {
    secretBlock: () => srp?.secretBlock,
    initiate: async (body: Record<string, unknown>): Promise<Reply> => {
      const params = body.AuthParameters as Record<string, string>;
      A = clientPublicValue(params.SRP_A) ?? 0n;
      srp = await serverChallenge(poolName, 'sub-1', password);
      return [200, { ChallengeName: 'PASSWORD_VERIFIER', ChallengeParameters: { ...challengeNumbers(srp), SECRET_BLOCK: srp.secretBlock, USER_ID_FOR_SRP: 'sub-1', USERNAME: 'sub-1' } }];
    },
    verify: async (body: Record<string, unknown>): Promise<Reply> => {
      const claim = body.ChallengeResponses as Record<string, string>;
      const right =
        srp !== undefined &&
        claim.PASSWORD_CLAIM_SECRET_BLOCK === srp.secretBlock &&
        (await signatureMatches(srp, A, {
          poolName,
          userId: 'sub-1',
          secretBlock: bytesOfBase64(srp.secretBlock) ?? new Uint8Array(),
          timestamp: canonicalTimestamp(claim.TIMESTAMP) ?? '',
          signature: claim.PASSWORD_CLAIM_SIGNATURE ?? '',
        }));
      return right
        ? [200, { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'challenge-1', ChallengeParameters: { USER_ID_FOR_SRP: 'sub-1' } }]
        : [400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }];
    },
  };
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the account page calls to Cognito', () => {
  it('reads the two-factor status from GetUser', async () => {
    const sent = fakeCognito({ GetUser: [[200, { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }], [200, {}]] });
    await expect(mfaStatus(session)).resolves.toEqual({ totp: true });
    await expect(mfaStatus(session)).resolves.toEqual({ totp: false });
    expect(sent[0]).toEqual({ target: 'GetUser', body: { AccessToken: 'access-1' } });
  });

  it('makes no password or two-factor change at Cognito: those go through the API', async () => {
    const module = await import('./account-calls');
    expect(Object.keys(module).sort()).toEqual(['cognitoAccount', 'freshSignIn', 'globalSignOut', 'mfaStatus', 'revokeRefreshToken']);
    expect(Object.keys(module.cognitoAccount).sort()).toEqual(['freshSignIn', 'mfaStatus', 'signOutEverywhere']);
  });

  it('signs in afresh over SRP with the password and the code, answering the new tokens (the password goes nowhere)', async () => {
    const cognito = srpCognito('Passw0rd!');
    const sent = fakeCognito({
      InitiateAuth: [cognito.initiate],
      RespondToAuthChallenge: [cognito.verify, [200, { AuthenticationResult: { AccessToken: 'fresh-access', RefreshToken: 'refresh-2' } }]],
    });
    await expect(freshSignIn(session, 'Passw0rd!', '123456')).resolves.toEqual({ accessToken: 'fresh-access', refreshToken: 'refresh-2' });
    expect(sent.map((s) => s.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'RespondToAuthChallenge']);
    expect(sent[0]!.body).toEqual({ AuthFlow: 'USER_SRP_AUTH', ClientId: 'client-1', AuthParameters: { USERNAME: 'sub-1', SRP_A: expect.stringMatching(/^[0-9a-f]+$/) } });
    expect(sent[1]!.body).toEqual({
      ClientId: 'client-1',
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: {
        USERNAME: 'sub-1',
        PASSWORD_CLAIM_SECRET_BLOCK: cognito.secretBlock(),
        PASSWORD_CLAIM_SIGNATURE: expect.any(String),
        TIMESTAMP: expect.stringMatching(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat) [A-Z][a-z]{2} [1-9]\d? \d\d:\d\d:\d\d UTC \d{4}$/),
      },
    });
    expect(sent[2]).toEqual({
      target: 'RespondToAuthChallenge',
      body: { ClientId: 'client-1', ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'challenge-1', ChallengeResponses: { USERNAME: 'sub-1', SOFTWARE_TOKEN_MFA_CODE: '123456' } },
    });
    expect(JSON.stringify(sent)).not.toContain('Passw0rd!');
  });

  it('opens no session when the password or the code is wrong', async () => {
    let cognito = srpCognito('Passw0rd!');
    let sent = fakeCognito({ InitiateAuth: [cognito.initiate], RespondToAuthChallenge: [cognito.verify] });
    await expect(freshSignIn(session, 'Passw0rd?', '123456')).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Incorrect username or password.' });
    expect(sent.map((s) => s.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    cognito = srpCognito('Passw0rd!');
    sent = fakeCognito({
      InitiateAuth: [cognito.initiate],
      RespondToAuthChallenge: [cognito.verify, [400, { __type: 'com.amazonaws#CodeMismatchException', message: 'Invalid code received for user' }]],
    });
    await expect(freshSignIn(session, 'Passw0rd!', '000000')).rejects.toMatchObject({ name: 'CodeMismatchException' });
    expect(sent.map((s) => s.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'RespondToAuthChallenge']);
  });

  it('ends the fresh session by its refresh token (quietly, should Cognito refuse), and signs out everywhere with the access token', async () => {
    const sent = fakeCognito({ RevokeToken: [[400, { __type: 'UnsupportedTokenTypeException', message: 'no' }]] });
    await revokeRefreshToken(session, 'refresh-2');
    await globalSignOut(session);
    expect(sent).toEqual([
      { target: 'RevokeToken', body: { ClientId: 'client-1', Token: 'refresh-2' } },
      { target: 'GlobalSignOut', body: { AccessToken: 'access-1' } },
    ]);
  });

  it('fails the global sign-out when Cognito refuses it (Amplify would sign out here and say nothing)', async () => {
    fakeCognito({ GlobalSignOut: [[500, { __type: 'InternalErrorException', message: 'boom' }]] });
    await expect(globalSignOut(session)).rejects.toMatchObject({ name: 'InternalErrorException' });
  });
});

describe('who signs in through Google', () => {
  it('is told by the identities claim, or by the username Cognito gives a federated user', () => {
    const base = { sub: 's', email: 'e@example.com' };
    expect(userFromClaims({ ...base, identities: [{ providerName: 'Google', providerType: 'Google' }] }, {}).signInProvider).toBe('Google');
    expect(userFromClaims({ ...base, 'cognito:username': 'google_1234' }, {}).signInProvider).toBe('Google');
    expect(userFromClaims({ ...base, 'cognito:username': 's' }, {}).signInProvider).toBeNull();
  });
});
