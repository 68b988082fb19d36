/**
 * The weekly job's read of a portfolio's entries after L against DynamoDB Local: exactly the
 * entries dated after L (one a millisecond after, mid-week, future-dated), none at or before it,
 * whatever their ids. Growth from G(L) adds these to G, so one missed or extra is a wrong balance.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { DAY_MS } from '../../shared/growth';
import { ddb } from '../../lambdas/lib/runtime/db';
import { loadEntriesAfter, newEntryItem } from '../../lambdas/lib/data/ledger';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();

beforeAll(() => {
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

it('reads exactly the entries dated after L', async () => {
  const sub = 'entries-after-test';
  const L = Date.parse('2026-11-23T00:00:00.000Z');
  const dated: [string, number][] = [
    ['000before', L - DAY_MS],
    ['zzzbefore', L - 1],
    ['000atL', L],
    ['zzzatL', L],
    ['000just', L + 1],
    ['mid', L + 3 * DAY_MS],
    ['future', L + 30 * DAY_MS],
  ];
  for (const [entryId, at] of dated) {
    const item = newEntryItem({
      sub,
      entryId,
      type: 'deposit',
      amountCents: 100,
      at,
      note: '',
      adminEmail: 'admin@example.com',
      now: at,
      balanceAfterCents: 0,
    });
    await ddb().send(new PutCommand({ TableName: t.stack.tableName, Item: item }));
  }
  const after = await loadEntriesAfter(sub, L);
  expect(after.map((e) => e.entryId).sort()).toEqual(['000just', 'future', 'mid']);
});
