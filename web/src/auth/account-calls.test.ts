/** @jest-environment node */
// Plain functions and fetch: no DOM wanted (and none of the DOM set-up's per-test clean-up).
import { type CognitoSession, globalSignOut, mfaStatus } from './account-calls';
import { userFromClaims } from './session';

const session: CognitoSession = {
  endpoint: 'https://cognito.test/',
  userPoolId: 'us-east-1_Pool1',
  clientId: 'client-1',
  accessToken: 'access-1',
  username: 'sub-1',
};

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
    const request = JSON.parse(init?.body as string) as Record<string, unknown>;
    sent.push({ target, body: request });
    const answer = answers[target]?.shift() ?? [200, {}];
    const [status, body] = typeof answer === 'function' ? await answer(request) : answer;
    return {
      ok: status < 300,
      status,
      headers: new Map<string, string>(),
      json: async () => body,
    } as unknown as Response;
  });
  globalThis.fetch = fetchMock;
  return sent;
}

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('the account page calls to Cognito', () => {
  it('reads the two-factor status from GetUser', async () => {
    const sent = fakeCognito({
      GetUser: [
        [200, { UserMFASettingList: ['SOFTWARE_TOKEN_MFA'] }],
        [200, {}],
      ],
    });
    await expect(mfaStatus(session)).resolves.toEqual({ totp: true });
    await expect(mfaStatus(session)).resolves.toEqual({ totp: false });
    expect(sent[0]).toEqual({ target: 'GetUser', body: { AccessToken: 'access-1' } });
  });

  it('makes no password or two-factor change at Cognito: those go through the API', async () => {
    const module = await import('./account-calls');
    expect(Object.keys(module).sort()).toEqual(['cognitoAccount', 'globalSignOut', 'mfaStatus']);
    expect(Object.keys(module.cognitoAccount).sort()).toEqual(['mfaStatus', 'signOutEverywhere']);
  });

  it('signs out everywhere with the access token', async () => {
    const sent = fakeCognito({});
    await globalSignOut(session);
    expect(sent).toEqual([{ target: 'GlobalSignOut', body: { AccessToken: 'access-1' } }]);
  });

  it('fails the global sign-out when Cognito refuses it (Amplify would sign out here and say nothing)', async () => {
    fakeCognito({ GlobalSignOut: [[500, { __type: 'InternalErrorException', message: 'boom' }]] });
    await expect(globalSignOut(session)).rejects.toMatchObject({ name: 'InternalErrorException' });
  });
});

describe('who signs in through Google', () => {
  it('is told by the identities claim, or by the username Cognito gives a federated user', () => {
    const base = { sub: 's', email: 'e@example.com' };
    expect(
      userFromClaims({ ...base, identities: [{ providerName: 'Google', providerType: 'Google' }] }, {}).signInProvider,
    ).toBe('Google');
    expect(userFromClaims({ ...base, 'cognito:username': 'google_1234' }, {}).signInProvider).toBe('Google');
    expect(userFromClaims({ ...base, 'cognito:username': 's' }, {}).signInProvider).toBeNull();
  });
});
