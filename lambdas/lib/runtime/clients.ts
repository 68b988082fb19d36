/**
 * The SDK clients of a Lambda, each made from the runtime's settings on first use and kept for
 * the container's life (runtime.ts); a new configuration closes them and the next use makes new
 * ones. The Cognito client is the cognito floor's (lambdas/lib/cognito/cognito-client.ts): it
 * carries the user pool firewall's pass.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { S3Client } from '@aws-sdk/client-s3';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type Kept, keptValue } from './runtime';

const DYNAMO: Kept<{ base: DynamoDBClient; document: DynamoDBDocumentClient }> = {
  make: ({ settings: { region, dynamoEndpoint, credentials }, hooks }) => {
    const base = new DynamoDBClient({
      region,
      endpoint: dynamoEndpoint,
      credentials,
      retryMode: 'standard',
      maxAttempts: 4,
    });
    const document = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
    hooks.onDynamoClient?.(document);
    return { base, document };
  },
  // The document client's own destroy() does nothing: the connections belong to the base client.
  release: ({ base }) => base.destroy(),
};

const SES: Kept<SESv2Client> = {
  make: ({ settings: { region, credentials } }) => new SESv2Client({ region, credentials }),
  release: (client) => client.destroy(),
};

const S3: Kept<S3Client> = {
  // The SDK's default checksums, as in AWS: the local stand-in checks them as S3 does.
  make: ({ settings: { region, s3Endpoint, credentials } }) =>
    new S3Client({ region, endpoint: s3Endpoint, forcePathStyle: s3Endpoint !== undefined, credentials }),
  release: (client) => client.destroy(),
};

const LAMBDA: Kept<LambdaClient> = {
  make: ({ settings: { region, credentials } }) => new LambdaClient({ region, credentials }),
  release: (client) => client.destroy(),
};

const SECRETS: Kept<SecretsManagerClient> = {
  make: ({ settings: { region, credentials } }) => new SecretsManagerClient({ region, credentials }),
  release: (client) => client.destroy(),
};

/** The one DynamoDB client, created on first use. */
export function documentClient(): DynamoDBDocumentClient {
  return keptValue(DYNAMO).document;
}

/** The one SES client, created on first use (only where no mailer hook sends instead). */
export function sesClient(): SESv2Client {
  return keptValue(SES);
}

/** The one S3 client, created on first use: path-style against the local stand-in. */
export function s3Client(): S3Client {
  return keptValue(S3);
}

/** The one Lambda client, created on first use (only where no startExporter hook runs the exporter instead). */
export function lambdaClient(): LambdaClient {
  return keptValue(LAMBDA);
}

/** The one Secrets Manager client, created on first use: the origin secret's and the firewall pass's reads. */
export function secretsClient(): SecretsManagerClient {
  return keptValue(SECRETS);
}
