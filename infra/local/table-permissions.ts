/**
 * IAM on DynamoDB Local. In AWS each function may issue only the table actions its role grants
 * (derived from the route table and lambdas/table-uses.ts); DynamoDB Local checks nothing. So
 * the local stack runs every handler, trigger and job inside its declared table use, and the
 * one DynamoDB client refuses any other action with IAM's own AccessDeniedException: a handler
 * that starts issuing an undeclared action fails every local test, not the first deploy. It
 * refuses too what every role's explicit Deny refuses in AWS: changing or erasing an item of
 * the activity log (infra/aws/write-once-items.ts), and writing its seals for any function but the
 * sealer, which may write nothing else (infra/aws/activity-seal-items.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { tableDefinition } from '../../lambdas/lib/data/table';
import type { TableUse } from '../../shared/api';
import { ACTIVITY_SEALER_NAME, onlySeals, SEAL_WRITE_ACTIONS, touchesSeals } from '../aws/activity-seal-items';
import { touchesWriteOnce, WRITE_ONCE_DENIED_ACTIONS } from '../aws/write-once-items';

interface Running {
  name: string;
  use: TableUse;
}

const running = new AsyncLocalStorage<Running>();

/** Runs `work` as the function `name`, allowed only `use` on the table. */
export function runAs<T>(name: string, use: TableUse, work: () => Promise<T>): Promise<T> {
  return running.run({ name, use }, work);
}

type Input = Record<string, unknown>;

/** One permission IAM checks: the action, the index when querying one, and the partition keys touched (dynamodb:LeadingKeys). */
export interface Need {
  action: string;
  index?: string;
  leadingKeys: string[];
}

/** A partition key's value as the request carries it: marshalled ({ S: ... }) on the wire, plain in a test. */
function partitionKeyOf(key: unknown): string[] {
  const value = (key as Input | undefined)?.[tableDefinition.partitionKey];
  if (typeof value === 'string') return [value];
  const marshalled = (value as { S?: unknown } | undefined)?.S;
  return typeof marshalled === 'string' ? [marshalled] : [];
}

const TRANSACT_ACTIONS: Record<string, string> = {
  Put: 'PutItem',
  Update: 'UpdateItem',
  Delete: 'DeleteItem',
  ConditionCheck: 'ConditionCheckItem',
};

/** Every partition key of a batch write, across its tables, its puts and its deletes. */
function batchWriteKeys(input: Input): string[] {
  const requests = Object.values((input.RequestItems ?? {}) as Record<string, Input[]>).flat();
  return requests.flatMap((r) =>
    partitionKeyOf((r.PutRequest as Input | undefined)?.Item ?? (r.DeleteRequest as Input | undefined)?.Key),
  );
}

/** What IAM checks for one low-level DynamoDB request: the actions, the index when querying one, the partition keys. */
export function permissionsNeeded(operation: string, input: Input): Need[] {
  switch (operation) {
    case 'TransactWriteItems':
      // IAM authorizes a transaction by its items' own actions, each on its own key.
      return ((input.TransactItems ?? []) as Input[]).map((item) => {
        const kind = Object.keys(item)[0] ?? '';
        const body = item[kind] as Input | undefined;
        return {
          action: TRANSACT_ACTIONS[kind] ?? `Unknown(${kind})`,
          leadingKeys: partitionKeyOf(body?.Key ?? body?.Item),
        };
      });
    case 'TransactGetItems':
      return [
        {
          action: 'GetItem',
          leadingKeys: ((input.TransactItems ?? []) as Input[]).flatMap((item) =>
            partitionKeyOf((item.Get as Input | undefined)?.Key),
          ),
        },
      ];
    case 'BatchWriteItem':
      return [{ action: operation, leadingKeys: batchWriteKeys(input) }];
    case 'Query':
    case 'Scan':
      return [
        {
          action: operation,
          index: typeof input.IndexName === 'string' ? input.IndexName : undefined,
          leadingKeys: [],
        },
      ];
    default:
      return [{ action: operation, leadingKeys: partitionKeyOf(input.Key ?? input.Item) }];
  }
}

function allowed(fnName: string, use: TableUse, need: Need): boolean {
  if (need.index !== undefined) return need.action === 'Query' && (use.indexes ?? []).includes(need.index as never);
  // The sealer's grant carries a condition: the seal keys only.
  if (fnName === ACTIVITY_SEALER_NAME && !onlySeals(need.leadingKeys)) return false;
  return (use.actions as readonly string[]).includes(need.action);
}

/**
 * The explicit Deny every function's role carries in AWS (infra/aws/portal-function.ts): no update,
 * delete or batch write of a write-once item (the activity log), nor of a request naming no key.
 */
function deniedExplicitly(fnName: string, need: Need): boolean {
  if (
    fnName !== ACTIVITY_SEALER_NAME &&
    (SEAL_WRITE_ACTIONS as readonly string[]).includes(need.action) &&
    touchesSeals(need.leadingKeys)
  )
    return true;
  if (!(WRITE_ONCE_DENIED_ACTIONS as readonly string[]).includes(need.action)) return false;
  return need.leadingKeys.length === 0 || touchesWriteOnce(need.leadingKeys);
}

function refusal(fnName: string, need: Need, input: Input, explicit: boolean): Error {
  const resource = need.index
    ? `table/${String(input.TableName)}/index/${need.index}`
    : `table/${String(input.TableName ?? '?')}`;
  const why = explicit ? ' with an explicit deny in an identity-based policy' : '';
  return Object.assign(
    new Error(
      `User: local/${fnName} is not authorized to perform: dynamodb:${need.action} on resource: ${resource}${why}`,
    ),
    {
      name: 'AccessDeniedException',
      $fault: 'client',
    },
  );
}

/** Throws as IAM answers when the running function may not do this; outside any function (seeding, tests) all is allowed. */
export function checkTableRequest(operation: string, input: Input): void {
  const fn = running.getStore();
  if (!fn) return;
  for (const need of permissionsNeeded(operation, input)) {
    if (deniedExplicitly(fn.name, need)) throw refusal(fn.name, need, input, true);
    if (!allowed(fn.name, fn.use, need)) throw refusal(fn.name, need, input, false);
  }
}

/** Installs the check on a DynamoDB client, after marshalling and before the request is signed and sent. */
export function enforceTablePermissions(client: DynamoDBDocumentClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? '').replace(/Command$/, '');
      checkTableRequest(operation, args.input as Input);
      return next(args);
    },
    { step: 'serialize', name: 'localIamTablePermissions', priority: 'low' },
  );
}
