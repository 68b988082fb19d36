/**
 * The one DynamoDB client of a Lambda, created on first use and kept for the container's life
 * (runtime.ts), and the table it works on.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';
import { documentClient } from './runtime';

export const ddb = (): DynamoDBDocumentClient => documentClient();

export const table = () => config.tableName;
