/**
 * The one-off `upcomingEligibleAt` migration against DynamoDB Local: profiles written before the
 * list existed (the attribute removed, as on such an item) get exactly the list their deposits
 * wrote, every other item is left as it was, a second run writes nothing, and the command-line
 * tool finds a running local stack by its data folder.
 */
import { DAY_MS } from '../../shared/growth';
import { migrateUpcomingEligible } from '../../lambdas/lib/migrations/migrate-upcoming-eligible';
import { setMissingUpcomingEligibleAt } from '../../lambdas/lib/migrations/profile-migration-writes';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import type { Session } from './support/client';
import { runTool as runProjectTool } from './support/tool';
import { useTestStack } from './support/use-stack';

// A stack of its own: the migration tool goes over the whole table, and the test counts what it
// finds there.
const t = useTestStack({ seed: false });

let admin: Session;

beforeAll(async () => {
  admin = await t.client.newAdmin();
  // The data-access code, run in this process against this stack's table.
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

const iso = (ms: number) => new Date(ms).toISOString();

async function deposit(sub: string, daysAgo: number) {
  // Dated more than 31 days back, a deposit is approved by a second administrator too.
  const res = await t.client.fund(admin, { sub }, 100, { note: '', timestamp: iso(Date.now() - daysAgo * DAY_MS) });
  expect(res.status).toBe(200);
}

/** A client with deposits: one long eligible, two still ahead (written out of order). */
async function clientWithDeposits(prefix: string) {
  const session = await t.client.newClient(prefix);
  await deposit(session.sub, 200);
  await deposit(session.sub, 20);
  await deposit(session.sub, 40);
  const list = (await t.table.profile(session.sub))?.upcomingEligibleAt as string[];
  expect(list).toHaveLength(2);
  return { session, list };
}

const nextWithdrawalDateOf = async (sub: string) =>
  (await t.client.allClients(admin.accessToken)).find((c) => c.id === sub)?.nextWithdrawalDate;

describe('the migration', () => {
  it('gives each live profile without the list the one its deposits wrote, and touches nothing else', async () => {
    const old = await clientWithDeposits('old');
    const noDeposits = await t.client.newClient('empty');
    const current = await clientWithDeposits('current');
    const gone = await t.client.newClient('gone');
    await deposit(gone.sub, 20);
    // Closed once its money left through a withdrawal.
    const balance = (await t.client.call('getPortfolio', { token: admin.accessToken, params: { userId: gone.sub } }))
      .body.portfolio.balance;
    expect(
      (
        await t.client.call('processWithdrawal', {
          token: admin.accessToken,
          params: { id: gone.sub },
          body: { amount: balance, note: 'closing' },
        })
      ).status,
    ).toBe(200);
    expect((await t.client.call('deleteClient', { params: { id: gone.sub }, token: admin.accessToken })).status).toBe(
      200,
    );

    // As written before the list existed (a closed account without it too: it must stay as it is).
    for (const sub of [old.session.sub, noDeposits.sub, gone.sub])
      await t.table.forgetProfileAttribute(sub, 'upcomingEligibleAt');
    const before = {
      old: await t.table.profile(old.session.sub),
      noDeposits: await t.table.profile(noDeposits.sub),
      current: await t.table.profile(current.session.sub),
      gone: await t.table.profile(gone.sub),
    };
    expect(before.old?.upcomingEligibleAt).toBeUndefined();
    expect(await nextWithdrawalDateOf(old.session.sub)).toBeUndefined();

    const summary = await migrateUpcomingEligible(Date.now());
    expect(summary).toMatchObject({ lacking: 2, migrated: 2, skipped: 0, failed: 0 });

    // Exactly what the deposit path had written, with the version moved on and nothing else changed.
    expect(await t.table.profile(old.session.sub)).toEqual({
      ...before.old,
      upcomingEligibleAt: old.list,
      version: Number(before.old?.version) + 1,
    });
    expect(await t.table.profile(noDeposits.sub)).toEqual({
      ...before.noDeposits,
      upcomingEligibleAt: [],
      version: Number(before.noDeposits?.version) + 1,
    });
    expect(await t.table.profile(current.session.sub)).toEqual(before.current);
    expect(await t.table.profile(gone.sub)).toEqual(before.gone);
    expect(await nextWithdrawalDateOf(old.session.sub)).toBe(old.list[0]);

    // A second run finds nothing to do and writes nothing.
    const after = await Promise.all(
      [old.session.sub, noDeposits.sub, current.session.sub, gone.sub].map((sub) => t.table.profile(sub)),
    );
    expect(await migrateUpcomingEligible(Date.now())).toMatchObject({ lacking: 0, migrated: 0, failed: 0 });
    expect(
      await Promise.all(
        [old.session.sub, noDeposits.sub, current.session.sub, gone.sub].map((sub) => t.table.profile(sub)),
      ),
    ).toEqual(after);
  });

  it('writes only to a live profile still without the list, at the version its ledger was read at', async () => {
    const { session } = await clientWithDeposits('racing');
    await t.table.forgetProfileAttribute(session.sub, 'upcomingEligibleAt');
    const read = await t.table.profile(session.sub);
    const version = Number(read?.version);

    // Changed since it was read (here: a deposit, which writes its own list): refused, nothing written.
    await deposit(session.sub, 30);
    const changed = await t.table.profile(session.sub);
    expect(await setMissingUpcomingEligibleAt({ sub: session.sub, version }, ['2000-01-01T00:00:00.000Z'])).toBe(
      'changed',
    );
    // Has a list: refused even at its current version.
    expect(await setMissingUpcomingEligibleAt({ sub: session.sub, version: Number(changed?.version) }, [])).toBe(
      'changed',
    );
    expect(await t.table.profile(session.sub)).toEqual(changed);

    // A closed account without the list: refused too.
    const gone = await t.client.newClient('tombstone');
    expect((await t.client.call('deleteClient', { params: { id: gone.sub }, token: admin.accessToken })).status).toBe(
      200,
    );
    await t.table.forgetProfileAttribute(gone.sub, 'upcomingEligibleAt');
    const tombstone = await t.table.profile(gone.sub);
    expect(await setMissingUpcomingEligibleAt({ sub: gone.sub, version: Number(tombstone?.version) }, [])).toBe(
      'changed',
    );
    expect(await t.table.profile(gone.sub)).toEqual(tombstone);
    // And nobody at all: never creates an item.
    expect(await setMissingUpcomingEligibleAt({ sub: 'no-such-client', version: 0 }, [])).toBe('changed');
    expect(await t.table.profile('no-such-client')).toBeUndefined();
  });
});

describe('infra/tools/migrate-upcoming-eligible.ts', () => {
  const runTool = (args: string[]) => runProjectTool('migrate-upcoming-eligible.ts', args);

  it('migrates the table of a running local stack named by its data folder, and a re-run writes nothing', async () => {
    const { session, list } = await clientWithDeposits('cli');
    await t.table.forgetProfileAttribute(session.sub, 'upcomingEligibleAt');

    const first = await runTool(['--data-dir', t.stack.dataDir]);
    expect(first).toMatchObject({
      code: 0,
      output: expect.stringContaining('1 without upcomingEligibleAt: 1 migrated'),
    });
    const migrated = await t.table.profile(session.sub);
    expect(migrated?.upcomingEligibleAt).toEqual(list);

    const second = await runTool(['--data-dir', t.stack.dataDir]);
    expect(second).toMatchObject({
      code: 0,
      output: expect.stringContaining('0 without upcomingEligibleAt: 0 migrated'),
    });
    expect(await t.table.profile(session.sub)).toEqual(migrated);
  });

  it('refuses a mix of local and AWS options', async () => {
    expect(
      await runTool(['--data-dir', t.stack.dataDir, '--table', 'aurum-portal', '--region', 'eu-west-1']),
    ).toMatchObject({
      code: 2,
      output: expect.stringContaining('usage:'),
    });
  });
});
