/**
 * A read route cannot write, end to end on DynamoDB Local: each GET route's function run with
 * exactly the table use its role is granted (the handlers' client, held to it as the local stack
 * holds it, infra/local/table-permissions.ts; in AWS the same grants are IAM's,
 * infra/aws/operations.test.ts). The admin check runs on the routes an administrator may read, and
 * it only reads: the write it once made there (recording an admin found unrecorded, with its
 * notice) is refused to every one of them, and is the pre-token-generation trigger's
 * (lambdas/lib/http/admin-moments.ts).
 */
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { useCheckedTable } from './support/checked-table';
import { runAs } from '../../infra/local/table-permissions';
import { type RouteDef, routes, usesAdminPower } from '../../shared/api';
import { changeSecurityRecord, getSecurityRecord } from '../../lambdas/lib/data/security-record';
import { ddb } from '../../lambdas/lib/runtime/db';
import { keys } from '../../lambdas/lib/data/table';
import { PRE_TOKEN_GENERATION_TABLE_USE, routeTableUse } from '../../lambdas/table-uses';

const TABLE = 'read-routes-read';
const checked = useCheckedTable(TABLE);

const readRoutes = (routes as readonly RouteDef[]).filter((r) => r.method === 'GET');
const asRoute = <T>(route: RouteDef, work: () => Promise<T>) => runAs(route.name, routeTableUse(route), work);
const stored = checked.stored;

it('refuses every GET route the admin-moment write (record and notice in one transaction), and the record stays as it was', async () => {
  const sub = 'found-unrecorded';
  await checked.reader.send(
    new PutCommand({
      TableName: TABLE,
      Item: { ...keys.security(sub), sub, itemType: 'security', version: 1, totpEnabledAt: 1 },
    }),
  );
  const before = await stored(keys.security(sub));
  const adminReadable = readRoutes.filter(usesAdminPower);
  expect(adminReadable.map((r) => r.name)).toEqual(
    expect.arrayContaining(['getPortfolio', 'listTransactions', 'getEligibility', 'listClients']),
  );
  for (const route of adminReadable) {
    // What the admin check reads, it may.
    expect(await asRoute(route, () => getSecurityRecord(sub))).toMatchObject({ version: 1, totpEnabledAt: 1 });
    const refused = await asRoute(route, () =>
      changeSecurityRecord(sub, { set: { adminSince: Date.now() }, ifVersion: 1, notice: 'admin-granted' }, Date.now()),
    ).catch((e: Error) => e.name);
    expect({ route: route.name, refused }).toEqual({ route: route.name, refused: 'AccessDeniedException' });
  }
  expect(await stored(keys.security(sub))).toEqual(before);
});

it('refuses every GET route a Put or an Update of any item', async () => {
  const key = keys.profile('reader-target');
  await checked.reader.send(new PutCommand({ TableName: TABLE, Item: { ...key, email: 'target@example.com' } }));
  for (const route of readRoutes) {
    const put = await asRoute(route, () =>
      ddb().send(new PutCommand({ TableName: TABLE, Item: { ...key, email: 'forged@example.com' } })),
    ).catch((e: Error) => e.name);
    const update = await asRoute(route, () =>
      ddb().send(
        new UpdateCommand({
          TableName: TABLE,
          Key: key,
          UpdateExpression: 'SET email = :e',
          ExpressionAttributeValues: { ':e': 'forged@example.com' },
        }),
      ),
    ).catch((e: Error) => e.name);
    expect({ route: route.name, put, update }).toEqual({
      route: route.name,
      put: 'AccessDeniedException',
      update: 'AccessDeniedException',
    });
  }
  expect(await stored(key)).toMatchObject({ email: 'target@example.com' });
});

it('lets the pre-token-generation trigger make that write, with its own grants', async () => {
  const sub = 'recorded-at-sign-in';
  const outcome = await runAs('PreTokenGeneration', PRE_TOKEN_GENERATION_TABLE_USE, () =>
    changeSecurityRecord(sub, { set: { adminSince: 5 }, ifVersion: 0, notice: 'admin-granted' }, Date.now()),
  );
  expect(outcome).toBe('changed');
  expect(await stored(keys.security(sub))).toMatchObject({ adminSince: 5, version: 1 });
});
