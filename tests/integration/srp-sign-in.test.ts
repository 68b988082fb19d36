/**
 * Password sign-in over SRP on a real local stack, judged by the clients the product ships:
 *  - Amplify's own `signIn` and `confirmSignIn` (aws-amplify/auth), configured as the web configures
 *    it (web/src/auth/amplify.ts, from /config.json): the oracle that the local Cognito's half of
 *    SRP is the one Amplify's client expects, as Cognito's is. Every Cognito call it makes is
 *    recorded on its way out (not changed): it signs in with USER_SRP_AUTH and never sends the
 *    password;
 *  - the account page's own proof that it is the user (web/src/auth/account-calls.ts `freshSignIn`:
 *    the password over SRP and a code), whose SRP client half is shared/cognito-srp.ts, and whose
 *    token the API takes to turn two-factor sign-in off.
 */
import { GetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from '../../infra/local/seed';
import { parseSiteConfig } from '../../shared/site-config';
import { freshSignIn, revokeRefreshToken } from '../../web/src/auth/account-calls';
import { configureAmplify } from '../../web/src/auth/amplify';
import { claimsOf, freshTotpCode, PASSWORD } from './support/client';
import { failureOf } from './support/failure';
import { useTestStack } from './support/use-stack';

const t = useTestStack({ seed: true });

// Amplify's own SRP arithmetic (its jsbn-style BigInteger) runs some 50 times slower under Jest's
// module sandbox than in Node or a browser: seconds per sign-in, more on a busy machine.
jest.setTimeout(240_000);

interface CognitoCall {
  target: string;
  body: string;
}

/** The Cognito calls made through the gateway since the last `take()`, as they left. */
const cognitoCalls = (() => {
  let calls: CognitoCall[] = [];
  return {
    record(init: RequestInit | undefined): void {
      const target = new Headers(init?.headers).get('x-amz-target') ?? '';
      calls.push({ target: target.replace('AWSCognitoIdentityProviderService.', ''), body: typeof init?.body === 'string' ? init.body : '' });
    },
    take(): CognitoCall[] {
      const taken = calls;
      calls = [];
      return taken;
    },
  };
})();

const realFetch = globalThis.fetch;

beforeAll(async () => {
  globalThis.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).startsWith(`${t.stack.url}/cognito`)) cognitoCalls.record(init);
    return realFetch(input, init);
  };
  const config = parseSiteConfig(await (await realFetch(`${t.stack.url}/config.json`)).json());
  configureAmplify(config, t.stack.url);
  expect(Amplify.getConfig().Auth?.Cognito.userPoolEndpoint).toBe(`${t.stack.url}/cognito`);
});

afterAll(() => {
  globalThis.fetch = realFetch;
});

afterEach(async () => {
  await signOut();
  cognitoCalls.take();
});

describe("Amplify's own signIn against the local Cognito", () => {
  it('signs in over SRP: USER_SRP_AUTH, then PASSWORD_VERIFIER, and the password is never sent', async () => {
    const result = await signIn({ username: 'alice@example.com', password: DEMO_PASSWORD });
    expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    const calls = cognitoCalls.take();
    expect(calls.map((c) => c.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ AuthFlow: 'USER_SRP_AUTH', AuthParameters: { USERNAME: 'alice@example.com', SRP_A: expect.any(String) } });
    expect(JSON.parse(calls[1]?.body ?? '{}')).toMatchObject({ ChallengeName: 'PASSWORD_VERIFIER' });
    expect(calls.some((c) => c.body.includes(DEMO_PASSWORD))).toBe(false);

    // The tokens are Cognito's for alice, and the API takes them.
    const { tokens } = await fetchAuthSession();
    const accessToken = tokens?.accessToken.toString() ?? '';
    const sub = String(claimsOf(accessToken).sub);
    expect(claimsOf(accessToken)).toMatchObject({ token_use: 'access', client_id: t.stack.cognito.clientId, username: sub });
    expect((await t.client.call('getPortfolio', { token: accessToken, params: { userId: sub } })).status).toBe(200);
  });

  it('asks a user with two-factor sign-in on for the code after the password; confirmSignIn with it signs in', async () => {
    const result = await signIn({ username: DEMO_ADMIN, password: DEMO_PASSWORD });
    expect(result.isSignedIn).toBe(false);
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const confirmed = await confirmSignIn({ challengeResponse: await freshTotpCode(DEMO_ADMIN_TOTP_SECRET) });
    expect(confirmed).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(cognitoCalls.take().map((c) => c.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'RespondToAuthChallenge']);
    const { tokens } = await fetchAuthSession();
    expect(claimsOf(tokens?.accessToken.toString() ?? '')['cognito:groups']).toEqual(['admins']);
  });

  it('refuses a wrong password with Cognito\'s words, and signs no one in', async () => {
    expect(await failureOf(signIn({ username: 'alice@example.com', password: 'not-the-password' }))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(cognitoCalls.take().map((c) => c.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });
});

describe("the account page's proof that it is the user (freshSignIn), for turning two-factor sign-in off", () => {
  it('turns two-factor sign-in off only with the right password (over SRP) and a code, with the fresh token', async () => {
    const carol = await t.client.newClient('carol');
    const secret = await t.client.setUpTotp(carol);
    const signedIn = await t.client.signIn(carol.email);
    const session = {
      endpoint: `${t.stack.url}/cognito`,
      userPoolId: t.stack.cognito.userPoolId,
      clientId: t.stack.cognito.clientId,
      accessToken: signedIn.accessToken,
      username: signedIn.sub,
    };
    const mfa = async () => (await t.client.cognito.send(new GetUserCommand({ AccessToken: signedIn.accessToken }))).UserMFASettingList ?? [];

    // (the code is never asked for: the password fails first)
    expect(await failureOf(freshSignIn(session, 'not-the-password', t.client.totpCode(secret)))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(await mfa()).toEqual(['SOFTWARE_TOKEN_MFA']);

    cognitoCalls.take();
    const fresh = await freshSignIn(session, PASSWORD, await freshTotpCode(secret));
    const calls = cognitoCalls.take();
    expect(calls.map((c) => c.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge', 'RespondToAuthChallenge']);
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({ AuthFlow: 'USER_SRP_AUTH' });
    expect(calls.some((c) => c.body.includes(PASSWORD))).toBe(false);
    expect((await t.client.call('disableTwoFactor', { token: fresh.accessToken, body: { password: PASSWORD, code: await freshTotpCode(secret) } })).status).toBe(200);
    await revokeRefreshToken(session, fresh.refreshToken ?? '');
    expect(await t.client.refresh(fresh.refreshToken ?? '')).toEqual({ status: 400, type: 'NotAuthorizedException' });
    expect(await mfa()).toEqual([]);
    // The password alone signs in again.
    expect((await t.client.signIn(carol.email)).accessToken).toBeTruthy();
  });
});
