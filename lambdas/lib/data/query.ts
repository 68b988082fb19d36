/** Reading every page of a Query: the one loop over LastEvaluatedKey. */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb, table } from '../runtime/db';

export type QueryInput = Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>;

/** Yields each page's items in turn, so a long result need not be held at once. */
export async function* queryPages<T>(input: QueryInput): AsyncGenerator<T[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new QueryCommand({ ...input, TableName: table(), ExclusiveStartKey: start }));
    yield (page.Items ?? []) as T[];
    start = page.LastEvaluatedKey;
  } while (start);
}

export async function queryAll<T>(input: QueryInput): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages<T>(input)) items.push(...page);
  return items;
}
