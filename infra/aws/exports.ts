/**
 * The balances exports (lambdas/lib/money/balances-export.ts): a private bucket the exporter function
 * writes each export's CSV to, under a key of its own, where the files live a day. Its routes
 * get only their part: the one that starts an export may invoke the exporter; the one that links
 * a file may read the exports (a presigned link is only as good as its signer's rights).
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, type IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { BALANCES_EXPORTER_TABLE_USE } from '../../lambdas/table-uses';
import { acknowledgeGuard } from './guard-rules';
import { denyGrantsExceptForAwsResources } from './kms-policies';
import { PortalFunction } from './portal-function';

/** Where the exports' files go in the bucket (each export's key is `balances/<id>.csv`). */
export const EXPORTS_PREFIX = 'balances/';

export class BalancesExports extends Construct {
  readonly bucket: Bucket;
  readonly exporter: PortalFunction;

  constructor(scope: Construct, id: string, props: { table: ITable; accessLogs: IBucket }) {
    super(scope, id);
    // Every client's e-mail and balance: encrypted under a key whose policy decides who reads them.
    const key = new Key(this, 'Key', {
      description: 'Encrypts the Aurum portal balances exports',
      enableKeyRotation: true,
    });
    denyGrantsExceptForAwsResources(key);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS,
      encryptionKey: key,
      bucketKeyEnabled: true,
      enforceSSL: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'exports/',
      versioned: true,
      // An export is fetched within minutes of being written; a day later it is gone, with any upload left unfinished.
      lifecycleRules: [
        {
          expiration: Duration.days(1),
          noncurrentVersionExpiration: Duration.days(1),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
    });
    (this.bucket.node.defaultChild as CfnBucket).notificationConfiguration = {
      eventBridgeConfiguration: { eventBridgeEnabled: true },
    };
    acknowledgeGuard(this.bucket, {
      control: 'CT.S3.PR.9',
      reason: 'Exports expire after a day by design; Object Lock would keep them against that rule.',
    });

    this.exporter = new PortalFunction(this, 'Exporter', {
      entry: 'lambdas/jobs/balances-export.ts',
      description: 'Writes a balances export (every client, e-mail order) to the exports bucket',
      table: props.table,
      tableUse: BALANCES_EXPORTER_TABLE_USE,
      // A million clients: ~2 minutes of reads and upload; the time limit leaves room for far more.
      timeout: Duration.minutes(15),
      memorySize: 1024,
      environment: { EXPORTS_BUCKET: this.bucket.bucketName },
    });
    // A failed export is marked failed at once (the admin is told); a retry would find it so and stop.
    // An invocation held back (throttled) past a minute is dropped: the export then reads as failed.
    this.exporter.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(1) });
    // Exactly what an upload does (one PUT, or a multipart upload, aborted on failure); completing
    // a multipart upload under a KMS key decrypts the parts' data keys.
    this.exporter.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject', 's3:AbortMultipartUpload'], resources: [this.exportObjects] }),
    );
    this.exporter.addToRolePolicy(
      new PolicyStatement({ actions: ['kms:GenerateDataKey', 'kms:Decrypt'], resources: [key.keyArn] }),
    );
    this.key = key;
    acknowledgePrefix(this.exporter, this.bucket);
  }

  private readonly key: Key;

  /** Every export's object: each key is new (`balances/<id>.csv`), so the prefix is the narrowest ARN there is. */
  private get exportObjects(): string {
    return this.bucket.arnForObjects(`${EXPORTS_PREFIX}*`);
  }

  /** The route that starts an export: it invokes the exporter, asynchronously. */
  allowStart(fn: PortalFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.exporter.functionArn] }),
    );
    fn.addEnvironment('BALANCES_EXPORTER', this.exporter.functionName);
  }

  /** The route that links a finished export: its presigned links read the file with its rights. */
  allowLink(fn: PortalFunction): void {
    fn.addToRolePolicy(new PolicyStatement({ actions: ['s3:GetObject'], resources: [this.exportObjects] }));
    fn.addToRolePolicy(new PolicyStatement({ actions: ['kms:Decrypt'], resources: [this.key.keyArn] }));
    fn.addEnvironment('EXPORTS_BUCKET', this.bucket.bucketName);
    acknowledgePrefix(fn, this.bucket);
  }
}

function acknowledgePrefix(fn: PortalFunction, bucket: Bucket): void {
  const bucketId = Stack.of(bucket).getLogicalId(bucket.node.defaultChild as CfnBucket);
  // The grant lives in the function's role's policy, beside the function.
  Validations.of(fn.role ?? fn).acknowledge({
    id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${EXPORTS_PREFIX}*]`,
    reason:
      'Each export is a new object (balances/<id>.csv): the exports prefix is the narrowest resource that names them.',
  });
}
