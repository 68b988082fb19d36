/**
 * IAM on DynamoDB Local. In AWS each function may issue only the table actions its role grants
 * (derived from the route table and lambdas/table-uses.ts); DynamoDB Local checks nothing. So
 * the local stack runs every handler, trigger and job inside its declared table use, and the
 * one DynamoDB client refuses any other action with IAM's own AccessDeniedException: a handler
 * that starts issuing an undeclared action fails every local test, not the first deploy.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { TableUse } from '../../shared/api';

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

/** What IAM checks for one low-level DynamoDB request: the actions, and the index when querying one. */
export function permissionsNeeded(operation: string, input: Input): { action: string; index?: string }[] {
  switch (operation) {
    case 'TransactWriteItems':
      // IAM authorizes a transaction by its items' own actions.
      return ((input.TransactItems ?? []) as Input[]).map((item) => {
        const kind = Object.keys(item)[0];
        const action = ({ Put: 'PutItem', Update: 'UpdateItem', Delete: 'DeleteItem', ConditionCheck: 'ConditionCheckItem' } as Record<string, string>)[kind ?? ''];
        return { action: action ?? `Unknown(${kind})` };
      });
    case 'TransactGetItems':
      return [{ action: 'GetItem' }];
    case 'Query':
    case 'Scan':
      return [{ action: operation, index: typeof input.IndexName === 'string' ? input.IndexName : undefined }];
    default:
      return [{ action: operation }];
  }
}

function allowed(use: TableUse, need: { action: string; index?: string }): boolean {
  if (need.index !== undefined) return need.action === 'Query' && (use.indexes ?? []).includes(need.index as never);
  return (use.actions as readonly string[]).includes(need.action);
}

/** Throws as IAM answers when the running function may not do this; outside any function (seeding, tests) all is allowed. */
export function checkTableRequest(operation: string, input: Input): void {
  const fn = running.getStore();
  if (!fn) return;
  for (const need of permissionsNeeded(operation, input)) {
    if (!allowed(fn.use, need)) {
      const resource = need.index ? `table/${String(input.TableName)}/index/${need.index}` : `table/${String(input.TableName ?? '?')}`;
      throw Object.assign(new Error(`User: local/${fn.name} is not authorized to perform: dynamodb:${need.action} on resource: ${resource}`), {
        name: 'AccessDeniedException',
        $fault: 'client',
      });
    }
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
