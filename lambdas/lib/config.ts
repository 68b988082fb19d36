/**
 * What a Lambda reads from its environment. In AWS the stack sets these; locally the gateway
 * does (plus the endpoints of DynamoDB Local and cognito-local).
 */
import { TABLE_NAME_DEFAULT } from '../../infra/definitions/table';

export const config = {
  get tableName(): string {
    return process.env.TABLE_NAME ?? TABLE_NAME_DEFAULT;
  },
  get region(): string {
    return process.env.AWS_REGION ?? 'us-east-1';
  },
  /** Set only locally: DynamoDB Local's URL. */
  get dynamoEndpoint(): string | undefined {
    return process.env.DYNAMODB_ENDPOINT || undefined;
  },
  /** Set only locally: cognito-local's URL. */
  get cognitoEndpoint(): string | undefined {
    return process.env.COGNITO_ENDPOINT || undefined;
  },
  get userPoolId(): string {
    const id = process.env.USER_POOL_ID;
    if (!id) throw new Error('USER_POOL_ID is not set');
    return id;
  },
  /** The site's public origin, for links in e-mails. */
  get siteUrl(): string {
    return (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  },
};
