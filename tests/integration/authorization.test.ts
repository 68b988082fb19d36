/**
 * Who may call what: 401 without a valid access token (none, forged, expired, an ID token),
 * 403 for another client's data and for non-admins on admin routes, 404 for unknown clients.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RouteDef, routes } from '../../shared/api';
import { keys } from '../../lambdas/lib/data/table';
import { claimsOf, PASSWORD, type Session } from './support/client';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

let alice: Session;
let bob: Session;
let admin: Session;

beforeAll(async () => {
  [alice, bob, admin] = [await t.client.newClient('alice'), await t.client.newClient('bob'), await t.client.newAdmin()];
});

function sign(payload: Record<string, unknown>, privateKeyPem: string, kid: string): string {
  const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const head = enc({ alg: 'RS256', typ: 'JWT', kid });
  const body = enc(payload);
  const signature = createSign('RSA-SHA256').update(`${head}.${body}`).sign(privateKeyPem).toString('base64url');
  return `${head}.${body}.${signature}`;
}

const bodies: Record<string, unknown> = {
  createPortfolio: { userId: 'x', initialBalance: 0 },
  requestWithdrawal: { userId: 'x', userEmail: 'x@example.com', amount: 100 },
  addDeposit: { amount: 1, note: '' },
  processWithdrawal: { amount: 1, note: '' },
  updateBalance: { balance: 1 },
  rejectWithdrawalRequest: { reason: 'no' },
  regenerateStatement: { period: '2020-01' },
};

/** Every path parameter of a route naming `sub` (a passkey's too, which no one has by that id). */
const ids = (sub: string) => ({ userId: sub, uid: sub, id: sub, credentialId: sub });

describe('401: no valid access token', () => {
  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s without a token', async (_, route) => {
    const res = await t.client.callAny(route.name, { params: ids(alice.sub), body: bodies[route.name] });
    expect(res.status).toBe(401);
  });

  it('refuses an ID token, a token signed by another key, an expired one and garbage', async () => {
    const portfolio = (input: { token?: string; headers?: Record<string, string> }) =>
      t.client.call('getPortfolio', { ...input, params: { userId: alice.sub } });
    expect((await portfolio({ token: alice.accessToken })).status).toBe(200);
    expect((await portfolio({ token: alice.idToken })).status).toBe(401);
    expect((await portfolio({ token: 'not.a.jwt' })).status).toBe(401);
    expect((await portfolio({ headers: { authorization: alice.accessToken } })).status).toBe(401);

    const claims = claimsOf(alice.accessToken);
    const header = JSON.parse(Buffer.from(alice.accessToken.split('.')[0] ?? '', 'base64url').toString()) as {
      kid: string;
    };
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect((await portfolio({ token: sign(claims, stranger, header.kid) })).status).toBe(401);

    // the stack's own key, but expired: only the expiry is wrong
    const pem = readFileSync(join(t.stack.dataDir, 'cognito', 'jwt-signing-key.pem'), 'utf8');
    const now = Math.floor(Date.now() / 1000);
    const fresh = sign({ ...claims, iat: now, exp: now + 600 }, pem, header.kid);
    expect((await portfolio({ token: fresh })).status).toBe(200);
    const expired = sign({ ...claims, iat: now - 7200, exp: now - 3600 }, pem, header.kid);
    expect((await portfolio({ token: expired })).status).toBe(401);
    const noScope = sign({ ...claims, scope: 'openid', iat: now, exp: now + 600 }, pem, header.kid);
    expect((await portfolio({ token: noScope })).status).toBe(401);
    const otherClient = sign({ ...claims, client_id: 'someone-else', iat: now, exp: now + 600 }, pem, header.kid);
    expect((await portfolio({ token: otherClient })).status).toBe(401);
  });
});

describe('403: not yours, not admin', () => {
  // Routes of the caller's own account name no client at all: the next test shows they act on the caller alone.
  const clientRoutes = routes.filter((r) => r.auth === 'client' && (r as RouteDef).owner !== 'self');
  it.each(clientRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s with another client as owner',
    async (_, route) => {
      const body =
        route.name === 'createPortfolio' || route.name === 'requestWithdrawal'
          ? { ...(bodies[route.name] as object), userId: alice.sub }
          : undefined;
      const res = await t.client.callAny(route.name, { token: bob.accessToken, params: ids(alice.sub), body });
      expect(res.status).toBe(403);
      expect(res.body).toHaveProperty('error', 'You can only access your own portfolio');
    },
  );

  it("the caller's own account (/api/me/...): no path or body names anyone else, so a call changes the caller's record alone", async () => {
    const aliceBefore = await t.table.item(keys.security(alice.sub));
    const res = await t.client.call('setUpTwoFactor', { token: bob.accessToken, body: { password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(await t.table.item(keys.security(bob.sub))).toMatchObject({ pendingAssociationAt: expect.any(Number) });
    expect(await t.table.item(keys.security(alice.sub))).toEqual(aliceBefore);
    // Naming a client there is no route at all.
    expect(
      (await t.client.api('POST', `/api/me/${alice.sub}/two-factor/setup`, { token: bob.accessToken })).status,
    ).toBe(404);
    const smuggled = await t.client.api('POST', '/api/me/password', {
      token: bob.accessToken,
      body: { previousPassword: 'x', proposedPassword: 'Newpass-1', userId: alice.sub },
    });
    expect(smuggled).toMatchObject({ status: 400, body: { error: 'Unknown field: userId' } });
  });

  const adminRoutes = routes.filter((r) => r.auth === 'admin');
  it.each(adminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s as a client', async (_, route) => {
    const res = await t.client.callAny(route.name, {
      token: alice.accessToken,
      params: ids(alice.sub),
      body: bodies[route.name],
    });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Administrator access required' });
  });

  it('admins may read any client through the client routes, but not act as them', async () => {
    expect(
      (await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: alice.sub } })).status,
    ).toBe(200);
    expect(
      (await t.client.call('listTransactions', { token: admin.accessToken, params: { uid: alice.sub } })).status,
    ).toBe(200);
    const res = await t.client.call('requestWithdrawal', {
      token: admin.accessToken,
      body: { userId: alice.sub, userEmail: alice.email, amount: 100 },
    });
    expect(res.status).toBe(403);
  });
});

describe('404: unknown client', () => {
  const unknown = '00000000-0000-4000-8000-000000000000';
  it.each(routes.filter((r) => r.path.includes('/clients/{id}')).map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s',
    async (_, route) => {
      const res = await t.client.callAny(route.name, {
        token: admin.accessToken,
        params: ids(unknown),
        body: bodies[route.name],
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Client not found' });
    },
  );

  it('an admin reading an unknown portfolio', async () => {
    const res = await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: unknown } });
    expect(res).toMatchObject({ status: 404, body: { error: 'Client not found' } });
  });

  it('an unknown withdrawal request, or a malformed id', async () => {
    for (const id of [`${unknown}.0mwabc`, 'nope', 'a.b!c']) {
      const res = await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } });
      expect(res).toMatchObject({ status: 404, body: { error: 'Withdrawal request not found' } });
    }
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await t.client.api('GET', '/api/nothing-here', { token: admin.accessToken });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({ message: 'Not Found' });
  });
});
