/**
 * What a Lambda reads from its environment. In AWS the stack sets these; locally the gateway
 * does (plus the endpoints of DynamoDB Local and cognito-local).
 */
import { TABLE_NAME_DEFAULT } from './table';

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
  /**
   * How long a confirmed administrator is trusted before Cognito is asked again: at most a
   * minute, so a removed admin is refused within one. Tests shorten it.
   */
  get adminRecheckMs(): number {
    const seconds = Number(process.env.ADMIN_RECHECK_SECONDS ?? 60);
    return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 60) * 1000 : 60_000;
  },
  /**
   * The secret CloudFront (or the local gateway) adds to every API request; unset only where
   * handlers are called directly (unit tests). The CDK stack sets it on every route.
   */
  get originSecret(): string | undefined {
    return process.env.ORIGIN_VERIFY || undefined;
  },
  /** The site's public origin, for links in e-mails. */
  get siteUrl(): string {
    return (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  },
};
