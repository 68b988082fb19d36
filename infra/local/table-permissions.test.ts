/**
 * IAM on DynamoDB Local: a function may issue only its declared table actions, as in AWS, and no
 * function may change or erase an item of the activity log, as every role's explicit Deny says.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lambdas/lib/runtime/db';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import { activityKeys, keys } from '../../lambdas/lib/data/table';
import { routeTableUse } from '../../lambdas/table-uses';
import { routeByName, routes, type TableUse } from '../../shared/api';
import { checkTableRequest, enforceTablePermissions, permissionsNeeded, runAs } from './table-permissions';

describe('what IAM checks for a request', () => {
  it('authorizes a transaction by its items, and a query on an index by the index', () => {
    expect(
      permissionsNeeded('TransactWriteItems', {
        TransactItems: [{ Put: {} }, { Update: {} }, { ConditionCheck: {} }, { Delete: {} }],
      }),
    ).toEqual([
      { action: 'PutItem', leadingKeys: [] },
      { action: 'UpdateItem', leadingKeys: [] },
      { action: 'ConditionCheckItem', leadingKeys: [] },
      { action: 'DeleteItem', leadingKeys: [] },
    ]);
    expect(permissionsNeeded('Query', { IndexName: 'GSI2' })).toEqual([
      { action: 'Query', index: 'GSI2', leadingKeys: [] },
    ]);
    expect(permissionsNeeded('Query', {})).toEqual([{ action: 'Query', index: undefined, leadingKeys: [] }]);
  });

  it('reads the partition keys a request touches (dynamodb:LeadingKeys), marshalled or not', () => {
    expect(permissionsNeeded('UpdateItem', { Key: { PK: { S: 'ACTIVITY#2031-12' }, SK: { S: 'x' } } })).toEqual([
      { action: 'UpdateItem', leadingKeys: ['ACTIVITY#2031-12'] },
    ]);
    expect(permissionsNeeded('PutItem', { Item: { PK: 'CLIENT#a', SK: 'PROFILE' } })).toEqual([
      { action: 'PutItem', leadingKeys: ['CLIENT#a'] },
    ]);
    expect(
      permissionsNeeded('BatchWriteItem', {
        RequestItems: {
          t: [
            { DeleteRequest: { Key: { PK: { S: 'CLIENT#a' } } } },
            { PutRequest: { Item: { PK: { S: 'ACTIVITY#2031-12' } } } },
          ],
        },
      }),
    ).toEqual([{ action: 'BatchWriteItem', leadingKeys: ['CLIENT#a', 'ACTIVITY#2031-12'] }]);
    expect(
      permissionsNeeded('TransactWriteItems', {
        TransactItems: [{ Put: { Item: { PK: { S: 'ACTIVITY#m' } } } }, { Delete: { Key: { PK: { S: 'CLIENT#a' } } } }],
      }),
    ).toEqual([
      { action: 'PutItem', leadingKeys: ['ACTIVITY#m'] },
      { action: 'DeleteItem', leadingKeys: ['CLIENT#a'] },
    ]);
  });
});

describe('a running function', () => {
  const use = { actions: ['GetItem', 'UpdateItem'] as const, indexes: ['GSI1'] as const };

  it.each([
    ['Scan', 'Scan', {}],
    ['DeleteItem', 'DeleteItem', {}],
    ['a Put inside a transaction', 'TransactWriteItems', { TransactItems: [{ Update: {} }, { Put: {} }] }],
    ['a Query on the table itself', 'Query', {}],
    ['a Query on an index it does not declare', 'Query', { IndexName: 'GSI3' }],
  ])('is refused %s with AccessDeniedException', async (_, operation, input) => {
    await expect(
      runAs('someRoute', use, async () => checkTableRequest(operation, { TableName: 't', ...input })),
    ).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringMatching(
        /^User: local\/someRoute is not authorized to perform: dynamodb:\w+ on resource: table\/t/,
      ),
    });
  });

  it('may do what it declares', async () => {
    await expect(
      runAs('someRoute', use, async () => {
        checkTableRequest('GetItem', {});
        checkTableRequest('TransactWriteItems', { TransactItems: [{ Update: { Key: { PK: { S: 'CLIENT#a' } } } }] });
        checkTableRequest('Query', { IndexName: 'GSI1' });
      }),
    ).resolves.toBeUndefined();
  });

  it('checks nothing outside any function (seeding, tests)', () => {
    expect(() => checkTableRequest('Scan', {})).not.toThrow();
  });
});

describe('an activity-log item, written once', () => {
  /** A function granted every write, DeleteItem too (which no function of the product is), so only the Deny can refuse. */
  const everyWrite = {
    actions: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  } as unknown as TableUse;
  const entry = { PK: { S: activityKeys.entry(Date.UTC(2031, 11, 31), 'a1').PK }, SK: { S: 'x' } };
  const client = { PK: { S: keys.profile('a').PK }, SK: { S: 'PROFILE' } };
  const check = (operation: string, input: Record<string, unknown>) =>
    runAs('anyFunction', everyWrite, async () => checkTableRequest(operation, { TableName: 't', ...input }));

  it.each([
    ['an update', 'UpdateItem', { Key: entry }],
    ['a delete', 'DeleteItem', { Key: entry }],
    [
      'an update inside a transaction',
      'TransactWriteItems',
      { TransactItems: [{ Put: { Item: client } }, { Update: { Key: entry } }] },
    ],
    ['a delete inside a transaction', 'TransactWriteItems', { TransactItems: [{ Delete: { Key: entry } }] }],
    ['a batch put over it', 'BatchWriteItem', { RequestItems: { t: [{ PutRequest: { Item: entry } }] } }],
    [
      'a batch delete of it, among other keys',
      'BatchWriteItem',
      { RequestItems: { t: [{ DeleteRequest: { Key: client } }, { DeleteRequest: { Key: entry } }] } },
    ],
    ['an update naming no key', 'UpdateItem', {}],
    ['a batch naming no key', 'BatchWriteItem', { RequestItems: {} }],
  ])('refuses %s with an explicit deny, whatever the function is granted', async (_, operation, input) => {
    await expect(check(operation, input)).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringMatching(
        /^User: local\/anyFunction is not authorized to perform: dynamodb:\w+ on resource: table\/.+ with an explicit deny in an identity-based policy$/,
      ),
    });
  });

  it('may still be written new, and read; other items may still be changed and erased', async () => {
    await expect(
      check('TransactWriteItems', {
        TransactItems: [
          { Put: { Item: entry, ConditionExpression: 'attribute_not_exists(PK)' } },
          { Update: { Key: client } },
        ],
      }),
    ).resolves.toBeUndefined();
    await expect(check('PutItem', { Item: entry })).resolves.toBeUndefined();
    await expect(check('GetItem', { Key: entry })).resolves.toBeUndefined();
    await expect(check('UpdateItem', { Key: client })).resolves.toBeUndefined();
    await expect(check('DeleteItem', { Key: client })).resolves.toBeUndefined();
    await expect(
      check('BatchWriteItem', { RequestItems: { t: [{ DeleteRequest: { Key: client } }] } }),
    ).resolves.toBeUndefined();
  });

  it('refuses every route that writes, as the route table grants it, an update or a batch write of one', async () => {
    const writers = routes.filter((route) =>
      routeTableUse(route).actions.some((a) => a === 'UpdateItem' || a === 'BatchWriteItem'),
    );
    expect(writers.map((r) => r.name)).toEqual(
      expect.arrayContaining(['addDeposit', 'approvePendingAction', 'deleteClient']),
    );
    for (const route of writers) {
      const use = routeTableUse(route);
      const action = use.actions.includes('BatchWriteItem') ? 'BatchWriteItem' : 'UpdateItem';
      const input =
        action === 'BatchWriteItem'
          ? { RequestItems: { t: [{ DeleteRequest: { Key: client } }, { DeleteRequest: { Key: entry } }] } }
          : { Key: entry };
      const refused = await runAs(route.name, use, async () =>
        checkTableRequest(action, { TableName: 't', ...input }),
      ).catch((e: Error) => e.message);
      expect({ route: route.name, refused }).toEqual({
        route: route.name,
        refused: expect.stringContaining('with an explicit deny'),
      });
    }
    // No route batch-writes; a grant that did would still be refused one on the log.
    const closing = routeTableUse(routeByName('deleteClient'));
    const batch: TableUse = { ...closing, actions: [...closing.actions, 'BatchWriteItem'] };
    const refusedBatch = await runAs('deleteClient', batch, async () =>
      checkTableRequest('BatchWriteItem', { TableName: 't', RequestItems: { t: [{ DeleteRequest: { Key: entry } }] } }),
    ).catch((e: Error) => e.message);
    expect(refusedBatch).toEqual(expect.stringContaining('with an explicit deny'));
  });
});

describe('on a real client', () => {
  // No DynamoDB needed: a refused request never leaves the client, an allowed one fails to connect.
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    }),
  );
  enforceTablePermissions(client);
  const onlyGet = { actions: ['GetItem'] as const };

  it('refuses an undeclared command before sending it, with the marshalled operation name', async () => {
    await expect(
      runAs('getPortfolio', onlyGet, () => client.send(new ScanCommand({ TableName: 't' }))),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(
      runAs('getPortfolio', onlyGet, () => client.send(new PutCommand({ TableName: 't', Item: { pk: 'a' } }))),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(
      runAs('getPortfolio', onlyGet, () =>
        client.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'a' } } }] })),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(
      runAs('getPortfolio', onlyGet, () =>
        client.send(
          new QueryCommand({
            TableName: 't',
            IndexName: 'GSI1',
            KeyConditionExpression: 'a = :a',
            ExpressionAttributeValues: { ':a': 1 },
          }),
        ),
      ),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });

  it('sends a declared one on its way', async () => {
    const error = await runAs('getPortfolio', onlyGet, () =>
      client.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } })),
    ).catch((e: Error) => e);
    expect((error as Error).name).not.toBe('AccessDeniedException');
  });

  it('refuses a change to an activity-log item before sending it, reading the key as marshalled', async () => {
    const writes = { actions: ['UpdateItem', 'DeleteItem', 'BatchWriteItem', 'PutItem'] } as unknown as TableUse;
    const entry = activityKeys.entry(Date.UTC(2031, 11, 31), 'a1');
    const refused = (send: () => Promise<unknown>) => runAs('addDeposit', writes, send).catch((e: Error) => e);
    for (const send of [
      () =>
        client.send(
          new UpdateCommand({
            TableName: 't',
            Key: entry,
            UpdateExpression: 'SET amountCents = :a',
            ExpressionAttributeValues: { ':a': 1 },
          }),
        ),
      () => client.send(new DeleteCommand({ TableName: 't', Key: entry })),
      () =>
        client.send(
          new BatchWriteCommand({ RequestItems: { t: [{ PutRequest: { Item: { ...entry, kind: 'forged' } } }] } }),
        ),
      () =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [{ Update: { TableName: 't', Key: entry, UpdateExpression: 'REMOVE reason' } }],
          }),
        ),
    ]) {
      expect(await refused(send)).toMatchObject({
        name: 'AccessDeniedException',
        message: expect.stringContaining('explicit deny'),
      });
    }
    // The same update of another item leaves the client (and fails to connect).
    const other = await refused(() =>
      client.send(
        new UpdateCommand({
          TableName: 't',
          Key: keys.profile('a'),
          UpdateExpression: 'SET x = :a',
          ExpressionAttributeValues: { ':a': 1 },
        }),
      ),
    );
    expect((other as Error).name).not.toBe('AccessDeniedException');
  });
});

describe("on the handlers' client, as the local stack configures it", () => {
  const local = {
    tableName: 't',
    region: 'us-east-1',
    dynamoEndpoint: 'http://127.0.0.1:9',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
  };
  afterAll(() => resetRuntime());

  it('refuses an undeclared command on whichever client the handlers get after configuration', async () => {
    configureRuntime(local, { onDynamoClient: enforceTablePermissions });
    await expect(
      runAs('getPortfolio', { actions: ['GetItem'] }, () => ddb().send(new ScanCommand({ TableName: 't' }))),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    // A new configuration makes a new client, checked as well.
    configureRuntime({ ...local, dynamoEndpoint: 'http://127.0.0.1:10' }, { onDynamoClient: enforceTablePermissions });
    await expect(
      runAs('getPortfolio', { actions: ['GetItem'] }, () => ddb().send(new ScanCommand({ TableName: 't' }))),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});
