/**
 * The settings the Lambda code runs with, and the SDK clients made from them.
 *
 * In AWS nobody configures anything: the settings are read from the function's environment (set
 * by the CDK stack) on first use, and each client is created on its first use and then kept for
 * the container's life. Code that runs the handlers in its own process (the local stack, tests,
 * tools) calls configureRuntime with explicit values instead of writing process.env. No module
 * reads a setting or creates a client when it is loaded, so handler modules may be imported
 * before or after that call, in any order.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { S3Client } from '@aws-sdk/client-s3';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { sendBackendHeader } from '../cognito/cognito-backend-header';
import { cachedSecretValue } from '../cognito/cognito-backend-secret';
import { TABLE_NAME_DEFAULT } from '../data/table';
import { isRecordYears } from '../../../shared/record-keeping';
import { originGate as makeOriginGate, type SecretSource, secretsManagerSource } from '../http/origin-secrets';

export interface RuntimeSettings {
  readonly tableName: string;
  readonly region: string;
  /** Only locally: DynamoDB Local's URL. */
  readonly dynamoEndpoint?: string;
  /** Only locally: cognito-local's URL. */
  readonly cognitoEndpoint?: string;
  /** Only the functions that manage users have one; config.userPoolId throws elsewhere. */
  readonly userPoolId?: string;
  /** Absent in AWS, where the SDK finds the function role's credentials itself. */
  readonly credentials?: DynamoDBClientConfig['credentials'];
  /**
   * How long a confirmed administrator is trusted before Cognito is asked again: at most a
   * minute, so a removed admin is refused within one. Tests shorten it.
   */
  readonly adminRecheckMs: number;
  /** The Secrets Manager secret (ARN) holding the origin secret CloudFront sends: read at run time, never from the environment. */
  readonly originSecretArn?: string;
  /** The site's public origin, without a trailing slash, for links in e-mails. */
  readonly siteUrl: string;
  /**
   * The verified SES identity notifications are sent from (NOTIFY_FROM). Unset: notifications
   * are off in AWS (the notifier sends nothing). Locally the stack's mailer hook sends instead.
   */
  readonly notifyFrom?: string;
  /** An SES configuration set for the notifications (NOTIFY_CONFIGURATION_SET), when there is one. */
  readonly notifyConfigurationSet?: string;
  /**
   * Portfolios per page of a weekly job step's listing (WEEKLY_GROWTH_PAGE_SIZE, 200 by default);
   * the integration tests make it small to run the state machine's cursor loop.
   */
  readonly weeklyGrowthPageSize: number;
  /** Whether the weekly job writes its CloudWatch metrics (EMF lines on stdout): in AWS yes, locally no. */
  readonly publishMetrics: boolean;
  /** The bucket the balances exports are written to (EXPORTS_BUCKET): on the functions that write or link them. */
  readonly exportsBucket?: string;
  /** Only locally: the S3 stand-in's URL (infra/local/object-store.ts). */
  readonly s3Endpoint?: string;
  /** The function that writes a balances export (BALANCES_EXPORTER), invoked asynchronously by the route that starts one. */
  readonly exporterFunction?: string;
  /**
   * The Secrets Manager secret (ARN) holding what the user pool's firewall lets through
   * (COGNITO_BACKEND_SECRET_ARN): on the routes that call Cognito with the caller's token
   * (cognito-backend-header.ts). The value is read at run time (cognito-backend-secret.ts).
   */
  readonly cognitoBackendSecretArn?: string;
  /**
   * The firewall's pass itself, given explicitly by the local stack (configureRuntime), whose
   * Cognito wants it where AWS wants an IAM signature. Never read from the environment.
   */
  readonly cognitoBackendSecret?: string;
  /**
   * The four-eyes threshold in cents (FOUR_EYES_THRESHOLD_CENTS, shared/four-eyes.ts): a money
   * move larger than this waits for a second administrator. Every stage sets its own; a function
   * without it (one that moves no money) throws if it ever reads it.
   */
  readonly fourEyesThresholdCents?: number;
  /**
   * What one administrator may apply alone in a rolling day, in cents (ADMIN_DAILY_LIMIT_CENTS,
   * shared/four-eyes.ts): above it their moves wait for a second administrator. As required as
   * the threshold wherever money moves.
   */
  readonly adminDailyLimitCents?: number;
  /**
   * How many years a closed account's records are kept (RECORD_YEARS, shared/record-keeping.ts):
   * on the function that closes accounts. Anything but a whole number in range reads as unset.
   */
  readonly recordYears?: number;
}

/** One e-mail as the notifier sends it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * What configureRuntime takes. Table and region are required so that code configuring the
 * runtime never falls back on a default table or region by omission; the rest defaults as in AWS.
 */
export type RuntimeConfiguration = Pick<RuntimeSettings, 'tableName' | 'region'> & Partial<RuntimeSettings>;

export interface RuntimeHooks {
  /**
   * Called with each DynamoDB client as it is created, before its first request: the local
   * stack installs its IAM check here, so the check is on whichever client the handlers use.
   */
  onDynamoClient?: (client: DynamoDBDocumentClient) => void;
  /**
   * Sends the notifier's e-mails instead of SES: the local stack delivers them to its mailbox.
   * Absent in AWS. A rejection is a failed send (the notifier retries it).
   */
  mailer?: (mail: OutgoingMail) => Promise<void>;
  /**
   * Starts the balances exporter on an export without waiting for it, as Lambda's asynchronous
   * invocation does in AWS: the local stack runs it in its own process. Absent in AWS.
   */
  startExporter?: (exportId: string) => void;
  /** Where the origin secret's values come from instead of Secrets Manager: the local stack's store. */
  originSecrets?: SecretSource;
}

const MAX_ADMIN_RECHECK_MS = 60_000;

function resolved(given: Partial<RuntimeSettings>): RuntimeSettings {
  const recheckMs = given.adminRecheckMs ?? MAX_ADMIN_RECHECK_MS;
  // Frozen: a change after a client was created would not reach that client.
  return Object.freeze({
    tableName: given.tableName ?? TABLE_NAME_DEFAULT,
    region: given.region ?? 'us-east-1',
    // Empty means unset: an empty variable must not become an endpoint, a pool id or a secret.
    dynamoEndpoint: given.dynamoEndpoint || undefined,
    cognitoEndpoint: given.cognitoEndpoint || undefined,
    userPoolId: given.userPoolId || undefined,
    credentials: given.credentials,
    adminRecheckMs: Number.isFinite(recheckMs) ? Math.min(Math.max(recheckMs, 0), MAX_ADMIN_RECHECK_MS) : MAX_ADMIN_RECHECK_MS,
    originSecretArn: given.originSecretArn || undefined,
    siteUrl: (given.siteUrl ?? 'http://localhost:3000').replace(/\/$/, ''),
    notifyFrom: given.notifyFrom || undefined,
    notifyConfigurationSet: given.notifyConfigurationSet || undefined,
    weeklyGrowthPageSize: Number.isInteger(given.weeklyGrowthPageSize) && Number(given.weeklyGrowthPageSize) > 0 ? Number(given.weeklyGrowthPageSize) : 200,
    publishMetrics: given.publishMetrics ?? true,
    exportsBucket: given.exportsBucket || undefined,
    s3Endpoint: given.s3Endpoint || undefined,
    exporterFunction: given.exporterFunction || undefined,
    cognitoBackendSecretArn: given.cognitoBackendSecretArn || undefined,
    cognitoBackendSecret: given.cognitoBackendSecret || undefined,
    fourEyesThresholdCents: Number.isSafeInteger(given.fourEyesThresholdCents) && Number(given.fourEyesThresholdCents) >= 0 ? given.fourEyesThresholdCents : undefined,
    adminDailyLimitCents: Number.isSafeInteger(given.adminDailyLimitCents) && Number(given.adminDailyLimitCents) >= 0 ? given.adminDailyLimitCents : undefined,
    recordYears: isRecordYears(given.recordYears) ? given.recordYears : undefined,
  });
}

/** The settings a Lambda's environment gives (the variables the CDK stack sets). */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): RuntimeSettings {
  const recheckSeconds = env.ADMIN_RECHECK_SECONDS;
  return resolved({
    tableName: env.TABLE_NAME,
    region: env.AWS_REGION,
    dynamoEndpoint: env.DYNAMODB_ENDPOINT,
    cognitoEndpoint: env.COGNITO_ENDPOINT,
    userPoolId: env.USER_POOL_ID,
    adminRecheckMs: recheckSeconds === undefined ? undefined : Number(recheckSeconds) * 1000,
    originSecretArn: env.ORIGIN_SECRET_ARN,
    siteUrl: env.SITE_URL,
    notifyFrom: env.NOTIFY_FROM,
    notifyConfigurationSet: env.NOTIFY_CONFIGURATION_SET,
    weeklyGrowthPageSize: env.WEEKLY_GROWTH_PAGE_SIZE === undefined ? undefined : Number(env.WEEKLY_GROWTH_PAGE_SIZE),
    exportsBucket: env.EXPORTS_BUCKET,
    exporterFunction: env.BALANCES_EXPORTER,
    cognitoBackendSecretArn: env.COGNITO_BACKEND_SECRET_ARN,
    fourEyesThresholdCents: env.FOUR_EYES_THRESHOLD_CENTS === undefined || env.FOUR_EYES_THRESHOLD_CENTS === '' ? undefined : Number(env.FOUR_EYES_THRESHOLD_CENTS),
    adminDailyLimitCents: env.ADMIN_DAILY_LIMIT_CENTS === undefined || env.ADMIN_DAILY_LIMIT_CENTS === '' ? undefined : Number(env.ADMIN_DAILY_LIMIT_CENTS),
    recordYears: env.RECORD_YEARS === undefined || env.RECORD_YEARS === '' ? undefined : Number(env.RECORD_YEARS),
  });
}

interface State {
  settings: RuntimeSettings;
  hooks: RuntimeHooks;
  dynamo?: { base: DynamoDBClient; document: DynamoDBDocumentClient };
  cognito?: CognitoIdentityProviderClient;
  ses?: SESv2Client;
  s3?: S3Client;
  lambda?: LambdaClient;
  secrets?: SecretsManagerClient;
  /** The gate made from the origin secret's source, kept with its cache for the container's life. */
  originGate?: (sent: string | undefined) => Promise<boolean>;
}

/** Undefined until first use: a Lambda reads its environment only then, not at module load. */
let state: State | undefined;

function current(): State {
  state ??= { settings: settingsFromEnvironment(), hooks: {} };
  return state;
}

/** Closes the clients' connections; the next use creates new ones. */
function releaseClients(): void {
  // The document client's own destroy() does nothing: the connections belong to the base client.
  state?.dynamo?.base.destroy();
  state?.cognito?.destroy();
  state?.ses?.destroy();
  state?.s3?.destroy();
  state?.lambda?.destroy();
  state?.secrets?.destroy();
}

/**
 * Replaces the settings (and hooks) and drops the clients made from the previous ones, so the
 * next use creates them from these. Call it before serving requests: a request in flight on a
 * dropped client fails.
 */
export function configureRuntime(configuration: RuntimeConfiguration, hooks: RuntimeHooks = {}): void {
  releaseClients();
  state = { settings: resolved(configuration), hooks };
}

/** Back to the state of a fresh container: settings from the environment, read on next use. For tests. */
export function resetRuntime(): void {
  releaseClients();
  state = undefined;
}

export function runtimeSettings(): RuntimeSettings {
  return current().settings;
}

type ClientName = Exclude<keyof State, 'settings' | 'hooks' | 'originGate'>;

/** The client kept as `name`, made from the settings (and hooks) on first use. */
function kept<N extends ClientName>(name: N, make: (s: Pick<State, 'settings' | 'hooks'>) => NonNullable<State[N]>): NonNullable<State[N]> {
  const s = current();
  const client = s[name] ?? make(s);
  s[name] = client;
  return client;
}

/** The one DynamoDB client, created on first use. */
export function documentClient(): DynamoDBDocumentClient {
  return kept('dynamo', ({ settings: { region, dynamoEndpoint, credentials }, hooks }) => {
    const base = new DynamoDBClient({ region, endpoint: dynamoEndpoint, credentials, retryMode: 'standard', maxAttempts: 4 });
    const document = DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
    hooks.onDynamoClient?.(document);
    return { base, document };
  }).document;
}

/** The one Cognito client, created on first use. */
export function cognitoClient(): CognitoIdentityProviderClient {
  return kept('cognito', ({ settings: { region, cognitoEndpoint, credentials, cognitoBackendSecret, cognitoBackendSecretArn } }) => {
    const client = new CognitoIdentityProviderClient({ region, endpoint: cognitoEndpoint, credentials });
    if (cognitoBackendSecret) sendBackendHeader(client, cognitoBackendSecret);
    else if (cognitoBackendSecretArn) sendBackendHeader(client, cachedSecretValue(secretsClient(), cognitoBackendSecretArn));
    return client;
  });
}

/** The one SES client, created on first use (only where no mailer hook sends instead). */
export function sesClient(): SESv2Client {
  return kept('ses', ({ settings: { region, credentials } }) => new SESv2Client({ region, credentials }));
}

/** The sender the runtime was configured with instead of SES (the local stack's), if any. */
export function mailerHook(): RuntimeHooks['mailer'] {
  return current().hooks.mailer;
}

/** The one S3 client, created on first use: path-style against the local stand-in. */
export function s3Client(): S3Client {
  // The SDK's default checksums, as in AWS: the local stand-in checks them as S3 does.
  return kept('s3', ({ settings: { region, s3Endpoint, credentials } }) => new S3Client({ region, endpoint: s3Endpoint, forcePathStyle: s3Endpoint !== undefined, credentials }));
}

/** The one Lambda client, created on first use (only where no startExporter hook runs the exporter instead). */
export function lambdaClient(): LambdaClient {
  return kept('lambda', ({ settings: { region, credentials } }) => new LambdaClient({ region, credentials }));
}

/** What runs the exporter in the local stack's process instead of Lambda, if anything. */
export function startExporterHook(): RuntimeHooks['startExporter'] {
  return current().hooks.startExporter;
}

/** The one Secrets Manager client, created on first use: the origin secret's and the firewall pass's reads. */
function secretsClient(): SecretsManagerClient {
  return kept('secrets', ({ settings: { region, credentials } }) => new SecretsManagerClient({ region, credentials }));
}

/**
 * The check of CloudFront's origin header (lambdas/lib/http/origin-secrets.ts), made on first use
 * from the local stack's store or the secret the stack names; undefined where neither is given
 * (handlers called directly, in unit tests).
 */
export function originGate(): State['originGate'] {
  const s = current();
  if (s.originGate) return s.originGate;
  const { hooks, settings } = s;
  const secretArn = settings.originSecretArn;
  const source = hooks.originSecrets ?? (secretArn ? secretsManagerSource(secretsClient(), secretArn) : undefined);
  s.originGate = source && makeOriginGate(source);
  return s.originGate;
}

