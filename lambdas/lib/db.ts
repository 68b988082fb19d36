/**
 * The one DynamoDB client of a Lambda, created on first use and kept for the container's life
 * (runtime.ts), and the table it works on.
 */
import type { DynamoDBDocumentClient, TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { documentClient } from './runtime';

export const ddb = (): DynamoDBDocumentClient => documentClient();

export const table = () => config.tableName;

/** One item of a TransactWriteItems call (the money transactions, the weekly job, the totals). */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
