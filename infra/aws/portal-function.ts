/**
 * The house Lambda: every function of the product is one of these, so the shared defaults are
 * fixed once (arm64, the current Node runtime, an ESM esbuild bundle with the AWS SDK inside,
 * source maps, JSON logs kept a month, a timeout) and each function gets exactly the table
 * access its job needs.
 */
import { type CfnElement, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, LoggingFormat, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { resolve } from 'node:path';

export const ROOT = resolve(process.cwd());

export interface PortalFunctionProps {
  /** Path of the handler module, from the project root (e.g. `lambdas/http/getPortfolio.ts`). */
  entry: string;
  description: string;
  table?: ITable;
  /** read: GetItem/Query/BatchGet only; write: also Put/Update/Delete/TransactWrite. */
  tableAccess?: 'read' | 'write';
  timeout?: Duration;
  memorySize?: number;
  environment?: Record<string, string>;
}

export class PortalFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: PortalFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, { retention: RetentionDays.ONE_MONTH });
    // Its own role, allowed to write its own log group only (not the managed basic-execution
    // policy, which may write any log group in the account).
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
      inlinePolicies: {
        logs: new PolicyDocument({
          statements: [new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] })],
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
    if (props.table) {
      if (props.tableAccess === 'write') props.table.grantReadWriteData(this);
      else props.table.grantReadData(this);
      const tableId = Stack.of(this).getLogicalId(props.table.node.defaultChild as CfnElement);
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${tableId}.Arn>/index/*]`,
        reason: "The table's own secondary indexes (GSI1-3), all read by the access patterns in infra/definitions/table.ts.",
      });
    }
  }
}
