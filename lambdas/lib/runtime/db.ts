/**
 * The one DynamoDB client of a Lambda, created on first use and kept for the container's life
 * (clients.ts), and the table it works on.
 */
import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { documentClient } from './clients';

export const ddb = (): DynamoDBDocumentClient => documentClient();

export const table = () => config.tableName;

/** The reason codes of a cancelled transaction, by item; empty for any other error. */
export function cancellationReasons(error: unknown): (string | undefined)[] {
  if ((error as Error).name !== 'TransactionCanceledException') return [];
  return ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);
}

/** One item of a TransactWriteItems call (the money transactions, the weekly job, the totals). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
