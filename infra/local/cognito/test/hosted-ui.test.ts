/**
 * The local hosted UI against the Google stand-in, in this process: the code flow with PKCE as
 * Amplify drives it, the federated user and its triggers, and every refusal Cognito makes (a
 * redirect URI not on the client, a replayed, expired or foreign code, a wrong PKCE verifier),
 * the refresh grant, the sign-out redirect, and a cancel at Google.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { request } from 'node:https';
import { join } from 'node:path';
import type { PostConfirmationTriggerEvent, PreSignUpTriggerEvent, PreTokenGenerationTriggerEvent } from 'aws-lambda';
import {
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  ChangePasswordCommand,
  ConfirmForgotPasswordCommand,
  CreateUserPoolClientCommand,
  DescribeUserPoolClientCommand,
  ForgotPasswordCommand,
  SignUpCommand,
  UpdateUserPoolClientCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { failureOf } from '../../../../tests/integration/support/failure';
import { userPoolDefinition } from '../../../../shared/user-pool';
import { DEMO_GOOGLE_ACCOUNTS } from '../../google/demo-accounts';
import { type GoogleStandIn, startGoogleStandIn } from '../../google/stand-in';
import { walkGoogleSignIn } from '../../google/sign-in-walk';
import { freePort } from '../../ports';
import { maskEmail } from '../delivery';
import { hostedUiCertificate, type HostedUiCertificate } from '../hosted-ui-tls';
import type { CapturedEmail } from '../index';
import { createConfirmedUser, useLocalCognito } from './test-support';

jest.setTimeout(30_000);

const APP = 'http://localhost:3999/';
const preSignUps: PreSignUpTriggerEvent[] = [];
const postConfirmations: PostConfirmationTriggerEvent[] = [];
const preTokenGenerations: PreTokenGenerationTriggerEvent[] = [];
const mails: CapturedEmail[] = [];
let google: GoogleStandIn;
let tls: HostedUiCertificate;
const [grace, alan, katherine] = DEMO_GOOGLE_ACCOUNTS as [
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
];

const t = useLocalCognito(async (root) => {
  const port = await freePort();
  const client = { clientId: 'hosted-ui-test', clientSecret: randomBytes(16).toString('hex') };
  google = await startGoogleStandIn({ ...client, redirectUri: `https://localhost:${port}/oauth2/idpresponse` });
  tls = await hostedUiCertificate(join(root, 'tls'));
  return {
    triggers: {
      // A slow trigger for the third account: two first sign-ins of it overlap where the user is made.
      preSignUp: async (event) => {
        preSignUps.push(event);
        if (event.userName.endsWith(katherine.sub)) await new Promise((resolve) => setTimeout(resolve, 300));
        return event;
      },
      postConfirmation: async (event) => (postConfirmations.push(event), event),
      preTokenGeneration: async (event) => (preTokenGenerations.push(structuredClone(event)), event),
    },
    onEmail: (mail) => mails.push(mail),
    hostedUi: { google: { issuer: google.issuer, ...client }, callbackUrls: [APP], logoutUrls: [APP], tls, port },
  };
});

afterAll(async () => {
  await google?.stop();
});

beforeEach(() => {
  for (const record of [preSignUps, postConfirmations, preTokenGenerations, mails]) record.length = 0;
});

const origin = () => t.cognito.hostedUi?.origin ?? '';
const verifierAndChallenge = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${origin()}/oauth2/authorize`);
  const defaults = {
    response_type: 'code',
    client_id: t.cognito.clientId,
    redirect_uri: APP,
    identity_provider: 'Google',
    scope: `openid email profile ${userPoolDefinition.apiScope}`,
    state: 'app-state',
  };
  for (const [k, v] of Object.entries({ ...defaults, ...params })) url.searchParams.set(k, v);
  return url.toString();
}

/** A request to the hosted UI, trusting its certificate only. */
function hosted(
  path: string,
  init: { method?: string; form?: Record<string, string>; origin?: string } = {},
): Promise<{
  status: number;
  location: string | null;
  json: Record<string, unknown>;
  headers: Record<string, unknown>;
}> {
  const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, origin()),
      {
        method: init.method ?? 'GET',
        ca: tls.cert,
        headers: {
          ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          ...(init.origin ? { origin: init.origin } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          let json: Record<string, unknown>;
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            json = {};
          }
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, json, headers: res.headers });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const signInAs = async (googleSub: string, pkce = verifierAndChallenge()) => {
  const landed = await walkGoogleSignIn(
    authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }),
    googleSub,
    { ca: tls.cert, stopAt: APP },
  );
  return { landed, pkce };
};

const redeem = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  hosted('/oauth2/token', {
    method: 'POST',
    form: {
      grant_type: 'authorization_code',
      client_id: t.cognito.clientId,
      code,
      redirect_uri: APP,
      code_verifier: verifier,
      ...extra,
    },
    origin: 'http://localhost:3999',
  });

const claimsOf = (jwt: unknown) =>
  JSON.parse(Buffer.from(String(jwt).split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** A Google sign-in through the hosted UI, to its tokens. */
const googleTokens = async (googleSub: string) => {
  const { landed, pkce } = await signInAs(googleSub);
  const tokens = await redeem(landed.searchParams.get('code') ?? '', pkce.verifier);
  expect(tokens.status).toBe(200);
  return tokens.json;
};

/** No federated user for this Google account (yet): its next sign-in is a first one. */
async function withoutGoogleUser(googleSub: string): Promise<void> {
  const deleted = t.sdk.send(
    new AdminDeleteUserCommand({ UserPoolId: t.cognito.userPoolId, Username: `Google_${googleSub}` }),
  );
  await deleted.catch((error: unknown) => {
    if ((error as Error).name !== 'UserNotFoundException') throw error;
  });
}

describe('the hosted UI with Google', () => {
  it('signs a first-time Google user in: the federated user, its triggers, and tokens with the API scope', async () => {
    await withoutGoogleUser(grace.sub);
    const { landed, pkce } = await signInAs(grace.sub);
    expect(landed.origin + landed.pathname).toBe(APP);
    expect(landed.searchParams.get('state')).toBe('app-state');
    const code = landed.searchParams.get('code') ?? '';
    expect(Object.fromEntries(landed.searchParams)).toEqual({ code: expect.any(String), state: 'app-state' });

    const tokens = await redeem(code, pkce.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.headers['access-control-allow-origin']).toBe('http://localhost:3999');
    expect(tokens.json).toMatchObject({
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
    });
    const access = claimsOf(tokens.json.access_token);
    const id = claimsOf(tokens.json.id_token);
    expect(String(access.scope).split(' ')).toEqual(expect.arrayContaining(['openid', userPoolDefinition.apiScope]));
    expect(access).toMatchObject({
      token_use: 'access',
      client_id: t.cognito.clientId,
      username: `Google_${grace.sub}`,
    });
    expect(id).toMatchObject({
      'cognito:username': `Google_${grace.sub}`,
      email: grace.email,
      email_verified: true,
      given_name: grace.givenName,
      family_name: grace.familyName,
      identities: [expect.objectContaining({ providerName: 'Google', providerType: 'Google', userId: grace.sub })],
    });

    // The sign-up triggers ran once, as Cognito runs them for a first federated sign-in.
    expect(preSignUps.map((e) => [e.triggerSource, e.userName])).toEqual([
      ['PreSignUp_ExternalProvider', `Google_${grace.sub}`],
    ]);
    expect(
      postConfirmations.map((e) => [
        e.triggerSource,
        e.userName,
        e.request.userAttributes.email,
        e.request.userAttributes.sub,
      ]),
    ).toEqual([['PostConfirmation_ConfirmSignUp', `Google_${grace.sub}`, grace.email, id.sub]]);
    const user = await t.sdk.send(
      new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: `Google_${grace.sub}` }),
    );
    expect(user.UserStatus).toBe('EXTERNAL_PROVIDER');

    // A second sign-in is the same user, and runs no sign-up trigger again.
    const again = await signInAs(grace.sub);
    const second = await redeem(again.landed.searchParams.get('code') ?? '', again.pkce.verifier);
    expect(claimsOf(second.json.id_token).sub).toBe(id.sub);
    expect(postConfirmations).toHaveLength(1);

    // Refresh: new access and ID tokens for the same user, and the refresh token rotated.
    const refreshed = await hosted('/oauth2/token', {
      method: 'POST',
      form: {
        grant_type: 'refresh_token',
        client_id: t.cognito.clientId,
        refresh_token: String(tokens.json.refresh_token),
      },
    });
    expect(refreshed.status).toBe(200);
    expect(typeof refreshed.json.refresh_token).toBe('string');
    expect(refreshed.json.refresh_token).not.toBe(tokens.json.refresh_token);
    expect(claimsOf(refreshed.json.id_token).sub).toBe(id.sub);
    // The refreshed access token keeps the scopes of the sign-in.
    expect(claimsOf(refreshed.json.access_token).scope).toBe(access.scope);
    // A Google sign-in says nothing of how the user proved themselves at Google: no amr, then or after.
    for (const token of [tokens.json.access_token, tokens.json.id_token, refreshed.json.access_token])
      expect(claimsOf(token).amr).toBeUndefined();
    expect(
      (
        await hosted('/oauth2/token', {
          method: 'POST',
          form: { grant_type: 'refresh_token', client_id: t.cognito.clientId, refresh_token: 'not-a-token' },
        })
      ).json,
    ).toEqual({ error: 'invalid_grant' });

    // No password opens a Google user's account.
    await expect(t.signIn(`Google_${grace.sub}`, 'any-password')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('redeems a code once, for its client, redirect URI and PKCE verifier, within 5 minutes', async () => {
    const replayed = await signInAs(alan.sub);
    const code = replayed.landed.searchParams.get('code') ?? '';
    expect((await redeem(code, replayed.pkce.verifier)).status).toBe(200);
    expect(await redeem(code, replayed.pkce.verifier)).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    const wrongVerifier = await signInAs(alan.sub);
    expect(
      await redeem(wrongVerifier.landed.searchParams.get('code') ?? '', verifierAndChallenge().verifier),
    ).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    const wrongRedirect = await signInAs(alan.sub);
    expect(
      await redeem(wrongRedirect.landed.searchParams.get('code') ?? '', wrongRedirect.pkce.verifier, {
        redirect_uri: 'http://localhost:3999/other',
      }),
    ).toMatchObject({ json: { error: 'invalid_grant' } });

    const late = await signInAs(alan.sub);
    t.advance(5 * 60_000 + 1_000);
    expect(await redeem(late.landed.searchParams.get('code') ?? '', late.pkce.verifier)).toMatchObject({
      status: 400,
      json: { error: 'invalid_grant' },
    });

    expect(await redeem('x', 'y', { client_id: 'nope' })).toMatchObject({
      status: 400,
      json: { error: 'invalid_client' },
    });
    expect(
      await hosted('/oauth2/token', {
        method: 'POST',
        form: { grant_type: 'password', client_id: t.cognito.clientId },
      }),
    ).toMatchObject({ json: { error: 'unsupported_grant_type' } });
  });

  it('refuses a redirect URI not on the client, and sends other errors back to the app', async () => {
    const mismatch = await hosted(
      new URL(authorizeUrl({ redirect_uri: 'https://evil.example/' })).pathname +
        new URL(authorizeUrl({ redirect_uri: 'https://evil.example/' })).search,
    );
    expect(mismatch.status).toBe(302);
    expect(mismatch.location).toBe(`${origin()}/error?error=redirect_mismatch&client_id=${t.cognito.clientId}`);
    const unknownClient = new URL(authorizeUrl({ client_id: 'nope' }));
    expect((await hosted(unknownClient.pathname + unknownClient.search)).location).toMatch(
      /\/error\?error=redirect_mismatch/,
    );
    for (const [params, error] of [
      [{ scope: 'openid phone' }, 'invalid_scope'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge: 'short', code_challenge_method: 'plain' }, 'invalid_request'],
    ] as const) {
      const url = new URL(authorizeUrl(params));
      const back = await hosted(url.pathname + url.search);
      expect(new URL(back.location ?? '').searchParams.get('error')).toBe(error);
      expect((back.location ?? '').startsWith(APP)).toBe(true);
    }
  });

  it('says access_denied to the app when the user cancels at Google, and makes no user', async () => {
    const before = postConfirmations.length;
    const landed = await walkGoogleSignIn(authorizeUrl({}), 'cancel', { ca: tls.cert, stopAt: APP });
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('state')).toBe('app-state');
    expect(landed.searchParams.get('code')).toBeNull();
    expect(postConfirmations).toHaveLength(before);
  });

  it('makes one user of two first sign-ins of an account at once', async () => {
    await withoutGoogleUser(katherine.sub);
    const both = await Promise.all([signInAs(katherine.sub), signInAs(katherine.sub)]);
    const subs = await Promise.all(
      both.map(
        async ({ landed, pkce }) =>
          claimsOf((await redeem(landed.searchParams.get('code') ?? '', pkce.verifier)).json.id_token).sub,
      ),
    );
    expect(subs[0]).toBe(subs[1]);
    expect(postConfirmations).toHaveLength(1);
  });

  it('grants every scope the client allows when none is asked for, as Cognito does', async () => {
    const pkce = verifierAndChallenge();
    const url = new URL(authorizeUrl({ code_challenge: pkce.challenge, code_challenge_method: 'S256' }));
    url.searchParams.delete('scope');
    const landed = await walkGoogleSignIn(url.toString(), alan.sub, { ca: tls.cert, stopAt: APP });
    const tokens = await redeem(landed.searchParams.get('code') ?? '', pkce.verifier);
    expect(String(claimsOf(tokens.json.access_token).scope).split(' ').sort()).toEqual(
      ['email', 'openid', 'profile', userPoolDefinition.apiScope].sort(),
    );
  });

  it('answers only requests addressed to it by a loopback name, on the stand-in as on the hosted UI', async () => {
    const misdirected = await new Promise<number>((resolve, reject) => {
      const port = new URL(google.issuer).port;
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/.well-known/openid-configuration',
          headers: { host: `rebound.example:${port}` },
        },
        (res: { statusCode?: number; resume(): void }) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(misdirected).toBe(421);
  });

  it('signs out back to a sign-out URL of the client only', async () => {
    expect(
      (await hosted(`/logout?client_id=${t.cognito.clientId}&logout_uri=${encodeURIComponent(APP)}`)).location,
    ).toBe(APP);
    expect(
      (
        await hosted(
          `/logout?client_id=${t.cognito.clientId}&logout_uri=${encodeURIComponent('https://evil.example/')}`,
        )
      ).location,
    ).toMatch(/\/error\?error=redirect_mismatch/);
  });

  it("names the hosted UI's endpoints in the pool's OpenID configuration", async () => {
    const config = (await (await fetch(`${t.cognito.issuer}/.well-known/openid-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(config).toMatchObject({
      authorization_endpoint: `${origin()}/oauth2/authorize`,
      token_endpoint: `${origin()}/oauth2/token`,
      end_session_endpoint: `${origin()}/logout`,
    });
  });
});

describe("the token endpoint's refresh of an API sign-in", () => {
  it('keeps the amr the sign-in gave (a password here)', async () => {
    const address = `amr-${randomBytes(4).toString('hex')}@example.com`;
    await createConfirmedUser(t.sdk, t.cognito.userPoolId, address, 'secret-pw1');
    const signedIn = (await t.signIn(address, 'secret-pw1')).AuthenticationResult;
    expect(claimsOf(signedIn?.AccessToken).amr).toEqual(userPoolDefinition.signInMethods.password);
    const refreshed = await hosted('/oauth2/token', {
      method: 'POST',
      form: {
        grant_type: 'refresh_token',
        client_id: t.cognito.clientId,
        refresh_token: String(signedIn?.RefreshToken),
      },
    });
    expect(refreshed.status).toBe(200);
    expect(claimsOf(refreshed.json.access_token).amr).toEqual(userPoolDefinition.signInMethods.password);
    expect(claimsOf(refreshed.json.id_token).amr).toEqual(userPoolDefinition.signInMethods.password);
  });
});

describe('a Google user signs in at Google only', () => {
  const incorrect = { name: 'NotAuthorizedException', message: 'Incorrect username or password.' };

  it('cannot be turned into a password user: ForgotPassword mails no code, no code resets it, ChangePassword refuses, no password signs it in', async () => {
    const tokens = await googleTokens(grace.sub);
    const username = `Google_${grace.sub}`;
    const sent = mails.length;
    // By its user name or its address, in any case: answered as a name nobody has, nothing sent.
    for (const name of [username, grace.email, grace.email.toUpperCase()]) {
      const out = await t.sdk.send(new ForgotPasswordCommand({ ClientId: t.cognito.clientId, Username: name }));
      expect(out.CodeDeliveryDetails).toEqual({
        AttributeName: 'email',
        DeliveryMedium: 'EMAIL',
        Destination: maskEmail(name),
      });
    }
    expect(mails.slice(sent)).toEqual([]);
    // Any code: the mismatch of an unknown name.
    for (const code of ['000000', '123456', '999999']) {
      const confirm = t.sdk.send(
        new ConfirmForgotPasswordCommand({
          ClientId: t.cognito.clientId,
          Username: username,
          ConfirmationCode: code,
          Password: 'taken-over-1',
        }),
      );
      expect(await failureOf(confirm)).toEqual({
        name: 'CodeMismatchException',
        message: 'Invalid verification code provided, please try again.',
      });
    }
    // Its own token cannot put a password on it either.
    const change = t.sdk.send(
      new ChangePasswordCommand({
        AccessToken: String(tokens.access_token),
        PreviousPassword: 'anything-1',
        ProposedPassword: 'taken-over-1',
      }),
    );
    expect(await failureOf(change)).toEqual(incorrect);
    for (const name of [username, grace.email])
      await expect(t.signIn(name, 'taken-over-1')).rejects.toMatchObject(incorrect);
    expect(
      (await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: username }))).UserStatus,
    ).toBe('EXTERNAL_PROVIDER');
    // And Google still signs it in.
    expect(claimsOf((await googleTokens(grace.sub)).id_token)['cognito:username']).toBe(username);
  });

  it('a client that does not prevent existence errors hears why: the password cannot be reset in this state', async () => {
    await googleTokens(grace.sub);
    const { UserPoolClient } = await t.sdk.send(
      new CreateUserPoolClientCommand({
        UserPoolId: t.cognito.userPoolId,
        ClientName: 'legacy-for-google-test',
        PreventUserExistenceErrors: 'LEGACY',
      }),
    );
    const legacy = UserPoolClient!.ClientId!;
    const username = `Google_${grace.sub}`;
    const cannot = { name: 'NotAuthorizedException', message: 'User password cannot be reset in the current state.' };
    expect(await failureOf(t.sdk.send(new ForgotPasswordCommand({ ClientId: legacy, Username: username })))).toEqual(
      cannot,
    );
    const confirm = t.sdk.send(
      new ConfirmForgotPasswordCommand({
        ClientId: legacy,
        Username: username,
        ConfirmationCode: '123456',
        Password: 'taken-over-1',
      }),
    );
    expect(await failureOf(confirm)).toEqual(cannot);
  });

  it("signs up an e-mail account with a Google user's address alike in any case: a user of its own, as Cognito makes one", async () => {
    await googleTokens(grace.sub);
    const googleUser = await t.sdk.send(
      new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: `Google_${grace.sub}` }),
    );
    for (const address of [grace.email, grace.email.toUpperCase()]) {
      const out = await t.sdk.send(
        new SignUpCommand({
          ClientId: t.cognito.clientId,
          Username: address,
          Password: 'own-password-1',
          UserAttributes: [
            { Name: 'email', Value: address },
            { Name: 'given_name', Value: 'Grace' },
            { Name: 'family_name', Value: 'Hopper' },
          ],
        }),
      );
      expect(out.UserConfirmed).toBe(false);
      expect(out.UserSub).not.toBe(googleUser.UserAttributes?.find((a) => a.Name === 'sub')?.Value);
      const made = await t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }));
      expect([made.Username, made.UserStatus]).toEqual([out.UserSub, 'UNCONFIRMED']);
      await t.sdk.send(new AdminDeleteUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }));
      // No address finds the Google user; it is as it was.
      expect(
        (await failureOf(t.sdk.send(new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: address }))))
          .name,
      ).toBe('UserNotFoundException');
      const after = await t.sdk.send(
        new AdminGetUserCommand({ UserPoolId: t.cognito.userPoolId, Username: `Google_${grace.sub}` }),
      );
      expect([after.UserStatus, after.UserAttributes]).toEqual([googleUser.UserStatus, googleUser.UserAttributes]);
    }
  });

  it("writes Google's mapped attributes with the client's write permission: the client lets users write `picture` too, and a sign-in fails when one it maps is not writable", async () => {
    const writable = [...userPoolDefinition.writeAttributes, ...userPoolDefinition.googleWriteAttributes];
    const described = await t.sdk.send(
      new DescribeUserPoolClientCommand({ UserPoolId: t.cognito.userPoolId, ClientId: t.cognito.clientId }),
    );
    expect(described.UserPoolClient?.WriteAttributes).toEqual(writable);
    const update = (WriteAttributes: string[]) =>
      t.sdk.send(
        new UpdateUserPoolClientCommand({
          UserPoolId: t.cognito.userPoolId,
          ClientId: t.cognito.clientId,
          WriteAttributes,
        }),
      );
    await update(writable.filter((name) => name !== 'given_name'));
    try {
      const { landed } = await signInAs(alan.sub);
      expect(Object.fromEntries(landed.searchParams)).toEqual({
        error: 'server_error',
        error_description: 'The sign-in with Google could not be completed.',
        state: 'app-state',
      });
    } finally {
      await update(writable);
    }
    expect((await googleTokens(alan.sub)).access_token).toBeTruthy();
  });

  it("runs the Pre Token Generation trigger at the code exchange (TokenGeneration_HostedAuth) and at each refresh; auth_time stays the sign-in's", async () => {
    const before = preTokenGenerations.length;
    const tokens = await googleTokens(alan.sub);
    expect(preTokenGenerations.slice(before).map((e) => [e.triggerSource, e.userName])).toEqual([
      ['TokenGeneration_HostedAuth', `Google_${alan.sub}`],
    ]);
    expect(preTokenGenerations.at(-1)?.request.userAttributes).toMatchObject({
      email: alan.email,
      'cognito:user_status': 'EXTERNAL_PROVIDER',
    });
    const authTime = claimsOf(tokens.access_token).auth_time;
    expect(claimsOf(tokens.id_token).auth_time).toBe(authTime);
    while (Math.floor(Date.now() / 1000) <= Number(authTime)) await new Promise((resolve) => setTimeout(resolve, 50));
    const refreshed = await hosted('/oauth2/token', {
      method: 'POST',
      form: { grant_type: 'refresh_token', client_id: t.cognito.clientId, refresh_token: String(tokens.refresh_token) },
    });
    expect(preTokenGenerations.at(-1)?.triggerSource).toBe('TokenGeneration_RefreshTokens');
    for (const token of [refreshed.json.access_token, refreshed.json.id_token]) {
      expect(claimsOf(token).auth_time).toBe(authTime);
      expect(Number(claimsOf(token).iat)).toBeGreaterThan(Number(authTime));
    }
  });
});
