/**
 * "Continue with Google" on the local stack, through its hosted UI and Google stand-in, as the web
 * app's Amplify drives it: /config.json turns it on; a first Google sign-in makes the federated
 * user, whose portfolio exists before the first API call; a second sign-in is the same client;
 * `npm run admin -- add <email>` finds the Google user and the next sign-in is an administrator's,
 * who sees Google clients in the list like any other. A stack without Google says so.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { siteConfig } from '../../shared/site-config';
import { userPoolDefinition } from '../../shared/user-pool';
import { DEMO_GOOGLE_ACCOUNTS } from '../../infra/local/google/demo-accounts';
import { walkGoogleSignIn } from '../../infra/local/google/sign-in-walk';
import { startTestStack } from './support/stack';
import { runTool } from './support/tool';
import { useSharedStack } from './support/use-stack';
import { tokenSignedInAgo } from './support/stale-token';
import { payoutMessages } from '../../shared/payout-account';

const t = useSharedStack();
const [grace, alan] = DEMO_GOOGLE_ACCOUNTS as [
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
];

const config = async (url: string) => siteConfig(await (await fetch(`${url}/config.json`)).json());
const claimsOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

/** The hosted UI's certificate, as the data folder keeps it: what the test trusts, and nothing else. */
const ca = () => readFileSync(join(t.stack.dataDir, 'hosted-ui-tls', 'cert.pem'), 'utf8');

function postForm(
  url: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const body = new URLSearchParams(form).toString();
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', ca: ca(), headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A Google sign-in as the web app makes it (Amplify's code flow with PKCE), to the tokens. */
async function googleSignIn(account: string): Promise<{ access: string; id: string }> {
  const { oauthDomain, userPoolClientId } = await config(t.stack.url);
  const verifier = randomBytes(32).toString('base64url');
  const authorize = new URL(`https://${oauthDomain}/oauth2/authorize`);
  const redirectUri = `${t.stack.url}/`;
  for (const [k, v] of Object.entries({
    redirect_uri: redirectUri,
    response_type: 'code',
    client_id: userPoolClientId,
    identity_provider: 'Google',
    scope: `openid email profile ${userPoolDefinition.apiScope}`,
    state: 'amplify-state',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  })) {
    authorize.searchParams.set(k, v);
  }
  const landed = await walkGoogleSignIn(authorize.toString(), account, { ca: ca(), stopAt: t.stack.url });
  const code = landed.searchParams.get('code');
  if (!code) throw new Error(`no code: ${landed.toString()}`);
  const tokens = await postForm(`https://${oauthDomain}/oauth2/token`, {
    grant_type: 'authorization_code',
    client_id: userPoolClientId,
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });
  expect(tokens.status).toBe(200);
  return { access: String(tokens.body.access_token), id: String(tokens.body.id_token) };
}

it('turns Google on in /config.json, with the hosted UI in the content security policy', async () => {
  const site = await config(t.stack.url);
  expect(site).toMatchObject({ googleSignIn: true, oauthDomain: expect.stringMatching(/^localhost:\d+$/) });
  const csp = (await fetch(`${t.stack.url}/config.json`)).headers.get('content-security-policy') ?? '';
  expect(csp).toContain(`connect-src 'self' https://${site.oauthDomain}`);
});

it('signs a new Google client in with a portfolio that exists before the first call, and the same one the next time', async () => {
  const first = await googleSignIn(grace.sub);
  const sub = String(claimsOf(first.id).sub);
  expect(claimsOf(first.id)).toMatchObject({
    email: grace.email,
    given_name: grace.givenName,
    family_name: grace.familyName,
    'cognito:username': `Google_${grace.sub}`,
  });
  const portfolio = await t.client.call('getPortfolio', { token: first.access, params: { userId: sub } });
  expect(portfolio).toMatchObject({ status: 200, body: { portfolio: { userId: sub, balance: 0 } } });

  const again = await googleSignIn(grace.sub);
  expect(claimsOf(again.id).sub).toBe(sub);
  expect(
    (await t.client.call('getPortfolio', { token: again.access, params: { userId: sub } })).body.portfolio?.userId,
  ).toBe(sub);
});

it('lets a Google client set a payout account with its recent Google sign-in, which has no password to ask', async () => {
  const katherine = DEMO_GOOGLE_ACCOUNTS[2];
  if (!katherine) throw new Error('a third Google demo account');
  const tokens = await googleSignIn(katherine.sub);
  const sub = String(claimsOf(tokens.id).sub);
  const body = {
    holderName: `${katherine.givenName} ${katherine.familyName}`,
    bankName: 'Example Bank',
    kind: 'us',
    accountNumber: '123456789',
    routingNumber: '011000015',
  };
  const stale = tokenSignedInAgo(t.stack.dataDir, tokens.access, 6 * 60_000);
  const refused = await t.client.callAny('setPayoutAccount', { token: stale, params: { uid: sub }, body });
  expect([refused.status, refused.body]).toEqual([403, { error: payoutMessages.freshSignInRequired }]);
  // A Google sign-up accepts the client agreement on the dashboard's prompt, as here, before any change.
  await t.client.acceptAgreement({ sub, accessToken: tokens.access });
  const set = await t.client.callAny('setPayoutAccount', { token: tokens.access, params: { uid: sub }, body });
  expect(set).toMatchObject({ status: 200, body: { account: { kind: 'us', last4: '6789' } } });
});

it('makes a Google user an administrator by e-mail, who then lists Google clients like any other', async () => {
  await googleSignIn(alan.sub);
  const made = await runTool('admin.ts', ['add', alan.email.toUpperCase(), '--data-dir', t.stack.dataDir]);
  expect(made).toMatchObject({
    code: 0,
    output: expect.stringContaining("They sign in with Google, so their second factor is Google's"),
  });
  const admin = await googleSignIn(alan.sub);
  expect(claimsOf(admin.access)['cognito:groups']).toEqual([userPoolDefinition.adminGroup]);
  // Alan, an administrator with no money, is a staff account: Grace is a client, he is not listed.
  const listed = await t.client.allClients(admin.access, { search: 'demo@gmail.com' });
  expect(listed.map((c) => [c.email, c.displayName])).toContainEqual([
    grace.email,
    `${grace.givenName} ${grace.familyName}`,
  ]);
  expect(listed.map((c) => c.email)).not.toContain(alan.email);
  expect(await runTool('admin.ts', ['add', 'nobody@example.com', '--data-dir', t.stack.dataDir])).toMatchObject({
    code: 1,
    output: expect.stringContaining('no user nobody@example.com in the pool'),
  });
});

it('has no Google sign-in on a stack started without it, as a stage without a Google provider', async () => {
  // A stack of its own: started without the Google stand-in, which the shared stack has.
  const plain = await startTestStack({ seed: false, env: { LOCAL_GOOGLE: 'off' } });
  try {
    expect(await config(plain.url)).toMatchObject({ googleSignIn: false, oauthDomain: null });
  } finally {
    await plain.stop();
  }
});
