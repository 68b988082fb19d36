/**
 * Tampering with the activity log is seen, on a whole local stack: its activity sealer runs on
 * the table's stream as in AWS. An API role may Put any item, so it can Put over an entry (no
 * condition) or put a forged one in among older entries; the entry's seal was made from the
 * stream, out of the role's reach, so `npm run admin -- verify-activity` names the entry, and
 * the sealer keeps a tamper record (in AWS it also counts the ActivityTampered metric the alarm
 * watches). An entry removed by a role allowed to delete (the stack's own credentials) leaves a
 * seal with no entry. No API role may write a seal, move a chain's head or record a check.
 *
 * Each case breaks an entry older than the one the case before broke, so the command's first
 * broken entry is each time the one the case is about.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { localCredentials } from '../../infra/local/dynamo';
import { enforceTablePermissions, runAs } from '../../infra/local/table-permissions';
import { activityPut } from '../../lambdas/lib/data/activity-log';
import { activitySealKeys } from '../../lambdas/lib/data/table';
import { ddb } from '../../lambdas/lib/runtime/db';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import { ACTIVITY_SEALER_TABLE_USE, routeTableUse } from '../../lambdas/table-uses';
import { ACTIVITY_SEALER_NAME } from '../../infra/aws/activity-seal-items';
import { routeByName, type RouteName } from '../../shared/api';
import { eventually } from './support/eventually';
import { runTool } from './support/tool';
import { useTestStack } from './support/use-stack';

// A stack of its own: it tampers with the activity log on purpose and verifies the whole log.
const t = useTestStack({ seed: false });
/** The stack's own credentials, outside any function: allowed everything, as root is. */
let root: DynamoDBDocumentClient;

beforeAll(() => {
  root = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: t.stack.dynamoEndpoint, region: 'us-east-1', credentials: localCredentials() }),
  );
  configureRuntime(
    {
      tableName: t.stack.tableName,
      region: 'us-east-1',
      dynamoEndpoint: t.stack.dynamoEndpoint,
      credentials: localCredentials(),
    },
    { onDynamoClient: enforceTablePermissions },
  );
});
afterAll(() => {
  resetRuntime();
  root?.destroy();
});

type Key = { PK: string; SK: string };
type Entry = Key & Record<string, unknown>;

const asRoute = <T>(name: RouteName, work: () => Promise<T>) => runAs(name, routeTableUse(routeByName(name)), work);
const verify = (...args: string[]) =>
  runTool('admin.ts', ['verify-activity', '--all', '--data-dir', t.stack.dataDir, ...args]);

/** An act's entry as the act writes it: a conditional Put in its own transaction, by the route's role. */
async function logDeposit(at: number, amountCents: number): Promise<Entry> {
  const put = activityPut({
    kind: 'deposit',
    actor: 'admin@example.com',
    at,
    clientId: 'c1',
    clientEmail: 'c1@example.com',
    amountCents,
    note: 'wire',
  });
  await asRoute('addDeposit', () => ddb().send(new TransactWriteCommand({ TransactItems: [put] })));
  return put.Put?.Item as Entry;
}

async function sealPartition(entry: Key): Promise<Record<string, unknown>[]> {
  const page = await root.send(
    new QueryCommand({
      TableName: t.stack.tableName,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': activitySealKeys.monthOf(entry.PK) },
      ConsistentRead: true,
    }),
  );
  return page.Items ?? [];
}

const sealed = (entry: Key) =>
  eventually(async () => {
    const items = await sealPartition(entry);
    expect(items.map((i) => i.SK)).toContain(activitySealKeys.seal(entry.PK, entry.SK).SK);
    return items;
  });

const tamperRecords = async (entry: Key) =>
  (await sealPartition(entry)).filter((i) => String(i.SK).startsWith(`${activitySealKeys.tamperPrefix}${entry.SK}#`));

const entries: Entry[] = [];

beforeAll(async () => {
  const now = Date.now();
  for (const [i, cents] of [100_000, 200_000, 300_000].entries())
    entries.push(await logDeposit(now - 30_000 + i * 1000, cents));
  for (const entry of entries) await sealed(entry);
}, 60_000);

it('finds the log intact when nothing was touched, says so and exits 0', async () => {
  const { code, output } = await verify();
  expect(output).toContain('Activity log intact: 3 entries checked');
  expect(code).toBe(0);
});

it('names an entry an API role Put over without a condition, and the sealer records the tampering', async () => {
  const victim = entries[2] as Entry;
  // The attack: the role holds PutItem on the table, and the Put carries no condition.
  await asRoute('addDeposit', () =>
    ddb().send(new PutCommand({ TableName: t.stack.tableName, Item: { ...victim, amountCents: 1 } })),
  );
  await eventually(async () =>
    expect(await tamperRecords(victim)).toEqual([expect.objectContaining({ change: 'MODIFY', entrySk: victim.SK })]),
  );
  const { code, output } = await verify();
  expect(output).toContain(
    `first broken entry ${String(victim.id)} (${new Date(victim.at as number).toISOString()}, deposit): changed after it was written`,
  );
  expect(code).toBe(1);
});

it('names an entry removed by a role allowed to delete', async () => {
  const victim = entries[1] as Entry;
  await root.send(new DeleteCommand({ TableName: t.stack.tableName, Key: { PK: victim.PK, SK: victim.SK } }));
  await eventually(async () =>
    expect(await tamperRecords(victim)).toEqual([expect.objectContaining({ change: 'REMOVE' })]),
  );
  const { code, output } = await verify();
  expect(output).toContain(`first broken entry ${String(victim.id)}`);
  expect(output).toContain('removed: sealed as number 2, no longer in the log');
  expect(code).toBe(1);
});

it('names a forged entry an API role put in among older ones, dated before them', async () => {
  const forged = await logDeposit((entries[0]?.at as number) - 60 * 60_000, 999_999);
  await sealed(forged);
  const { code, output } = await verify();
  expect(output).toContain(
    `first broken entry ${String(forged.id)} (${new Date(forged.at as number).toISOString()}, deposit): written later than the time it claims`,
  );
  expect(code).toBe(1);
});

it('refuses every API role a write of a seal, a chain head or the last check, and the sealer a write of anything else', async () => {
  const target = entries[0] as Entry;
  const forgedSeal = { ...activitySealKeys.seal(target.PK, 'forged'), seq: 99 };
  for (const name of ['addDeposit', 'updateBalance', 'approvePendingAction', 'listActivity'] as const) {
    const put = (Item: Record<string, unknown>) =>
      asRoute(name, () => ddb().send(new PutCommand({ TableName: t.stack.tableName, Item })));
    await expect(put(forgedSeal)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(put({ ...activitySealKeys.lastCheck, intact: true })).rejects.toMatchObject({
      name: 'AccessDeniedException',
    });
    await expect(
      asRoute(name, () =>
        ddb().send(
          new UpdateCommand({
            TableName: t.stack.tableName,
            Key: activitySealKeys.head(target.PK),
            UpdateExpression: 'SET seq = :s',
            ExpressionAttributeValues: { ':s': 1 },
          }),
        ),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  }
  await expect(
    asRoute('addDeposit', () =>
      ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: { TableName: t.stack.tableName, Item: forgedSeal, ConditionExpression: 'attribute_not_exists(PK)' },
            },
          ],
        }),
      ),
    ),
  ).rejects.toMatchObject({ name: 'AccessDeniedException', message: expect.stringContaining('explicit deny') });
  expect((await sealPartition(target)).map((i) => i.SK)).not.toContain(forgedSeal.SK);
  // The sealer's own grant reaches the seal keys only.
  await expect(
    runAs(ACTIVITY_SEALER_NAME, ACTIVITY_SEALER_TABLE_USE, () =>
      ddb().send(new PutCommand({ TableName: t.stack.tableName, Item: { ...target, amountCents: 2 } })),
    ),
  ).rejects.toMatchObject({ name: 'AccessDeniedException' });
});

it('refuses bad arguments with the usage and exit code 2', async () => {
  for (const args of [['--month', '2026-13'], ['--month', '2026-11', '--all'], ['extra']]) {
    const { code, output } = await runTool('admin.ts', ['verify-activity', ...args, '--data-dir', t.stack.dataDir]);
    expect(output).toContain('usage: npm run admin -- verify-activity');
    expect(code).toBe(2);
  }
});
