/**
 * Password sign-in over SRP on a real local stack, judged by the clients the product ships:
 *  - Amplify's own `signIn` and `confirmSignIn` (aws-amplify/auth), configured as the web configures
 *    it (web/src/auth/amplify.ts, from /config.json): the oracle that the local Cognito's half of
 *    SRP is the one Amplify's client expects, as Cognito's is. Every Cognito call it makes is
 *    recorded on its way out (not changed): it signs in with USER_SRP_AUTH and never sends the
 *    password.
 * The API's own proof of a password (lambdas/lib/cognito/password-proof.ts, on the SRP client half
 * of shared/cognito-srp.ts) is judged by tests/integration/two-factor-takeover.test.ts.
 */
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, signIn, signOut } from 'aws-amplify/auth';
import { DEMO_ADMIN, DEMO_ADMIN_TOTP_SECRET, DEMO_PASSWORD } from '../../../seed';
import { parseSiteConfig } from '../../../../../shared/site-config';
import { configureAmplify } from '../../../../../web/src/auth/amplify';
import { claimsOf, freshTotpCode } from '../../../../../tests/integration/support/client';
import { failureOf } from '../../../../../tests/integration/support/failure';
import { useTestStack } from '../../../../../tests/integration/support/use-stack';

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
      calls.push({
        target: target.replace('AWSCognitoIdentityProviderService.', ''),
        body: typeof init?.body === 'string' ? init.body : '',
      });
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
    if (String(input instanceof Request ? input.url : input).startsWith(`${t.stack.url}/cognito`))
      cognitoCalls.record(init);
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
    expect(JSON.parse(calls[0]?.body ?? '{}')).toMatchObject({
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: 'alice@example.com', SRP_A: expect.any(String) },
    });
    expect(JSON.parse(calls[1]?.body ?? '{}')).toMatchObject({ ChallengeName: 'PASSWORD_VERIFIER' });
    expect(calls.some((c) => c.body.includes(DEMO_PASSWORD))).toBe(false);

    // The tokens are Cognito's for alice, and the API takes them.
    const { tokens } = await fetchAuthSession();
    const accessToken = tokens?.accessToken.toString() ?? '';
    const sub = String(claimsOf(accessToken).sub);
    expect(claimsOf(accessToken)).toMatchObject({
      token_use: 'access',
      client_id: t.stack.cognito.clientId,
      username: sub,
    });
    expect((await t.client.call('getPortfolio', { token: accessToken, params: { userId: sub } })).status).toBe(200);
  });

  it('asks a user with two-factor sign-in on for the code after the password; confirmSignIn with it signs in', async () => {
    const result = await signIn({ username: DEMO_ADMIN, password: DEMO_PASSWORD });
    expect(result.isSignedIn).toBe(false);
    expect(result.nextStep.signInStep).toBe('CONFIRM_SIGN_IN_WITH_TOTP_CODE');
    const confirmed = await confirmSignIn({ challengeResponse: await freshTotpCode(DEMO_ADMIN_TOTP_SECRET) });
    expect(confirmed).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    expect(cognitoCalls.take().map((c) => c.target)).toEqual([
      'InitiateAuth',
      'RespondToAuthChallenge',
      'RespondToAuthChallenge',
    ]);
    const { tokens } = await fetchAuthSession();
    expect(claimsOf(tokens?.accessToken.toString() ?? '')['cognito:groups']).toEqual(['admins']);
  });

  it("refuses a wrong password with Cognito's words, and signs no one in", async () => {
    expect(await failureOf(signIn({ username: 'alice@example.com', password: 'not-the-password' }))).toEqual({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
    expect(cognitoCalls.take().map((c) => c.target)).toEqual(['InitiateAuth', 'RespondToAuthChallenge']);
    expect((await fetchAuthSession()).tokens).toBeUndefined();
  });
});
