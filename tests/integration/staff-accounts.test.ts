/**
 * Staff accounts on a real local stack (the seed, the API, `npm run admin`): an administrator's
 * profile that never held money is neither listed nor counted as a client (off the client
 * indexes, out of the totals); money moved to one makes it a client in the same transaction;
 * `npm run admin -- add` makes a user with no money staff and `remove` makes them a client again;
 * an administrator's first portfolio is a staff account; and through all of it the totals count exactly the clients the list lists.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DEMO_ADMIN, DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET } from '../../infra/local/seed';
import type { ClientDto } from '../../shared/api';
import { keys } from '../../lambdas/lib/data/table';
import type { Session } from './support/client';
import { runTool } from './support/tool';
import { useTestStack } from './support/use-stack';

// A stack of its own: it counts the whole seeded book (the demo clients alone) and turns the
// seeded checker into a client.
const t = useTestStack({ seed: true });

let admin: Session;

beforeAll(async () => {
  admin = await t.client.signIn(DEMO_ADMIN);
});

const INDEX_KEYS = ['GSI1PK', 'GSI1SK', 'GSI4SK', 'GSI5SK'];

/** The list, next to the totals: the two must count the same clients with the same money. */
async function listAndTotals(): Promise<{ list: ClientDto[]; clients: number }> {
  const list = await t.client.allClients(admin.accessToken);
  const totals = await t.client.call('getClientTotals', { token: admin.accessToken });
  expect(totals.status).toBe(200);
  const listedCents = list.reduce((sum, c) => sum + Math.round(c.portfolio.balance * 100), 0);
  expect({ clients: totals.body.totalClients, cents: Math.round(totals.body.totalPortfolioValue * 100) }).toEqual({
    clients: list.length,
    cents: listedCents,
  });
  return { list, clients: totals.body.totalClients };
}

const emailsOf = (list: ClientDto[]) => list.map((c) => c.email);

/** How a profile stands: staff or not, and which client index keys it carries. */
async function standing(sub: string): Promise<{ staff: boolean; indexKeys: string[] }> {
  const profile = await t.table.profile(sub);
  if (!profile) throw new Error(`no profile ${sub}`);
  return { staff: profile.staff === true, indexKeys: INDEX_KEYS.filter((k) => k in profile) };
}

const AS_STAFF = { staff: true, indexKeys: [] };
const AS_CLIENT = { staff: false, indexKeys: INDEX_KEYS };

const adminCommand = (args: string[]) => runTool('admin.ts', [...args, '--data-dir', t.stack.dataDir]);

it('lists and counts the seeded clients, not the seeded administrators, whose accounts are staff', async () => {
  const checker = await t.client.signInWithTotp(DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET);
  const { list, clients } = await listAndTotals();
  expect(emailsOf(list).sort()).toEqual(['alice@example.com', 'bob@example.com']);
  expect(clients).toBe(2);
  expect(await standing(admin.sub)).toEqual(AS_STAFF);
  expect(await standing(checker.sub)).toEqual(AS_STAFF);
  // The second administrator is one in full: two-factor sign-in, and the console opens.
  expect((await t.client.call('listClients', { token: checker.accessToken })).status).toBe(200);
});

it('makes a staff account a listed, counted client with the first money moved to it', async () => {
  const checker = await t.client.signInWithTotp(DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET);
  const before = await listAndTotals();
  // Money to an administrator's own account always waits for another administrator's approval.
  const proposal = await t.client.call('addDeposit', {
    token: admin.accessToken,
    params: { id: checker.sub },
    body: { amount: 25, note: 'staff savings' },
  });
  expect(proposal.status).toBe(202);
  const other = await t.client.newAdmin();
  const deposit = await t.client.call('approvePendingAction', {
    token: other.accessToken,
    params: { id: (proposal.body as { action: { id: string } }).action.id },
  });
  expect(deposit.status).toBe(200);
  expect(await standing(checker.sub)).toEqual(AS_CLIENT);
  const after = await listAndTotals();
  expect(after.clients).toBe(before.clients + 1);
  expect(after.list.find((c) => c.id === checker.sub)).toMatchObject({
    email: DEMO_CHECKER,
    portfolio: { balance: 25 },
  });
});

it('`npm run admin -- add` makes a user with no money staff, and `remove` a client again', async () => {
  const user = await t.client.newClient('promoted');
  const before = await listAndTotals();
  expect(emailsOf(before.list)).toContain(user.email);

  expect((await adminCommand(['add', user.email])).code).toBe(0);
  expect(await standing(user.sub)).toEqual(AS_STAFF);
  const added = await listAndTotals();
  expect(emailsOf(added.list)).not.toContain(user.email);
  expect(added.clients).toBe(before.clients - 1);

  expect((await adminCommand(['remove', user.email])).code).toBe(0);
  expect(await standing(user.sub)).toEqual(AS_CLIENT);
  const removed = await listAndTotals();
  expect(emailsOf(removed.list)).toContain(user.email);
  expect(removed.clients).toBe(before.clients);
});

it('`npm run admin -- add` leaves a user who ever held money a client, even at a balance of zero', async () => {
  const user = await t.client.newClient('former');
  const moved = async (route: 'addDeposit' | 'processWithdrawal') =>
    (await t.client.call(route, { token: admin.accessToken, params: { id: user.sub }, body: { amount: 10, note: '' } }))
      .status;
  expect(await moved('addDeposit')).toBe(200);
  expect(await moved('processWithdrawal')).toBe(200);
  expect(await t.table.profile(user.sub)).toMatchObject({ balanceCents: 0, netCents: 0 });
  const before = await listAndTotals();

  expect((await adminCommand(['add', user.email])).code).toBe(0);
  expect(await standing(user.sub)).toEqual(AS_CLIENT);
  expect((await listAndTotals()).clients).toBe(before.clients);
  expect((await adminCommand(['remove', user.email])).code).toBe(0);
  expect(await standing(user.sub)).toEqual(AS_CLIENT);
  expect((await listAndTotals()).clients).toBe(before.clients);
});

it('counts a user once when `add` and a deposit to them race: whichever commits first, they end a client', async () => {
  for (let round = 0; round < 3; round++) {
    const user = await t.client.newClient('racer');
    const before = await listAndTotals();
    const [deposit] = await Promise.all([
      t.client.call('addDeposit', {
        token: admin.accessToken,
        params: { id: user.sub },
        body: { amount: 5, note: '' },
      }),
      t.client.changeAdmin('add', user.email),
    ]);
    // Seen as an administrator's own account already, the deposit waits for another administrator.
    if (deposit.status === 202) {
      const checker = await t.client.signInWithTotp(DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET);
      const approved = await t.client.call('approvePendingAction', {
        token: checker.accessToken,
        params: { id: (deposit.body as { action: { id: string } }).action.id },
      });
      expect(approved.status).toBe(200);
    } else expect(deposit.status).toBe(200);
    expect(await standing(user.sub)).toEqual(AS_CLIENT);
    const after = await listAndTotals();
    expect(after.clients).toBe(before.clients);
    expect(after.list.find((c) => c.id === user.sub)?.portfolio.balance).toBe(5);
  }
});

it("creates an administrator's missing portfolio as a staff account, neither listed nor counted", async () => {
  const newcomer = await t.client.newAdmin();
  // As for a user whose sign-up made no profile (POST /api/portfolios/create makes sure of it).
  const doc = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: t.stack.dynamoEndpoint,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  try {
    await doc.send(new DeleteCommand({ TableName: t.stack.tableName, Key: keys.profile(newcomer.sub) }));
  } finally {
    doc.destroy();
  }
  const before = await listAndTotals();
  const created = await t.client.call('createPortfolio', {
    token: newcomer.accessToken,
    body: { userId: newcomer.sub, initialBalance: 0 },
  });
  expect(created).toMatchObject({ status: 200, body: { portfolio: { userId: newcomer.sub, balance: 0 } } });
  expect(await standing(newcomer.sub)).toEqual(AS_STAFF);
  const after = await listAndTotals();
  expect(after.clients).toBe(before.clients);
  expect(emailsOf(after.list)).not.toContain(newcomer.email);
});
