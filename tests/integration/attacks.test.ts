/**
 * A security review's attacks, replayed against the real local stack. Each one must
 * get a clear refusal and change nothing; a test here fails if its hole comes back.
 */
import { request } from 'node:http';
import {
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { type RouteDef, routes } from '../../shared/api';
import { apiMessages } from '../../shared/messages';
import { claimsOf, PASSWORD, pathOf, type Session } from './support/client';
import { eventually } from './support/eventually';
import { useTestStack } from './support/use-stack';
import { refusals } from '../../shared/refusals';
import { invitationRefusals } from '../../shared/invitations';
import { passkeyMessages } from '../../shared/passkeys';
import { documentRefusals } from '../../shared/documents';

// Admin membership is re-read from Cognito after at most this long (60 s in AWS).
const RECHECK_SECONDS = 1;
// getClientHistory runs without any table access here, to show the local IAM check is live.
// A stack of its own: a one-second admin recheck and a denied grant (LOCAL_IAM_DENY), which would
// change what every other file on a shared stack sees.
const t = useTestStack({
  seed: false,
  env: { ADMIN_RECHECK_SECONDS: String(RECHECK_SECONDS), LOCAL_IAM_DENY: 'getClientHistory' },
});

let alice: Session;
let admin: Session;

beforeAll(async () => {
  [alice, admin] = [await t.client.newClient('alice'), await t.client.newAdmin()];
});

/**
 * Waits until `call` is refused, for no longer than the recheck time (and a little for the call
 * itself): the stack's clock is the machine's, so the recheck time has to pass for real.
 */
const refusedWithinRecheck = (call: () => Promise<{ status: number }>) =>
  eventually(async () => expect((await call()).status).toBe(403), RECHECK_SECONDS * 1000 + 200, 100);

/** A raw Cognito call to a URL, as a script (or a page) would send it. */
async function cognitoCall(url: string, target: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { __type?: string; message?: string },
  };
}

/** A request with any Host header (fetch will not send a forged one), to the gateway or another local port. */
function rawGet(
  path: string,
  host: string,
  base = t.stack.url,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(port), path, headers: { host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const groupsOf = async (email: string) =>
  (
    await t.client.cognitoAdmin.send(
      new AdminListGroupsForUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email }),
    )
  ).Groups?.map((g) => g.GroupName) ?? [];

describe('1. the Cognito proxy forwards only the exact operations a browser may call', () => {
  const smuggled = ['AdminSetUserPassword', 'AdminAddUserToGroup', 'ListUsers', 'AdminUpdateUserAttributes'];

  it.each(smuggled)(
    'refuses AWSCognitoIdentityProviderService.%s.SignUp, with no token, and changes nothing',
    async (operation) => {
      const body = {
        UserPoolId: t.stack.cognito.userPoolId,
        Username: alice.email,
        GroupName: 'admins',
        Password: 'Hijacked1',
        Permanent: true,
        UserAttributes: [{ Name: 'email', Value: 'attacker@example.com' }],
      };
      const res = await cognitoCall(
        `${t.stack.url}/cognito`,
        `AWSCognitoIdentityProviderService.${operation}.SignUp`,
        body,
      );
      expect(res.status).toBe(400);
      expect(res.body.__type).toBe('UnknownOperationException');
      expect(res.headers.get('x-amzn-errortype')).toBe('UnknownOperationException');
      expect(await groupsOf(alice.email)).toEqual([]);
      expect((await t.client.signIn(alice.email, PASSWORD)).sub).toBe(alice.sub);
    },
  );

  it.each([
    'AWSCognitoIdentityProviderService.AdminAddUserToGroup',
    'AWSCognitoIdentityProviderService.SignUp.AdminAddUserToGroup',
    'SomethingElse.AdminAddUserToGroup',
    'AdminAddUserToGroup',
    'AWSCognitoIdentityProviderService.',
    '',
  ])('refuses %j', async (target) => {
    const res = await cognitoCall(`${t.stack.url}/cognito`, target, {
      UserPoolId: t.stack.cognito.userPoolId,
      Username: alice.email,
      GroupName: 'admins',
    });
    expect(res.status).toBe(400);
    expect(['UnknownOperationException', 'NotAuthorizedException']).toContain(res.body.__type);
    expect(await groupsOf(alice.email)).toEqual([]);
  });

  it("the emulator's own port gives a browser no CORS grant and answers no foreign Host", async () => {
    const preflight = await fetch(`${t.stack.cognito.endpoint}/`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://attacker.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-amz-target',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const direct = await cognitoCall(
      `${t.stack.cognito.endpoint}/`,
      'AWSCognitoIdentityProviderService.ListUsers.SignUp',
      { UserPoolId: t.stack.cognito.userPoolId },
    );
    expect(direct.status).toBe(400);
    expect(direct.headers.get('access-control-allow-origin')).toBeNull();
    // A page on a rebinding domain names its own host: the emulator answers it with nothing but a refusal.
    const jwks = `/${t.stack.cognito.userPoolId}/.well-known/jwks.json`;
    expect((await rawGet(jwks, new URL(t.stack.cognito.endpoint).host, t.stack.cognito.endpoint)).status).toBe(200);
    const foreign = await rawGet(jwks, 'attacker.example', t.stack.cognito.endpoint);
    expect(foreign.status).toBe(421);
    expect(foreign.body).not.toContain('"keys"');
  });
});

describe('2. tokens do not outlive what should end them', () => {
  it('access and ID tokens live 15 minutes', () => {
    for (const token of [alice.accessToken, alice.idToken]) {
      const { iat, exp } = claimsOf(token) as { iat: number; exp: number };
      expect(exp - iat).toBe(15 * 60);
    }
  });

  it('an admin removed from admins is refused within the recheck time, though the token still says admins', async () => {
    const demoted = await t.client.newAdmin();
    const token = demoted.accessToken;
    const listClients = () => t.client.call('listClients', { token });
    const portfolioOf = (who: Session) => t.client.call('getPortfolio', { token, params: { userId: who.sub } });
    expect((await listClients()).status).toBe(200);
    expect((await portfolioOf(alice)).status).toBe(200);

    await t.client.cognitoAdmin.send(
      new AdminRemoveUserFromGroupCommand({
        UserPoolId: t.stack.cognito.userPoolId,
        Username: demoted.email,
        GroupName: 'admins',
      }),
    );
    await refusedWithinRecheck(listClients);
    expect(claimsOf(demoted.accessToken)['cognito:groups']).toEqual(['admins']);
    expect(await listClients()).toMatchObject({ status: 403, body: { error: apiMessages.adminOnly } });
    expect(await portfolioOf(alice)).toMatchObject({ status: 403, body: { error: refusals.notYours } });
    const deposit = await t.client.call('addDeposit', { token, params: { id: alice.sub }, body: { amount: 5 } });
    expect(deposit.status).toBe(403);
    // Still a client: its own portfolio stays open.
    expect((await portfolioOf(demoted)).status).toBe(200);
  });

  it('a disabled admin is refused too', async () => {
    const disabled = await t.client.newAdmin();
    expect((await t.client.call('listClients', { token: disabled.accessToken })).status).toBe(200);
    const poolUser = { UserPoolId: t.stack.cognito.userPoolId, Username: disabled.email };
    await t.client.cognitoAdmin.send(new AdminDisableUserCommand(poolUser));
    await refusedWithinRecheck(() => t.client.call('listClients', { token: disabled.accessToken }));
    expect((await t.client.call('listClients', { token: disabled.accessToken })).status).toBe(403);
    await t.client.cognitoAdmin.send(new AdminEnableUserCommand(poolUser));
  });
});

describe('4. a client cannot delete its own login', () => {
  it('DeleteUser with the client access token is refused and the account and portfolio stay', async () => {
    const res = await cognitoCall(`${t.stack.url}/cognito`, 'AWSCognitoIdentityProviderService.DeleteUser', {
      AccessToken: alice.accessToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.__type).toBe('NotAuthorizedException');
    const user = await t.client.cognitoAdmin.send(
      new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: alice.email }),
    );
    expect(user.Enabled).toBe(true);
    expect(
      (await t.client.call('getPortfolio', { token: alice.accessToken, params: { userId: alice.sub } })).status,
    ).toBe(200);
  });

  it('is refused on the emulator port as well (the user pool WAF blocks it in AWS)', async () => {
    const res = await cognitoCall(`${t.stack.cognito.endpoint}/`, 'AWSCognitoIdentityProviderService.DeleteUser', {
      AccessToken: alice.accessToken,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await t.client.signIn(alice.email)).sub).toBe(alice.sub);
  });
});

describe('5. an id that cannot exist is a 404 before any read, never a 500', () => {
  const long = 'a'.repeat(3000);
  const odd = ['x'.repeat(129), 'nul\u0000id', '../../etc', 'a b', 'ümlaut'];
  const withIds = routes.filter((r) => r.path.includes('{'));

  it.each(withIds.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s with a 3,000-character id',
    async (_, route) => {
      const token = route.auth === 'admin' ? admin.accessToken : alice.accessToken;
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : { amount: 1, reason: 'no' };
      const res = await t.client.callAny(route.name, {
        token,
        params: { userId: long, uid: long, id: long, credentialId: long },
        body,
      });
      expect(res.status).toBe(404);
      const notFound = {
        'withdrawal request': refusals.requestNotFound,
        'balances export': refusals.exportNotFound,
        'pending action': refusals.actionNotFound,
        invitation: invitationRefusals.notFound,
        document: documentRefusals.notFound,
        passkey: passkeyMessages.notFound,
        client: refusals.clientNotFound,
      };
      expect(res.body).toHaveProperty('error', notFound[(route as RouteDef).idNames ?? 'client']);
    },
  );

  it('an admin asking for odd ids gets a 404 too', async () => {
    for (const id of [long, ...odd]) {
      // The route's own paths, the odd id URI-encoded into them.
      const res = await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: id } });
      expect(res).toMatchObject({ status: 404, body: { error: refusals.clientNotFound } });
      const approve = await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id } });
      expect(approve).toMatchObject({ status: 404, body: { error: refusals.requestNotFound } });
    }
  });
});

describe('6. notes, reasons and names refuse control and text-direction characters', () => {
  it.each(['nul\u0000byte', 'bell\u0007', '\u202Egnp.exe', 'esc\u001b[31m'])(
    'a deposit note %j is a 400 and nothing is written',
    async (note) => {
      const before = await t.table.items(alice.sub);
      const res = await t.client.call('addDeposit', {
        token: admin.accessToken,
        params: { id: alice.sub },
        body: { amount: 10, note },
      });
      expect(res).toMatchObject({ status: 400, body: { error: apiMessages.noteUnsafeCharacters } });
      expect(await t.table.items(alice.sub)).toEqual(before);
    },
  );

  it('a note keeps its tabs and line breaks', async () => {
    // A client of its own, with a balance to withdraw from: the result does not hang on other tests.
    const dan = await t.client.newClient('dan');
    const note = 'ref\t42\nsecond line';
    const deposit = await t.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: dan.sub },
      body: { amount: 10, note },
    });
    expect(deposit).toMatchObject({ status: 200, body: { transaction: { note } } });
    const withdrawal = await t.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: dan.sub },
      body: { amount: 0.01, note },
    });
    expect(withdrawal).toMatchObject({ status: 200, body: { transaction: { note } } });
    const listed = await t.client.call('listTransactions', { token: dan.accessToken, params: { uid: dan.sub } });
    expect(listed.body.map((tx) => tx.note)).toEqual([note, note]);
  });

  it('a sign-up whose name carries them is refused before the account exists', async () => {
    const email = `mallory-${Date.now()}@example.com`;
    const attempt = t.client.signUp(email, { first: 'Mal\u202Eyrol', last: 'Lory' });
    await expect(attempt).rejects.toMatchObject({
      name: 'UserLambdaValidationException',
      message: expect.stringContaining(apiMessages.nameUnsafeCharacters),
    });
    await expect(
      t.client.cognitoAdmin.send(new AdminGetUserCommand({ UserPoolId: t.stack.cognito.userPoolId, Username: email })),
    ).rejects.toMatchObject({ name: 'UserNotFoundException' });
  });
});

describe("7. no client-facing answer carries an admin's e-mail", () => {
  it('every client route, after an approved and a rejected request', async () => {
    const carol = await t.client.newClient('carol');
    const sevenMonthsAgo = new Date(Date.now() - 213 * 86_400_000).toISOString();
    // Dated back beyond 31 days, the deposit is approved by a second administrator too.
    const deposit = await t.client.fund(admin, carol, 1000, { note: 'first wire', timestamp: sevenMonthsAgo });
    expect(deposit.status).toBe(200);
    const ask = async () => {
      const res = await t.client.call('requestWithdrawal', {
        token: carol.accessToken,
        body: { userId: carol.sub, userEmail: carol.email, amount: 100 },
      });
      expect(res.status).toBe(201);
      expect(JSON.stringify(res.body)).not.toContain(admin.email);
      return res.body.request.id;
    };
    const approved = await ask();
    const rejected = await ask();
    expect(
      (await t.client.call('approveWithdrawalRequest', { token: admin.accessToken, params: { id: approved } })).status,
    ).toBe(200);
    expect(
      (
        await t.client.call('rejectWithdrawalRequest', {
          token: admin.accessToken,
          params: { id: rejected },
          body: { reason: 'Not now' },
        })
      ).status,
    ).toBe(200);

    // A document's link (getDocument) names one document of the client's and answers a URL: nobody's e-mail to leak.
    const clientReads = routes.filter((r) => r.auth === 'client' && r.method === 'GET' && !r.path.includes('{id}'));
    expect(clientReads.length).toBeGreaterThanOrEqual(6);
    for (const route of clientReads) {
      const query = route.name === 'getStatement' ? { from: '2020-01-01', to: '2030-12-31' } : undefined;
      const res = await t.client.callAny(route.name, {
        token: carol.accessToken,
        params: { userId: carol.sub, uid: carol.sub },
        query,
      });
      expect(res.status).toBe(200);
      expect(typeof res.body === 'string' ? res.body : JSON.stringify(res.body)).not.toContain(admin.email);
    }

    // An admin reading the same client still sees who decided.
    const asAdmin = await t.client.call('listMyWithdrawalRequests', {
      token: admin.accessToken,
      params: { uid: carol.sub },
    });
    expect(asAdmin.body.map((r) => r.decidedBy)).toEqual([admin.email, admin.email]);
  });
});

describe('8. the gateway answers only its own loopback names, with the security headers', () => {
  it('refuses a foreign Host (DNS rebinding) instead of naming it in /config.json', async () => {
    for (const path of [
      '/config.json',
      '/__local/mailbox?to=alice%40example.com',
      pathOf('getPortfolio', { userId: alice.sub }),
      '/',
    ]) {
      const res = await rawGet(path, 'attacker.example');
      expect(res.status).toBe(421);
      expect(res.body).not.toContain('attacker.example/cognito');
    }
    const port = new URL(t.stack.url).port;
    const ok = await rawGet('/config.json', `127.0.0.1:${port}`);
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body)).toMatchObject({ userPoolEndpoint: `http://127.0.0.1:${port}/cognito` });
  });

  it('lists the mailbox of one address only', async () => {
    const all = await fetch(`${t.stack.url}/__local/mailbox`);
    expect(all.status).toBe(400);
    expect(await all.json()).toEqual({ error: expect.stringContaining('to=') });
    expect((await fetch(`${t.stack.url}/__local/mailbox?to=`)).status).toBe(400);
  });

  it('sends the security headers on every kind of answer, and no-store on the API', async () => {
    const portfolio = `${t.stack.url}${pathOf('getPortfolio', { userId: alice.sub })}`;
    const answers = [
      await fetch(portfolio, { headers: { authorization: `Bearer ${alice.accessToken}` } }),
      await fetch(portfolio),
      await fetch(`${t.stack.url}/api/nothing-here`),
      await fetch(`${t.stack.url}/config.json`),
      await fetch(`${t.stack.url}/__local/mailbox?to=${encodeURIComponent(alice.email)}`),
      await fetch(`${t.stack.url}/cognito`, {
        method: 'POST',
        headers: { 'x-amz-target': 'AWSCognitoIdentityProviderService.GetUser' },
        body: '{}',
      }),
    ];
    for (const res of answers) {
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    for (const res of answers.slice(0, 3)) expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('requests that skip the front door, and actions IAM would refuse', () => {
  it('replaces a viewer-forged origin header with the real one, as CloudFront does', async () => {
    const res = await t.client.call('getPortfolio', {
      token: alice.accessToken,
      params: { userId: alice.sub },
      headers: { 'x-origin-verify': 'forged' },
    });
    expect(res.status).toBe(200);
  });

  it('refuses a handler any table action its function is not granted, as IAM would in AWS', async () => {
    const res = await t.client.call('getClientHistory', { token: admin.accessToken, params: { id: alice.sub } });
    expect(res.status).toBe(500);
    expect(res.body.error).toBe(apiMessages.unexpected);
  });
});
