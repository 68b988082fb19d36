/**
 * The attack: call the API's execute-api URL directly, skipping CloudFront and its WAF. The
 * handler refuses before it reads a token, a body or the table.
 */
import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { httpHandler } from './http';
import { cameThroughFront, ORIGIN_HEADER } from './origin';
import { configureRuntime, resetRuntime } from '../runtime/runtime';
import { settingsFromEnvironment } from '../runtime/settings';
import { memorySecretStore, originGate } from './origin-secrets';

const SECRET = 'front-door-secret-0123456789';

const eventWith = (headers: Record<string, string>) =>
  ({
    headers,
    pathParameters: { uid: 'client-1' },
    requestContext: {
      requestId: 'r1',
      authorizer: { jwt: { claims: { sub: 'client-1', username: 'client-1' }, scopes: [] } },
    },
  }) as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;

describe('requests that skip CloudFront', () => {
  const handle = jest.fn(async () => ({ body: [] }));
  const handler = httpHandler('listMyWithdrawalRequests', handle);
  beforeAll(() => {
    configureRuntime(settingsFromEnvironment(), { originSecrets: memorySecretStore(SECRET).source });
  });
  afterAll(() => {
    resetRuntime();
  });
  beforeEach(() => handle.mockClear());

  it.each([
    ['no header', {}],
    ['an empty header', { [ORIGIN_HEADER]: '' }],
    ['a wrong secret of the same length', { [ORIGIN_HEADER]: SECRET.replace('0', '1') }],
    ['a prefix of the secret', { [ORIGIN_HEADER]: SECRET.slice(0, 10) }],
  ])('are refused with 403 and never reach the handler: %s', async (_, headers) => {
    const result = await handler(eventWith(headers));
    expect(result.statusCode).toBe(403);
    expect(JSON.parse(String(result.body))).toEqual({ error: 'Requests must come through the site' });
    expect(handle).not.toHaveBeenCalled();
  });

  it('pass with the secret CloudFront adds, in any header case', async () => {
    const result = await handler(eventWith({ 'X-Origin-Verify': SECRET }));
    expect(result.statusCode).toBe(200);
    expect(handle).toHaveBeenCalledTimes(1);
  });
});

describe('cameThroughFront', () => {
  it('checks nothing where no secret is configured outside Lambda (handlers called directly in unit tests)', async () => {
    expect(await cameThroughFront(undefined, undefined, false)).toBe(true);
  });
  it('fails closed in Lambda when no secret is configured (a broken deploy)', async () => {
    expect(await cameThroughFront(undefined, undefined, true)).toBe(false);
    expect(await cameThroughFront('anything', undefined, true)).toBe(false);
  });
  it('needs one of the accepted values exactly', async () => {
    const gate = originGate(memorySecretStore('abc').source);
    expect(await cameThroughFront('abc', gate, true)).toBe(true);
    expect(await cameThroughFront('abd', gate, true)).toBe(false);
    expect(await cameThroughFront('abcd', gate, true)).toBe(false);
    expect(await cameThroughFront(undefined, gate, true)).toBe(false);
  });
});
