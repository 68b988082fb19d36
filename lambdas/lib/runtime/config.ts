/**
 * The settings a Lambda runs with (runtime.ts: from its environment in AWS, given explicitly by
 * the local stack), read when used.
 */
import { runtimeSettings } from './runtime';

export const config = {
  get tableName(): string {
    return runtimeSettings().tableName;
  },
  get region(): string {
    return runtimeSettings().region;
  },
  /** Set only locally: DynamoDB Local's URL. */
  get dynamoEndpoint(): string | undefined {
    return runtimeSettings().dynamoEndpoint;
  },
  /** Set only locally: cognito-local's URL. */
  get cognitoEndpoint(): string | undefined {
    return runtimeSettings().cognitoEndpoint;
  },
  /** Throws only when read: only the functions that write or link the balances exports have the bucket. */
  get exportsBucket(): string {
    const bucket = runtimeSettings().exportsBucket;
    if (!bucket) throw new Error('EXPORTS_BUCKET is not set');
    return bucket;
  },
  /** Throws only when read: only the route that starts an export names the exporter. */
  get exporterFunction(): string {
    const name = runtimeSettings().exporterFunction;
    if (!name) throw new Error('BALANCES_EXPORTER is not set');
    return name;
  },
  /** Throws only when read: a function that never manages users has no pool. */
  get userPoolId(): string {
    const id = runtimeSettings().userPoolId;
    if (!id) throw new Error('USER_POOL_ID is not set');
    return id;
  },
  /**
   * How long a confirmed administrator is trusted before Cognito is asked again: at most a
   * minute, so a removed admin is refused within one. Tests shorten it.
   */
  get adminRecheckMs(): number {
    return runtimeSettings().adminRecheckMs;
  },
  /**
   * The secret CloudFront (or the local gateway) adds to every API request; unset only where
   * handlers are called directly (unit tests). The CDK stack sets it on every route.
   */
  get originSecret(): string | undefined {
    return runtimeSettings().originSecret;
  },
  /** Throws only when read: the money-moving functions have it, and a missing one must never mean "no limit". */
  get fourEyesThresholdCents(): number {
    const cents = runtimeSettings().fourEyesThresholdCents;
    if (cents === undefined) throw new Error('FOUR_EYES_THRESHOLD_CENTS is not set');
    return cents;
  },
  /** The site's public origin, for links in e-mails. */
  get siteUrl(): string {
    return runtimeSettings().siteUrl;
  },
  /** The SES identity notifications are sent from; unset: notifications are off (unless a local mailer sends). */
  get notifyFrom(): string | undefined {
    return runtimeSettings().notifyFrom;
  },
  get notifyConfigurationSet(): string | undefined {
    return runtimeSettings().notifyConfigurationSet;
  },
};
