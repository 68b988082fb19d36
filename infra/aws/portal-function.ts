/**
 * The house Lambda: every function of the product is one of these, so the shared defaults are
 * fixed once (arm64, the current Node runtime, an ESM esbuild bundle with the AWS SDK inside,
 * source maps, JSON logs, X-Ray tracing, a timeout) and each function gets exactly the table
 * actions its code issues.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyDocument, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type ILogGroup, LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { resolve } from 'node:path';
import { type TableUse, writesTable } from '../../shared/api';
import { InlineGrantsRole } from './inline-grants-role';
import { logsKey } from './logs-key';
import { grantTableKey } from './table-key';
import { SEAL_KEY_PREFIX, SEAL_WRITE_ACTIONS } from './activity-seal-items';
import { WRITE_ONCE_DENIED_ACTIONS, WRITE_ONCE_KEY_PREFIX } from './write-once-items';

export const ROOT = resolve(process.cwd());

/**
 * Logs of whatever moves money or grows portfolios are the firm's audit trail: kept a year at
 * least. The others too (Control Tower CT.CLOUDWATCH.PR.2), unless a function says otherwise.
 */
export const MONEY_LOG_RETENTION = RetentionDays.ONE_YEAR;

export interface PortalFunctionProps {
  /** Path of the handler module, from the project root (e.g. `lambdas/http/getPortfolio.ts`). */
  entry: string;
  description: string;
  table?: ITable;
  /** Exactly the DynamoDB actions (and indexes queried) the code issues: nothing more is granted. */
  tableUse?: TableUse;
  /**
   * The activity sealer's: its table use is granted on the seal keys only, and it alone is not
   * denied writing them (activity-seal-items.ts).
   */
  sealsOnly?: boolean;
  /** How long its logs are kept: a year by default (MONEY_LOG_RETENTION). */
  logRetention?: RetentionDays;
  /**
   * A log group it shares with functions of its kind (the API's route functions), instead of one
   * of its own: a group is a resource of the stack, and CloudFormation counts them. Lambda names
   * each stream after the function (`YYYY/MM/DD/<function>[<version>]<id>`), so its lines stay apart.
   */
  logGroup?: ILogGroup;
  timeout?: Duration;
  memorySize?: number;
  environment?: Record<string, string>;
}

export class PortalFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    const logGroup =
      props.logGroup ??
      new LogGroup(scope, `${id}Logs`, {
        retention: props.logRetention ?? MONEY_LOG_RETENTION,
        encryptionKey: logsKey(scope),
      });
    // Its own role, allowed to write its log group only (not the managed basic-execution policy,
    // which may write any log group in the account).
    const role = new InlineGrantsRole(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
      inlinePolicies: {
        logs: new PolicyDocument({
          statements: [
            new PolicyStatement({
              actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
              resources: [logGroup.logGroupArn],
            }),
          ],
        }),
      },
    });
    super(scope, id, {
      role,
      entry: resolve(ROOT, props.entry),
      handler: 'handler',
      description: props.description,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup,
      loggingFormat: LoggingFormat.JSON,
      tracing: Tracing.ACTIVE,
      projectRoot: ROOT,
      depsLockFilePath: resolve(ROOT, 'package-lock.json'),
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        POWERTOOLS_SERVICE_NAME: 'aurum-portal',
        POWERTOOLS_LOG_LEVEL: 'INFO',
        ...(props.table ? { TABLE_NAME: props.table.tableName } : {}),
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node24',
        minify: true,
        sourceMap: true,
        // The SDK is bundled (and tree-shaken) rather than taken from the runtime: a pinned,
        // tested version, and a faster cold start than loading the runtime's full copy.
        bundleAwsSDK: true,
        mainFields: ['module', 'main'],
        // Some dependencies still `require` Node built-ins; ESM bundles need a require to give them.
        banner: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
        forceDockerBundling: false,
      },
    });
    if (props.table && props.tableUse)
      (props.sealsOnly ? grantSealsOnly : grantTableUse)(this, props.table, props.tableUse);
    Validations.of(role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason: 'X-Ray tracing: PutTraceSegments and PutTelemetryRecords have no resource-level permissions.',
    });
  }
}

/** The table's actions on the table's ARN; Query on the named indexes' ARNs only; never a change to a write-once item. */
function grantTableUse(fn: NodejsFunction, table: ITable, use: TableUse): void {
  if (use.actions.length === 0 && (use.indexes ?? []).length === 0) return;
  for (const statement of writeOnceDenials(table)) fn.addToRolePolicy(statement);
  grantTableKey(fn, table, writesTable(use));
  fn.addToRolePolicy(sealDenial(table));
  if (use.actions.length > 0) {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: use.actions.map((a) => `dynamodb:${a}`), resources: [table.tableArn] }),
    );
  }
  if (use.indexes && use.indexes.length > 0) {
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: use.indexes.map((name) => `${table.tableArn}/index/${name}`),
      }),
    );
  }
}

/**
 * The sealer's table use on the seal keys only: every partition key of a request must be one
 * (ForAllValues, with the key present: ForAllValues alone is true of a request with none).
 */
function grantSealsOnly(fn: NodejsFunction, table: ITable, use: TableUse): void {
  for (const statement of writeOnceDenials(table)) fn.addToRolePolicy(statement);
  grantTableKey(fn, table, writesTable(use));
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: use.actions.map((a) => `dynamodb:${a}`),
      resources: [table.tableArn],
      conditions: {
        'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': `${SEAL_KEY_PREFIX}*` },
        Null: { 'dynamodb:LeadingKeys': 'false' },
      },
    }),
  );
}

/** The explicit Deny that keeps every function but the sealer from writing a seal, its head, a tamper record or the last check. */
function sealDenial(table: ITable): PolicyStatement {
  return new PolicyStatement({
    effect: Effect.DENY,
    actions: SEAL_WRITE_ACTIONS.map((a) => `dynamodb:${a}`),
    resources: [table.tableArn],
    conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': `${SEAL_KEY_PREFIX}*` } },
  });
}

/**
 * The explicit Deny that keeps the write-once items (write-once-items.ts) as written, whatever a
 * function is granted. dynamodb:LeadingKeys holds every partition key a request touches (all of a
 * batch's), so ForAnyValue denies a request when any one of them is such an item: ForAllValues
 * would let a batch through that mixes one with any other key. ForAnyValue is false when the key
 * is absent, so a second Deny refuses these actions on a request that carries no partition key.
 */
function writeOnceDenials(table: ITable): PolicyStatement[] {
  const deny = (condition: Record<string, Record<string, string>>) =>
    new PolicyStatement({
      effect: Effect.DENY,
      actions: WRITE_ONCE_DENIED_ACTIONS.map((a) => `dynamodb:${a}`),
      resources: [table.tableArn],
      conditions: condition,
    });
  return [
    deny({ 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': `${WRITE_ONCE_KEY_PREFIX}*` } }),
    deny({ Null: { 'dynamodb:LeadingKeys': 'true' } }),
  ];
}
