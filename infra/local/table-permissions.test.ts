/** IAM on DynamoDB Local: a function may issue only its declared table actions, as in AWS. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, ScanCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lambdas/lib/db';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime';
import { checkTableRequest, enforceTablePermissions, permissionsNeeded, runAs } from './table-permissions';

describe('what IAM checks for a request', () => {
  it('authorizes a transaction by its items, and a query on an index by the index', () => {
    expect(permissionsNeeded('TransactWriteItems', { TransactItems: [{ Put: {} }, { Update: {} }, { ConditionCheck: {} }, { Delete: {} }] })).toEqual([
      { action: 'PutItem' },
      { action: 'UpdateItem' },
      { action: 'ConditionCheckItem' },
      { action: 'DeleteItem' },
    ]);
    expect(permissionsNeeded('Query', { IndexName: 'GSI2' })).toEqual([{ action: 'Query', index: 'GSI2' }]);
    expect(permissionsNeeded('Query', {})).toEqual([{ action: 'Query', index: undefined }]);
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
    await expect(runAs('someRoute', use, async () => checkTableRequest(operation, { TableName: 't', ...input }))).rejects.toMatchObject({
      name: 'AccessDeniedException',
      message: expect.stringMatching(/^User: local\/someRoute is not authorized to perform: dynamodb:\w+ on resource: table\/t/),
    });
  });

  it('may do what it declares', async () => {
    await expect(
      runAs('someRoute', use, async () => {
        checkTableRequest('GetItem', {});
        checkTableRequest('TransactWriteItems', { TransactItems: [{ Update: {} }] });
        checkTableRequest('Query', { IndexName: 'GSI1' });
      }),
    ).resolves.toBeUndefined();
  });

  it('checks nothing outside any function (seeding, tests)', () => {
    expect(() => checkTableRequest('Scan', {})).not.toThrow();
  });
});

describe('on a real client', () => {
  // No DynamoDB needed: a refused request never leaves the client, an allowed one fails to connect.
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'x', secretAccessKey: 'x' }, maxAttempts: 1 }));
  enforceTablePermissions(client);
  const onlyGet = { actions: ['GetItem'] as const };

  it('refuses an undeclared command before sending it, with the marshalled operation name', async () => {
    await expect(runAs('getPortfolio', onlyGet, () => client.send(new ScanCommand({ TableName: 't' })))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(runAs('getPortfolio', onlyGet, () => client.send(new PutCommand({ TableName: 't', Item: { pk: 'a' } })))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(
      runAs('getPortfolio', onlyGet, () => client.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: 'a' } } }] }))),
    ).rejects.toMatchObject({ name: 'AccessDeniedException' });
    await expect(runAs('getPortfolio', onlyGet, () => client.send(new QueryCommand({ TableName: 't', IndexName: 'GSI1', KeyConditionExpression: 'a = :a', ExpressionAttributeValues: { ':a': 1 } })))).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });

  it('sends a declared one on its way', async () => {
    const error = await runAs('getPortfolio', onlyGet, () => client.send(new GetCommand({ TableName: 't', Key: { pk: 'a' } }))).catch((e: Error) => e);
    expect((error as Error).name).not.toBe('AccessDeniedException');
  });
});

describe("on the handlers' client, as the local stack configures it", () => {
  const local = { tableName: 't', region: 'us-east-1', dynamoEndpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } };
  afterAll(() => resetRuntime());

  it('refuses an undeclared command on whichever client the handlers get after configuration', async () => {
    configureRuntime(local, { onDynamoClient: enforceTablePermissions });
    await expect(runAs('getPortfolio', { actions: ['GetItem'] }, () => ddb().send(new ScanCommand({ TableName: 't' })))).rejects.toMatchObject({ name: 'AccessDeniedException' });
    // A new configuration makes a new client, checked as well.
    configureRuntime({ ...local, dynamoEndpoint: 'http://127.0.0.1:10' }, { onDynamoClient: enforceTablePermissions });
    await expect(runAs('getPortfolio', { actions: ['GetItem'] }, () => ddb().send(new ScanCommand({ TableName: 't' })))).rejects.toMatchObject({ name: 'AccessDeniedException' });
  });
});
