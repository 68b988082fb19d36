/**
 * The activity log cannot be changed or erased, end to end on DynamoDB Local: the handlers'
 * client, configured as the local stack configures it (its table-permission check on every
 * DynamoDB client, infra/local/stack.ts), each route run with the table use the route table
 * grants it, as in AWS. A route may add an entry (a conditional Put in its act's transaction) but
 * no update, delete or batch write touches one, and the entry stays as written. In AWS the same
 * is every role's explicit Deny (infra/aws/portal-function.ts, checked in infra/aws/operations.test.ts).
 */
import {
  BatchWriteCommand,
  DeleteCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { useCheckedTable } from './support/checked-table';
import { runAs } from '../../infra/local/table-permissions';
import { routeByName, type RouteName, routes } from '../../shared/api';
import { activityPut } from '../../lambdas/lib/data/activity-log';
import { ddb } from '../../lambdas/lib/runtime/db';
import { keys } from '../../lambdas/lib/data/table';
import { routeTableUse } from '../../lambdas/table-uses';

const TABLE = 'activity-immutable';
const checked = useCheckedTable(TABLE);

/** Runs `work` as the route's function, with exactly the table use its role is granted. */
const asRoute = <T>(name: RouteName, work: () => Promise<T>) => runAs(name, routeTableUse(routeByName(name)), work);

const stored = checked.stored;

/** An act's entry, written as the act writes it: a Put in its own transaction, beside the act's other writes. */
async function logDeposit(sub: string): Promise<{ PK: string; SK: string }> {
  await checked.reader.send(
    new PutCommand({ TableName: TABLE, Item: { ...keys.profile(sub), email: `${sub}@example.com` } }),
  );
  const put = activityPut({
    kind: 'deposit',
    actor: 'admin@example.com',
    at: Date.now(),
    clientId: sub,
    amountCents: 500_000,
    note: 'wire',
  });
  const item = put.Put?.Item as { PK: string; SK: string };
  await asRoute('addDeposit', () =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          put,
          {
            Update: {
              TableName: TABLE,
              Key: keys.profile(sub),
              UpdateExpression: 'SET touched = :t',
              ExpressionAttributeValues: { ':t': true },
            },
          },
        ],
      }),
    ),
  );
  return { PK: item.PK, SK: item.SK };
}

it('lets a money route add an entry in its act’s transaction, and change its other items', async () => {
  const key = await logDeposit('c1');
  expect(await stored(key)).toMatchObject({ kind: 'deposit', actor: 'admin@example.com', amountCents: 500_000 });
  expect(await stored(keys.profile('c1'))).toMatchObject({ touched: true });
});

it('refuses a money route any update of an entry, alone or inside a transaction, and the entry stays as written', async () => {
  const key = await logDeposit('c2');
  const before = await stored(key);
  const forge = { UpdateExpression: 'SET amountCents = :a', ExpressionAttributeValues: { ':a': 1 } };
  for (const name of ['addDeposit', 'updateBalance', 'approvePendingAction'] as const) {
    await expect(
      asRoute(name, () => ddb().send(new UpdateCommand({ TableName: TABLE, Key: key, ...forge }))),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(
      asRoute(name, () =>
        ddb().send(new TransactWriteCommand({ TransactItems: [{ Update: { TableName: TABLE, Key: key, ...forge } }] })),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  }
  expect(await stored(key)).toEqual(before);
});

it('refuses a delete of an entry, and a batch write that would take or overwrite one', async () => {
  const key = await logDeposit('c3');
  const before = await stored(key);
  await expect(
    asRoute('deleteClient', () => ddb().send(new DeleteCommand({ TableName: TABLE, Key: key }))),
  ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  const batch = (requests: Record<string, unknown>[]) =>
    asRoute('deleteClient', () => ddb().send(new BatchWriteCommand({ RequestItems: { [TABLE]: requests } })));
  await expect(
    batch([{ DeleteRequest: { Key: keys.profile('c3') } }, { DeleteRequest: { Key: key } }]),
  ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  await expect(
    batch([{ PutRequest: { Item: { ...key, kind: 'deposit', actor: 'someone-else@example.com' } } }]),
  ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  expect(await stored(key)).toEqual(before);
  // Closing an account removes nothing: no route holds a batch write at all.
  expect(
    routes
      .filter((route) => (route.table.actions as readonly string[]).includes('BatchWriteItem'))
      .map((route) => route.name),
  ).toEqual([]);
});

it('refuses a second entry under the same key: a new one never overwrites an old one', async () => {
  const key = await logDeposit('c4');
  const before = await stored(key);
  const again = {
    Put: {
      TableName: TABLE,
      Item: { ...before, actor: 'someone-else@example.com' },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
  await expect(
    asRoute('addDeposit', () => ddb().send(new TransactWriteCommand({ TransactItems: [again] }))),
  ).rejects.toMatchObject({ name: 'TransactionCanceledException' });
  expect(await stored(key)).toEqual(before);
});
