/**
 * The admin client list a page at a time, against DynamoDB Local: every order and search, walked
 * page by page through the cursors, gives exactly the clients it should in exactly the order it
 * should (no client twice, none missing), however small the pages and however little a search may
 * read per request; money moves and deletions move clients in the order; cursors and parameters
 * that are not the server's are refused; and clients written before the indexes are put on them.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { apiMessages } from '../../shared/messages';
import type { ClientOrder } from '../../shared/validation';
import { emptyBalance } from '../../shared/growth';
import { listClientsPage } from '../../lambdas/lib/data/client-list';
import { migrateClientListKeys } from '../../lambdas/lib/migrations/migrate-client-list-keys';
import { newProfileItem } from '../../lambdas/lib/data/profile-item';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import type { Session } from './support/client';
import { useTestStack } from './support/use-stack';

// The list's orders are the subject here, not the four-eyes rule: a threshold above the
// $1,000,000 move below lets it apply at once (four-eyes.test.ts covers the threshold).
// A stack of its own: other four-eyes and daily limits than the default, and it pages through the
// whole client list.
const t = useTestStack({
  seed: false,
  env: { FOUR_EYES_THRESHOLD_DOLLARS: '2000000', ADMIN_DAILY_LIMIT_DOLLARS: '2000000' },
});

interface Listed {
  id: string;
  email: string;
  cents: number;
}

let admin: Session;
/** Every live client as the test wrote it: the answer every walk is compared with. */
const book: Listed[] = [];
const CLIENTS = 120;

beforeAll(async () => {
  // The admin, with no money, is a staff account: not on the list (staff-accounts.test.ts).
  admin = await t.client.newAdmin();
  const now = Date.now();
  const items = Array.from({ length: CLIENTS }, (_, n) => {
    const sub = randomUUID();
    // Ties on purpose (every 30th balance repeats), and e-mails in mixed case as people type them.
    const cents = (n % 30) * 12_345;
    const email = `List.${String(n).padStart(3, '0')}@${n % 3 === 0 ? 'Gold' : 'silver'}.example.com`;
    book.push({ id: sub, email: email.toLowerCase(), cents });
    return newProfileItem(
      { sub, email, firstName: 'List', lastName: `Client ${n}`, cognitoUsername: sub },
      { ...emptyBalance(now), balanceCents: cents, netCents: cents },
      now,
    );
  });
  await t.table.putItems(items);
  // The list's own code, run in this process against this stack's table (the search budget is a parameter there).
  configureRuntime({
    tableName: t.stack.tableName,
    region: 'us-east-1',
    dynamoEndpoint: t.stack.dynamoEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
});

afterAll(() => {
  resetRuntime();
});

const SORTS: Record<ClientOrder, 'balance-desc' | 'balance-asc' | undefined> = {
  email: undefined,
  'balance-desc': 'balance-desc',
  'balance-asc': 'balance-asc',
};

/** The book in an order, as the server must give it (ties in the balance orders by id, as the index keys them). */
function expected(order: ClientOrder, search = ''): Listed[] {
  const found = book.filter((c) => c.email.includes(search.toLowerCase()));
  const byEmail = (a: Listed, b: Listed) => (`${a.email}#${a.id}` < `${b.email}#${b.id}` ? -1 : 1);
  const byBalance = (a: Listed, b: Listed) => a.cents - b.cents || (a.id < b.id ? -1 : 1);
  if (order === 'email') return found.sort(byEmail);
  return order === 'balance-asc' ? found.sort(byBalance) : found.sort(byBalance).reverse();
}

/** Every page through the API, with the page sizes seen. */
async function walkApi(order: ClientOrder, limit: number, search?: string) {
  const ids: string[] = [];
  const sizes: number[] = [];
  let cursor: string | undefined;
  do {
    const query = {
      limit: String(limit),
      ...(SORTS[order] ? { sort: SORTS[order] } : {}),
      ...(search ? { search } : {}),
      ...(cursor ? { cursor } : {}),
    };
    const page = await t.client.call('listClients', { token: admin.accessToken, query });
    expect(page.status).toBe(200);
    ids.push(...page.body.clients.map((c) => c.id));
    sizes.push(page.body.clients.length);
    cursor = page.body.nextCursor;
  } while (cursor);
  return { ids, sizes };
}

describe('a page of the admin list', () => {
  it.each(['email', 'balance-desc', 'balance-asc'] as const)(
    'walks the whole book in %s order, 7 at a time, each client once',
    async (order) => {
      const { ids, sizes } = await walkApi(order, 7);
      expect(ids).toEqual(expected(order).map((c) => c.id));
      // Full pages until the last: without a search no page is short but the last, which has no cursor.
      expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
      expect(sizes.length).toBe(Math.ceil(book.length / 7));
    },
  );

  it('answers 50 by default with the fields the list shows, and one page of 100 at most', async () => {
    const first = await t.client.call('listClients', { token: admin.accessToken });
    expect(first.body.clients).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const [top] = first.body.clients;
    expect(top).toMatchObject({
      id: expected('email')[0]?.id,
      email: expected('email')[0]?.email,
      portfolio: { balance: expect.any(Number) },
    });
    const big = await t.client.call('listClients', { token: admin.accessToken, query: { limit: '100' } });
    expect(big.body.clients).toHaveLength(100);
  });

  it('searches e-mails case-insensitively, as a substring, in any order', async () => {
    for (const order of ['email', 'balance-desc'] as const) {
      const { ids } = await walkApi(order, 5, 'GOLD.Example');
      expect(ids).toEqual(expected(order, 'gold.example').map((c) => c.id));
      expect(ids.length).toBe(40);
    }
    const none = await t.client.call('listClients', { token: admin.accessToken, query: { search: 'nobody-has-this' } });
    expect(none.body).toEqual({ clients: [] });
    // Spaces around the words are not part of the search.
    expect((await walkApi('email', 50, '  list.007@ ')).ids).toEqual(expected('email', 'list.007@').map((c) => c.id));
  });

  it('reads only so much of the book per request when searching, and the cursors still give every match once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<ClientOrder>('email', 'balance-desc', 'balance-asc'),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        fc.constantFrom('', 'gold', 'list.0', '@silver', '9@', 'zzz'),
        async (order, limit, budget, search) => {
          const ids: string[] = [];
          let cursor: string | undefined;
          let requests = 0;
          do {
            const page = await listClientsPage(
              { order, limit, ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) },
              Date.now(),
              budget,
            );
            expect(page.clients.length).toBeLessThanOrEqual(limit);
            ids.push(...page.clients.map((c) => c.id));
            cursor = page.nextCursor;
            requests++;
          } while (cursor);
          expect(ids).toEqual(expected(order, search).map((c) => c.id));
          // A budget of `budget` items per shard: a search over a bigger shard needs more than one request.
          if (search && budget * 16 < book.length) expect(requests).toBeGreaterThan(1);
        },
      ),
      { numRuns: 12 },
    );
  });

  it('moves a client in the balance order when money moves, and leaves a deleted one out', async () => {
    // Two of the poorest clients.
    const [mover, leaver] = expected('balance-asc');
    if (!mover || !leaver) throw new Error('no clients');
    const deposit = await t.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: mover.id },
      body: { amount: 1_000_000, note: 'to the top' },
    });
    expect(deposit.status).toBe(200);
    const top = await t.client.call('listClients', {
      token: admin.accessToken,
      query: { sort: 'balance-desc', limit: '1' },
    });
    expect(top.body.clients.map((c) => [c.id, c.portfolio.balance])).toEqual([
      [mover.id, 1_000_000 + mover.cents / 100],
    ]);
    mover.cents += 100_000_000;

    expect((await t.client.call('deleteClient', { token: admin.accessToken, params: { id: leaver.id } })).status).toBe(
      200,
    );
    book.splice(book.indexOf(leaver), 1);
    for (const order of ['email', 'balance-asc'] as const)
      expect((await walkApi(order, 40)).ids).toEqual(expected(order).map((c) => c.id));
  });

  it('refuses what is not a page it can serve, with the reason', async () => {
    const call = (query: Record<string, string | undefined>) =>
      t.client.callAny('listClients', { token: admin.accessToken, query });
    for (const limit of ['0', '101', 'ten', '-1', '1.5'])
      expect(await call({ limit })).toMatchObject({ status: 400, body: { error: apiMessages.invalidListLimit } });
    expect(await call({ sort: 'name' })).toMatchObject({ status: 400, body: { error: apiMessages.invalidListSort } });
    expect(await call({ search: 'x'.repeat(255) })).toMatchObject({
      status: 400,
      body: { error: apiMessages.searchTooLong },
    });

    const first = await t.client.call('listClients', {
      token: admin.accessToken,
      query: { limit: '3', sort: 'balance-desc' },
    });
    const cursor = first.body.nextCursor ?? '';
    // A cursor belongs to its order and search; garbage is refused too, never a 500.
    for (const query of [
      { cursor },
      { cursor, sort: 'balance-asc' },
      { cursor, sort: 'balance-desc', search: 'gold' },
      { cursor: 'bm90LWEtY3Vyc29y' },
      { cursor: 'a.b' },
      { cursor: Buffer.from('["balance-desc","",5]').toString('base64url'), sort: 'balance-desc' },
    ]) {
      expect(await call(query)).toMatchObject({ status: 400, body: { error: apiMessages.invalidListCursor } });
    }
    expect((await call({ cursor, sort: 'balance-desc' })).status).toBe(200);
  });

  it('is for administrators only', async () => {
    const client = await t.client.newClient('list-reader');
    book.push({ id: client.sub, email: client.email.toLowerCase(), cents: 0 });
    expect(await t.client.call('listClients', { token: client.accessToken })).toMatchObject({
      status: 403,
      body: { error: apiMessages.adminOnly },
    });
  });
});

describe('clients written before the list indexes', () => {
  it('are missing from the list until the migration puts them on it, once', async () => {
    const [a, b] = expected('email');
    if (!a || !b) throw new Error('no clients');
    await t.table.forgetProfileAttribute(a.id, 'GSI4SK');
    await t.table.forgetProfileAttribute(b.id, 'GSI5SK');
    expect((await walkApi('email', 100)).ids).not.toContain(a.id);
    expect((await walkApi('balance-asc', 100)).ids).not.toContain(b.id);

    expect(await migrateClientListKeys()).toEqual({ live: book.length, migrated: 2, skipped: 0, failed: 0 });
    for (const order of ['email', 'balance-asc'] as const)
      expect((await walkApi(order, 100)).ids).toEqual(expected(order).map((c) => c.id));
    expect(await migrateClientListKeys()).toEqual({ live: book.length, migrated: 0, skipped: 0, failed: 0 });
  });
});
