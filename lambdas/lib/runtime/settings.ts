/**
 * The settings the Lambda code runs with: what the CDK stack sets in a function's environment, or
 * what the local stack, tests and tools give configureRuntime (runtime.ts) explicitly. Each is
 * typed here and checked once, when it is read or given, never where it is used.
 *
 * Checked by hand rather than with zod: every function reads its settings at its cold start, and
 * the handlers load zod only on a route that parses a body or a query (lambdas/lib/http/http.ts).
 */
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { isRecordYears } from '../../../shared/record-keeping';
import { isCoolingOffHours } from '../../../shared/payout-cooling-off';
import { isAgreementUrl, isAgreementVersion } from '../../../shared/client-agreement';
import { type ClientSignUp, isClientSignUp } from '../../../shared/client-sign-up';
import { type FirmDetails, firmDetailsOf } from '../../../shared/site-config';

/** The product's table where nothing names another: the local stack's and the tools' default. */
export const TABLE_NAME_DEFAULT = 'aurum-portal';

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
  /** The write-once bucket of clients' statements and confirmations (DOCUMENTS_BUCKET): on the functions that write or link them. */
  readonly documentsBucket?: string;
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
  /**
   * The cooling-off period after a client sets a payout account, in whole hours
   * (PAYOUT_COOLING_OFF_HOURS, shared/payout-account.ts): on the function that sets one. Anything
   * but a whole number in range reads as unset.
   */
  readonly payoutCoolingOffHours?: number;
  /**
   * The client agreement's current version and page (AGREEMENT_VERSION, AGREEMENT_URL;
   * shared/client-agreement.ts): on the functions that show it, record its acceptance or check it.
   * Both or neither: a version without a well-formed page reads as no agreement.
   */
  readonly agreementVersion?: string;
  readonly agreementUrl?: string;
  /**
   * How a new client's account starts (CLIENT_SIGN_UP, shared/client-sign-up.ts): on the functions
   * that create profiles. Anything but a known mode reads as unset, and an unset one throws where read.
   */
  readonly clientSignUp?: ClientSignUp;
  /**
   * How an approved client funds the account (FUNDING_INSTRUCTIONS, a JSON list of lines): on the
   * function that reads a portfolio. Anything but a list of lines of text reads as unset.
   */
  readonly fundingInstructions?: readonly string[];
  /**
   * The firm's details on clients' documents (FIRM_DETAILS, JSON of the stage's `firm`: legal name,
   * postal address, risk disclosure, support): on the functions that write statements and
   * confirmations. Anything but the whole set reads as unset, and an unset one throws where read.
   */
  readonly firm?: FirmDetails;
  /**
   * Whether only passkey sessions get admin power (ADMIN_PASSKEY_REQUIRED, 'true' or 'false': the
   * stage's adminPasskeyRequired): on the functions that decide admin power or show the rule.
   * Anything else reads as unset, and an unset one throws where read.
   */
  readonly adminPasskeyRequired?: boolean;
}

/**
 * What configureRuntime takes. Table and region are required so that code configuring the
 * runtime never falls back on a default table or region by omission; the rest defaults as in AWS.
 */
export type RuntimeConfiguration = Pick<RuntimeSettings, 'tableName' | 'region'> & Partial<RuntimeSettings>;

const MAX_ADMIN_RECHECK_MS = 60_000;

/**
 * The settings, checked and completed once, when they are given or first read: an empty value is
 * unset, a number out of range falls back to its default or to unset, and the result is frozen.
 */
export function resolvedSettings(given: Partial<RuntimeSettings>): RuntimeSettings {
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
    adminRecheckMs: Number.isFinite(recheckMs)
      ? Math.min(Math.max(recheckMs, 0), MAX_ADMIN_RECHECK_MS)
      : MAX_ADMIN_RECHECK_MS,
    originSecretArn: given.originSecretArn || undefined,
    siteUrl: (given.siteUrl ?? 'http://localhost:3000').replace(/\/$/, ''),
    notifyFrom: given.notifyFrom || undefined,
    notifyConfigurationSet: given.notifyConfigurationSet || undefined,
    weeklyGrowthPageSize:
      Number.isInteger(given.weeklyGrowthPageSize) && Number(given.weeklyGrowthPageSize) > 0
        ? Number(given.weeklyGrowthPageSize)
        : 200,
    publishMetrics: given.publishMetrics ?? true,
    exportsBucket: given.exportsBucket || undefined,
    s3Endpoint: given.s3Endpoint || undefined,
    documentsBucket: given.documentsBucket || undefined,
    exporterFunction: given.exporterFunction || undefined,
    cognitoBackendSecretArn: given.cognitoBackendSecretArn || undefined,
    cognitoBackendSecret: given.cognitoBackendSecret || undefined,
    fourEyesThresholdCents:
      Number.isSafeInteger(given.fourEyesThresholdCents) && Number(given.fourEyesThresholdCents) >= 0
        ? given.fourEyesThresholdCents
        : undefined,
    adminDailyLimitCents:
      Number.isSafeInteger(given.adminDailyLimitCents) && Number(given.adminDailyLimitCents) >= 0
        ? given.adminDailyLimitCents
        : undefined,
    recordYears: isRecordYears(given.recordYears) ? given.recordYears : undefined,
    payoutCoolingOffHours: isCoolingOffHours(given.payoutCoolingOffHours) ? given.payoutCoolingOffHours : undefined,
    ...agreementOf(given),
    clientSignUp: isClientSignUp(given.clientSignUp) ? given.clientSignUp : undefined,
    fundingInstructions: isLinesOfText(given.fundingInstructions)
      ? Object.freeze([...given.fundingInstructions])
      : undefined,
    firm: given.firm === undefined ? undefined : firmDetailsOf(given.firm),
    adminPasskeyRequired: typeof given.adminPasskeyRequired === 'boolean' ? given.adminPasskeyRequired : undefined,
  });
}

const isLinesOfText = (value: unknown): value is readonly string[] =>
  Array.isArray(value) && value.every((line) => typeof line === 'string' && line.trim() !== '');

/** A variable holding JSON, parsed; unset or malformed reads as unset (and is then refused where required). */
function jsonOrUndefined(text: string | undefined): unknown {
  if (text === undefined || text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The settings a Lambda's environment gives (the variables the CDK stack sets). */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv = process.env): RuntimeSettings {
  const recheckSeconds = env.ADMIN_RECHECK_SECONDS;
  return resolvedSettings({
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
    documentsBucket: env.DOCUMENTS_BUCKET,
    exporterFunction: env.BALANCES_EXPORTER,
    cognitoBackendSecretArn: env.COGNITO_BACKEND_SECRET_ARN,
    fourEyesThresholdCents:
      env.FOUR_EYES_THRESHOLD_CENTS === undefined || env.FOUR_EYES_THRESHOLD_CENTS === ''
        ? undefined
        : Number(env.FOUR_EYES_THRESHOLD_CENTS),
    adminDailyLimitCents:
      env.ADMIN_DAILY_LIMIT_CENTS === undefined || env.ADMIN_DAILY_LIMIT_CENTS === ''
        ? undefined
        : Number(env.ADMIN_DAILY_LIMIT_CENTS),
    recordYears: env.RECORD_YEARS === undefined || env.RECORD_YEARS === '' ? undefined : Number(env.RECORD_YEARS),
    payoutCoolingOffHours:
      env.PAYOUT_COOLING_OFF_HOURS === undefined || env.PAYOUT_COOLING_OFF_HOURS === ''
        ? undefined
        : Number(env.PAYOUT_COOLING_OFF_HOURS),
    agreementVersion: env.AGREEMENT_VERSION,
    agreementUrl: env.AGREEMENT_URL,
    clientSignUp: env.CLIENT_SIGN_UP as ClientSignUp | undefined,
    fundingInstructions: jsonOrUndefined(env.FUNDING_INSTRUCTIONS) as readonly string[] | undefined,
    firm: jsonOrUndefined(env.FIRM_DETAILS) as FirmDetails | undefined,
    adminPasskeyRequired: booleanOrUndefined(env.ADMIN_PASSKEY_REQUIRED),
  });
}

/** 'true' or 'false', as the CDK stack writes a flag; anything else reads as unset. */
function booleanOrUndefined(text: string | undefined): boolean | undefined {
  if (text === 'true') return true;
  return text === 'false' ? false : undefined;
}

/** The agreement's two settings, kept only together and well formed. */
function agreementOf(given: Partial<RuntimeSettings>): Pick<RuntimeSettings, 'agreementVersion' | 'agreementUrl'> {
  return isAgreementVersion(given.agreementVersion) && isAgreementUrl(given.agreementUrl)
    ? { agreementVersion: given.agreementVersion, agreementUrl: given.agreementUrl }
    : {};
}
