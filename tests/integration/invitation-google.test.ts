/**
 * An invitation used by a Google sign-up, on a stack of its own (the demo Google accounts are
 * fresh there): Google's verified address is the invited one, so the first sign-in uses the
 * invitation in the write that creates the profile. The hosted UI's walk alone makes the user.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { siteConfig } from '../../shared/site-config';
import { userPoolDefinition } from '../../shared/user-pool';
import { DEMO_GOOGLE_ACCOUNTS } from '../../infra/local/google/demo-accounts';
import { walkGoogleSignIn } from '../../infra/local/google/sign-in-walk';
import { invitationKeys } from '../../lambdas/lib/data/table';
import { useTestStack } from './support/use-stack';

const t = useTestStack();
const grace = DEMO_GOOGLE_ACCOUNTS[0];

/** The first Google sign-in as the web starts it, to the site's redirect: the user and its profile exist then. */
async function googleFirstSignIn(account: string): Promise<void> {
  const { oauthDomain, userPoolClientId } = siteConfig(await (await fetch(`${t.stack.url}/config.json`)).json());
  const authorize = new URL(`https://${oauthDomain}/oauth2/authorize`);
  const params = {
    redirect_uri: `${t.stack.url}/`,
    response_type: 'code',
    client_id: userPoolClientId,
    identity_provider: 'Google',
    scope: `openid email profile ${userPoolDefinition.apiScope}`,
    state: 'state',
    code_challenge: createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url'),
    code_challenge_method: 'S256',
  };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  const ca = readFileSync(join(t.stack.dataDir, 'hosted-ui-tls', 'cert.pem'), 'utf8');
  const landed = await walkGoogleSignIn(authorize.toString(), account, { ca, stopAt: t.stack.url });
  expect(landed.searchParams.get('code')).toBeTruthy();
}

it("a Google sign-up with the invited address uses the invitation, Google's word verifying it", async () => {
  if (!grace) throw new Error('a Google demo account');
  const admin = await t.client.newAdmin();
  const sent = await t.client.call('createInvitation', {
    token: admin.accessToken,
    body: { email: grace.email, firstName: grace.givenName, lastName: grace.familyName },
  });
  expect(sent.status).toBe(201);
  await googleFirstSignIn(grace.sub);
  const item = await t.table.item(invitationKeys.item(sent.body.invitation.id));
  expect(item).toMatchObject({ status: 'used', usedBySub: expect.any(String) });
  const log = await t.client.call('listActivity', { token: admin.accessToken, query: { kind: 'invitation-accepted' } });
  expect(log.body.entries).toMatchObject([{ actor: admin.email, clientEmail: grace.email, clientId: item?.usedBySub }]);
});
