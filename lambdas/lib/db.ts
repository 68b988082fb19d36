/** The one DynamoDB client of a Lambda, created once per container (module level). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { config } from './config';

export const ddb = DynamoDBDocumentClient.from(
  new DynamoDBClient({ region: config.region, endpoint: config.dynamoEndpoint, retryMode: 'standard', maxAttempts: 4 }),
  { marshallOptions: { removeUndefinedValues: true } },
);

export const table = () => config.tableName;
