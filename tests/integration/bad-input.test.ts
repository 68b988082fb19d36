/**
 * Bad input never becomes a 500 and never writes: random and malformed bodies, wrong content
 * types, huge bodies and unknown fields all get a 4xx with a JSON `{ error }`.
 */
import fc from 'fast-check';
import { routeByName, type RouteName } from '../../shared/api';
import { pathOf, type Session } from './support/client';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

let admin: Session;
let zoe: Session;

beforeAll(async () => {
  [admin, zoe] = [await t.client.newAdmin(), await t.client.newClient('zoe')];
  await t.client.call('addDeposit', { token: admin.accessToken, params: { id: zoe.sub }, body: { amount: 100 } });
});

/** The routes that write, each with its caller; the body is what the test sends. */
const writes = (): { route: RouteName; token: string }[] => [
  { route: 'addDeposit', token: admin.accessToken },
  { route: 'processWithdrawal', token: admin.accessToken },
  { route: 'updateBalance', token: admin.accessToken },
  { route: 'requestWithdrawal', token: zoe.accessToken },
  { route: 'createPortfolio', token: zoe.accessToken },
  // The caller's own sign-in: a refusal records nothing in zoe's security record and e-mails nothing.
  { route: 'changeMyPassword', token: zoe.accessToken },
  { route: 'setUpTwoFactor', token: zoe.accessToken },
  { route: 'verifyTwoFactor', token: zoe.accessToken },
  { route: 'disableTwoFactor', token: zoe.accessToken },
  // A statement regenerated: zoe has none, so even a valid period writes nothing.
  { route: 'regenerateStatement', token: admin.accessToken },
];

/** A raw request to zoe's deposit route: for bodies that are not JSON, or not sent as JSON. */
const rawDeposit = (options: { rawBody: string; headers: Record<string, string> }) =>
  t.client.api(routeByName('addDeposit').method, pathOf('addDeposit', { id: zoe.sub }), {
    token: admin.accessToken,
    ...options,
  });

async function expectRefusedWithoutWrite(send: () => Promise<{ status: number; body: unknown }>) {
  const before = await t.table.items(zoe.sub);
  const res = await send();
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body).toEqual({ error: expect.any(String) });
  expect(await t.table.items(zoe.sub)).toEqual(before);
}

describe('random bodies (property)', () => {
  // Anything JSON can carry, and objects with the real field names holding the wrong things.
  const wrongValue = fc.oneof(
    fc.string(),
    fc.double(),
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.integer()),
    fc.object(),
    fc.integer({ min: -1e6, max: 0 }),
  );
  const nearMiss = fc.record(
    {
      amount: wrongValue,
      note: wrongValue,
      timestamp: wrongValue,
      balance: wrongValue,
      userId: wrongValue,
      userEmail: wrongValue,
      initialBalance: wrongValue,
      previousPassword: wrongValue,
      proposedPassword: wrongValue,
      password: wrongValue,
      code: wrongValue,
      period: wrongValue,
      extra: wrongValue,
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(fc.jsonValue(), nearMiss);

  it('always answers 4xx with {error}, never 500, and a refusal writes nothing', async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...writes()), body, async (route, value) => {
        const before = await t.table.items(zoe.sub);
        // Any JSON value, which the typed input of `call` would refuse: the route table still gives method and path.
        const res = await t.client.callAny(route.route, { token: route.token, params: { id: zoe.sub }, body: value });
        if (res.status < 300) return; // a random value that happens to be a valid request may do what it asks
        refused += 1;
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(res.body).toEqual({ error: expect.any(String) });
        expect(await t.table.items(zoe.sub)).toEqual(before);
      }),
      { numRuns: 150 },
    );
    expect(refused).toBeGreaterThan(100);
  });
});

describe("each amount in the product's words", () => {
  it.each([
    ['deposit', 'addDeposit', { amount: 0 }, 'Please enter a valid positive deposit amount'],
    ['admin withdrawal', 'processWithdrawal', { amount: -5 }, 'Please enter a valid positive withdrawal amount'],
    ['balance', 'updateBalance', { balance: -0.01 }, 'Please enter a valid positive number'],
  ] as const)('%s', async (_, route, body, error) => {
    await expectRefusedWithoutWrite(async () => {
      const res = await t.client.callAny(route, { token: admin.accessToken, params: { id: zoe.sub }, body });
      expect(res).toMatchObject({ status: 400, body: { error } });
      return res;
    });
  });

  it('client withdrawal request', async () => {
    await expectRefusedWithoutWrite(async () => {
      // An amount that is no number: more than the typed input of `call` lets through.
      const res = await t.client.callAny('requestWithdrawal', {
        token: zoe.accessToken,
        body: { userId: zoe.sub, userEmail: zoe.email, amount: 'lots' },
      });
      expect(res).toMatchObject({ status: 400, body: { error: 'Please enter a valid withdrawal amount' } });
      return res;
    });
  });
});

describe('malformed requests', () => {
  it.each([
    ['invalid JSON', '{"amount": 5', 'application/json', 400, 'Request body must be valid JSON'],
    ['no body', '', 'application/json', 400, 'Request body must be valid JSON'],
    ['text/plain', '{"amount": 5}', 'text/plain', 415, 'Request body must be JSON (Content-Type: application/json)'],
    [
      'form encoding',
      'amount=5',
      'application/x-www-form-urlencoded',
      415,
      'Request body must be JSON (Content-Type: application/json)',
    ],
    ['a JSON string', '"5"', 'application/json', 400, 'Request body must be valid JSON'],
    [
      'an infinite amount',
      '{"amount": 1e400}',
      'application/json',
      400,
      'Please enter a valid positive deposit amount',
    ],
    [
      'an amount as a string',
      '{"amount": "5"}',
      'application/json',
      400,
      'Please enter a valid positive deposit amount',
    ],
    ['three decimals', '{"amount": 10.001}', 'application/json', 400, 'Please enter a valid positive deposit amount'],
    ['an unknown field', '{"amount": 5, "balance": 9}', 'application/json', 400, 'Unknown field: balance'],
    [
      'a note over 500 characters',
      JSON.stringify({ amount: 5, note: 'x'.repeat(501) }),
      'application/json',
      400,
      'Note must be at most 500 characters',
    ],
    [
      'a body over 16 KB',
      JSON.stringify({ amount: 5, note: 'x'.repeat(17 * 1024) }),
      'application/json',
      413,
      'Request body is too large',
    ],
  ])('%s', async (_, rawBody, contentType, status, error) => {
    await expectRefusedWithoutWrite(async () => {
      const res = await rawDeposit({ rawBody, headers: { 'content-type': contentType } });
      expect(res).toMatchObject({ status, body: { error } });
      return res;
    });
  });

  it('a body over the API limit is refused before any handler', async () => {
    const before = await t.table.items(zoe.sub);
    const res = await rawDeposit({
      rawBody: 'x'.repeat(11 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    // The API's own answer ({ message }), not the handler's ({ error: 'Request body is too large' }).
    expect(res.body).toEqual({ message: 'Request Entity Too Large' });
    expect(await t.table.items(zoe.sub)).toEqual(before);
  });

  it('a malformed Idempotency-Key', async () => {
    await expectRefusedWithoutWrite(() =>
      t.client.call('addDeposit', {
        token: admin.accessToken,
        params: { id: zoe.sub },
        body: { amount: 5 },
        headers: { 'idempotency-key': 'k'.repeat(200) },
      }),
    );
  });

  it('a malformed path parameter', async () => {
    // Broken percent-encoding, written out: no route's path can carry it.
    const res = await t.client.api('GET', '/api/portfolios/%E0%A4%A', { token: zoe.accessToken });
    expect(res.status).toBe(404);
  });
});
