/**
 * The handler wrapper applies the route table's contract: the owner check and the idempotency
 * key's scope come from the route's entry, so no handler writes them.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { httpHandler } from './http';
import { createPortfolioBody, withdrawalRequestBody } from '../../shared/validation';

const eventAs = (sub: string, extra: Partial<APIGatewayProxyEventV2WithJWTAuthorizer> = {}) =>
  ({
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'r', authorizer: { jwt: { claims: { sub, username: sub }, scopes: [] } } },
    ...extra,
  }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

describe('the owner of a client route, as the route table names it', () => {
  const handle = jest.fn(async () => ({ body: { ok: true } }));
  beforeEach(() => handle.mockClear());

  it('a path parameter: another client is refused before the handler runs', async () => {
    const handler = httpHandler('getPortfolio', undefined, handle);
    const refused = await handler(eventAs('alice', { pathParameters: { userId: 'bob' } }));
    expect([refused.statusCode, JSON.parse(String(refused.body))]).toEqual([403, { error: 'You can only access your own portfolio' }]);
    expect(handle).not.toHaveBeenCalled();
    expect((await handler(eventAs('alice', { pathParameters: { userId: 'alice' } }))).statusCode).toBe(200);
    expect(handle).toHaveBeenCalledTimes(1);
  });

  it("the body's userId: another client is refused before the handler runs", async () => {
    const handler = httpHandler('createPortfolio', createPortfolioBody, handle);
    const body = (userId: string) => JSON.stringify({ userId, initialBalance: 0 });
    const refused = await handler(eventAs('alice', { body: body('bob') }));
    expect(refused.statusCode).toBe(403);
    expect(handle).not.toHaveBeenCalled();
    expect((await handler(eventAs('alice', { body: body('alice') }))).statusCode).toBe(200);
  });
});

describe('the Idempotency-Key', () => {
  it('reaches an idempotent route scoped to it, so one key on two routes names two operations', async () => {
    const handle = jest.fn(async (_req: { idempotencyScope: string | undefined }) => ({ body: {} }));
    const handler = httpHandler('requestWithdrawal', withdrawalRequestBody, handle);
    const body = JSON.stringify({ userId: 'alice', userEmail: 'alice@example.com', amount: 10 });
    const answer = await handler(eventAs('alice', { body, headers: { 'content-type': 'application/json', 'idempotency-key': 'k-1' } }));
    expect(answer.statusCode).toBe(200);
    expect(handle.mock.calls[0]?.[0].idempotencyScope).toBe('requestWithdrawal:k-1');
  });

  it('is not given to routes that do not honour it', async () => {
    const handle = jest.fn(async (_req: { idempotencyScope: string | undefined }) => ({ body: {} }));
    const handler = httpHandler('getPortfolio', undefined, handle);
    await handler(eventAs('alice', { pathParameters: { userId: 'alice' }, headers: { 'idempotency-key': 'k-1' } }));
    expect(handle.mock.calls[0]?.[0].idempotencyScope).toBeUndefined();
  });
});
