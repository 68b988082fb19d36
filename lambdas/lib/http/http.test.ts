/**
 * The handler wrapper applies the route table's contract: the owner check and the idempotency
 * key's scope come from the route's entry, so no handler writes them.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { AdminGetUserCommand, AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { httpHandler } from './http';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { cognitoClient } from '../cognito/cognito-client';
import { documentClient } from '../runtime/clients';
import { configureRuntime, resetRuntime } from '../runtime/runtime';
import { apiMessages } from '../../../shared/messages';
import { PeriodInvalid, type RefusalKind, Refused } from '../data/domain-errors';

const eventAs = (sub: string, extra: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> = {}) =>
  ({
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'r', authorizer: { jwt: { claims: { sub, username: sub }, scopes: [] } } },
    ...extra,
  }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

describe('the owner of a client route, as the route table names it', () => {
  // The wrapper's checks are under test here, not the answer: any body will do.
  const handle = jest.fn(async () => ({ body: {} as never }));
  beforeEach(() => handle.mockClear());

  it('a path parameter: another client is refused before the handler runs', async () => {
    const handler = httpHandler('getPortfolio', handle);
    const refused = await handler(eventAs('alice', { pathParameters: { userId: 'bob' } }));
    expect([refused.statusCode, JSON.parse(String(refused.body))]).toEqual([
      403,
      { error: 'You can only access your own portfolio' },
    ]);
    expect(handle).not.toHaveBeenCalled();
    expect((await handler(eventAs('alice', { pathParameters: { userId: 'alice' } }))).statusCode).toBe(200);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it("the caller's own account (`self`): nobody else can be named, so the caller's own token reaches the handler", async () => {
    const handler = httpHandler('setUpTwoFactor', handle);
    expect((await handler(eventAs('alice', { body: JSON.stringify({ password: 'Passw0rd!' }) }))).statusCode).toBe(200);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it("the body's userId: another client is refused before the handler runs", async () => {
    const handler = httpHandler('createPortfolio', handle);
    const body = (userId: string) => JSON.stringify({ userId, initialBalance: 0 });
    const refused = await handler(eventAs('alice', { body: body('bob') }));
    expect(refused.statusCode).toBe(403);
    expect(handle).not.toHaveBeenCalled();
    expect((await handler(eventAs('alice', { body: body('alice') }))).statusCode).toBe(200);
  });
});

describe('admins, as Cognito says now: two-factor sign-in required', () => {
  // The wrapper's real lookup (admin-membership.ts) against a fake Cognito: what each admin is now.
  const users: Record<string, { groups: string[]; mfa?: string[]; status?: string }> = {
    'with-app': { groups: ['admins'], mfa: ['SOFTWARE_TOKEN_MFA'] },
    'password-only': { groups: ['admins'] },
    Google_123: { groups: ['admins'], status: 'EXTERNAL_PROVIDER' },
    removed: { groups: [], mfa: ['SOFTWARE_TOKEN_MFA'] },
  };
  const handle = jest.fn(async (_req: { caller: { isAdmin: boolean } }) => ({ body: {} as never }));
  const adminEvent = (username: string, extra: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> = {}) =>
    ({
      headers: {},
      requestContext: {
        requestId: 'r',
        authorizer: {
          jwt: {
            claims: {
              sub: `${username}-sub`,
              username,
              'cognito:groups': '[admins]',
              auth_time: String(Math.floor(Date.now() / 1000)),
            },
            scopes: [],
          },
        },
      },
      ...extra,
    }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
  const answerOf = async (result: Promise<{ statusCode?: number; body?: unknown }>) => {
    const { statusCode, body } = await result;
    return [statusCode, JSON.parse(String(body)) as unknown];
  };

  beforeEach(() => {
    handle.mockClear();
    configureRuntime({
      tableName: 't',
      region: 'eu-west-1',
      userPoolId: 'eu-west-1_pool',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      adminPasskeyRequired: false,
    });
    const send = async (command: unknown): Promise<unknown> => {
      const name = (command as { input: { Username?: string } }).input.Username ?? '';
      const user = users[name];
      if (!user) throw Object.assign(new Error('User does not exist.'), { name: 'UserNotFoundException' });
      if (command instanceof AdminGetUserCommand)
        return { Enabled: true, UserStatus: user.status ?? 'CONFIRMED', UserMFASettingList: user.mfa };
      if (command instanceof AdminListGroupsForUserCommand)
        return { Groups: user.groups.map((GroupName) => ({ GroupName })) };
      throw new Error('unexpected command');
    };
    jest.spyOn(cognitoClient(), 'send').mockImplementation(send as never);
    // Every admin's security record: admin and two-factor since long before these sessions signed in.
    const read = async (command: unknown): Promise<unknown> => {
      if (command instanceof GetCommand)
        return { Item: { ...command.input.Key, version: 1, adminSince: 1_000, totpEnabledAt: 1_000 } };
      throw new Error('unexpected table command');
    };
    jest.spyOn(documentClient(), 'send').mockImplementation(read as never);
  });
  afterEach(() => {
    jest.restoreAllMocks();
    resetRuntime();
  });

  it('lets an admin with an authenticator app, and a Google admin, use the admin routes', async () => {
    const listClients = httpHandler('listClients', handle);
    expect((await listClients(adminEvent('with-app'))).statusCode).toBe(200);
    expect((await listClients(adminEvent('Google_123'))).statusCode).toBe(200);
    expect(handle).toHaveBeenCalledTimes(2);
  });

  it('refuses an admin without two-factor sign-in on an admin route with 403 twoFactorRequired', async () => {
    expect(await answerOf(httpHandler('listClients', handle)(adminEvent('password-only')))).toEqual([
      403,
      { error: apiMessages.twoFactorRequired },
    ]);
    expect(handle).not.toHaveBeenCalled();
  });

  it('gives an admin without two-factor sign-in no admin power on a route admins may read: their own only', async () => {
    const getPortfolio = httpHandler('getPortfolio', handle);
    const others = getPortfolio(adminEvent('password-only', { pathParameters: { userId: 'someone' } }));
    expect(await answerOf(others)).toEqual([403, { error: apiMessages.twoFactorRequired }]);
    expect(
      (await getPortfolio(adminEvent('password-only', { pathParameters: { userId: 'password-only-sub' } }))).statusCode,
    ).toBe(200);
    expect(handle).toHaveBeenCalledTimes(1);
    expect(handle.mock.calls[0]?.[0].caller.isAdmin).toBe(false);
  });

  it('treats a removed admin whose token still says admins as no admin', async () => {
    expect(await answerOf(httpHandler('listClients', handle)(adminEvent('removed')))).toEqual([
      403,
      { error: apiMessages.adminOnly },
    ]);
  });
});

describe('the Idempotency-Key', () => {
  it('reaches an idempotent route scoped to it, so one key on two routes names two operations', async () => {
    const handle = jest.fn(async (_req: { idempotencyScope: string | undefined }) => ({ body: {} as never }));
    const handler = httpHandler('requestWithdrawal', handle);
    const body = JSON.stringify({ userId: 'alice', userEmail: 'alice@example.com', amount: 100 });
    const answer = await handler(
      eventAs('alice', { body, headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' } }),
    );
    expect(answer.statusCode).toBe(200);
    expect(handle.mock.calls[0]?.[0].idempotencyScope).toBe('requestWithdrawal:k-1');
  });

  it('is not given to routes that do not honour it', async () => {
    const handle = jest.fn(async (_req: { idempotencyScope: string | undefined }) => ({ body: {} as never }));
    const handler = httpHandler('getPortfolio', handle);
    await handler(eventAs('alice', { pathParameters: { userId: 'alice' }, headers: { 'idempotency-key': 'k-1' } }));
    expect(handle.mock.calls[0]?.[0].idempotencyScope).toBeUndefined();
  });
});

describe('the query string, as the route table declares it', () => {
  const handle = jest.fn(async (_req: { query: unknown }) => ({ body: '' }));
  const handler = httpHandler('getStatement', handle);
  const asked = (queryStringParameters: Record<string, string>) =>
    handler(eventAs('alice', { pathParameters: { uid: 'alice' }, queryStringParameters }));
  beforeEach(() => handle.mockClear());

  it('reaches the handler parsed: dates as epoch ms, a date-only `to` through its whole day, unknown parameters dropped', async () => {
    const answer = await asked({ from: '2026-01-01', to: '2026-01-31', utm: 'x' });
    expect(answer.statusCode).toBe(200);
    expect(handle.mock.calls[0]?.[0].query).toEqual({
      from: Date.UTC(2026, 0, 1),
      to: Date.UTC(2026, 0, 31, 23, 59, 59, 999),
    });
  });

  it.each<Record<string, string>>([
    { from: 'yesterday' },
    { to: '2026-02-30' },
    { from: '2026-02-01', to: '2026-01-01' },
  ])('refuses %j with the period message before the handler runs', async (query) => {
    const answer = await asked(query);
    expect([answer.statusCode, JSON.parse(String(answer.body))]).toEqual([400, { error: apiMessages.invalidPeriod }]);
    expect(handle).not.toHaveBeenCalled();
  });

  it('is empty for a route that declares none, whatever was sent', async () => {
    const plain = jest.fn(async (_req: { query: unknown }) => ({ body: {} as never }));
    await httpHandler(
      'getPortfolio',
      plain,
    )(eventAs('alice', { pathParameters: { userId: 'alice' }, queryStringParameters: { from: 'x' } }));
    expect(plain.mock.calls[0]?.[0].query).toEqual({});
  });
});

describe('the answer', () => {
  it('of a csv route is a download named by the handler', async () => {
    const handler = httpHandler('getStatement', async () => ({ body: 'a,b\n', filename: 'x.csv' }));
    const answer = await handler(eventAs('alice', { pathParameters: { uid: 'alice' } }));
    expect(answer.headers).toMatchObject({
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': 'attachment; filename="x.csv"',
    });
    expect(answer.body).toBe('a,b\n');
  });
});

describe('what the floors below throw', () => {
  // The floors below http throw no HTTP error (tests/architecture.test.ts): the wrapper answers for them, here only.
  const answerTo = async (thrown: Error) => {
    const result = await httpHandler('getPortfolio', async () => {
      throw thrown;
    })(eventAs('alice', { pathParameters: { userId: 'alice' } }));
    return [result.statusCode, JSON.parse(String(result.body))];
  };

  it("answers a statement period that ends before it starts as it always has: 400 with the period's message", async () => {
    expect(await answerTo(new PeriodInvalid(2, 1))).toEqual([400, { error: apiMessages.invalidPeriod }]);
  });

  it.each<[RefusalKind, number]>([
    ['badInput', 400],
    ['signedOut', 401],
    ['notAllowed', 403],
    ['conflict', 409],
    ['tooManyAttempts', 429],
  ])('answers a refusal of kind %s with %d and its own words', async (kind, status) => {
    expect(await answerTo(new Refused(kind, 'the words the caller reads'))).toEqual([
      status,
      { error: 'the words the caller reads' },
    ]);
  });

  it('answers anything else with 500 and the generic message, never its own words', async () => {
    expect(await answerTo(new Error('a secret detail'))).toEqual([500, { error: apiMessages.unexpected }]);
  });
});

describe('the contract, at compile time', () => {
  it("refuses a handler whose answer is not the route's declared one (npm test type-checks this file)", () => {
    // @ts-expect-error getPortfolio answers { success, portfolio }, not a list
    const wrongShape = httpHandler('getPortfolio', async () => ({ body: [] }));
    // @ts-expect-error listTransactions answers a list of transactions: an amount is a number of dollars
    const wrongField = httpHandler('listTransactions', async () => ({
      body: [{ id: 'e', type: 'deposit', amount: '5', direction: 'in', timestamp: '' }],
    }));
    // @ts-expect-error getPortfolio takes no body, so its handler gets none to read
    const noBody = httpHandler('getPortfolio', async ({ body }) => ({ body: body.portfolio }));
    expect([wrongShape, wrongField, noBody].every((h) => typeof h === 'function')).toBe(true);
  });
});
