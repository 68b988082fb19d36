/**
 * Who read or changed which record, kept where no one can delete it: a CloudTrail trail of every
 * item read and write on the table and every object read and write in the buckets of clients'
 * documents, with the region's write management events (key policies, backups, the trail itself),
 * delivered to a bucket under S3 Object Lock for the stage's record-keeping years.
 *
 * The stream's reads are not recorded: the notifier and the sealer poll it several times a second
 * all day, and they read only what the table's own data events already show being written.
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { CfnTrail } from 'aws-cdk-lib/aws-cloudtrail';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket, ObjectLockRetention } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { monthlyBackupRetention } from './backup-rules';
import { acknowledgeGuard } from './guard-rules';
import { denyGrantsExceptForAwsResources } from './kms-policies';

export interface RecordsTrailProps {
  stage: string;
  table: ITable;
  /** Buckets whose every object read and write is recorded: the clients' documents, the balances exports. */
  buckets: IBucket[];
  /** The stage's recordYears: how long each log file is locked, then kept. */
  years: number;
  /**
   * A production stage's logs are locked in compliance mode, which no one can lift or shorten.
   * Others in governance mode: a role granted s3:BypassGovernanceRetention can clear a sample stage's.
   */
  production: boolean;
  /** Where the bucket's own access logs go. */
  accessLogs: IBucket;
}

/** The trail's name: fixed (the bucket and key policies name the one trail that may write), with the stage so stages share an account. */
export const recordsTrailName = (stage: string) => `aurum-${stage}-records`;

export class RecordsTrail extends Construct {
  readonly bucket: Bucket;
  readonly key: Key;
  readonly trail: CfnTrail;

  constructor(scope: Construct, id: string, props: RecordsTrailProps) {
    super(scope, id);
    const { account, region, partition } = Stack.of(this);
    const trailArn = `arn:${partition}:cloudtrail:${region}:${account}:trail/${recordsTrailName(props.stage)}`;
    this.key = trailKey(this, trailArn);
    // Counted as a monthly backup of the same years is: with their leap days, never a day early.
    const retention = monthlyBackupRetention(props.years);
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS,
      encryptionKey: this.key,
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      objectLockEnabled: true,
      objectLockDefaultRetention: props.production
        ? ObjectLockRetention.compliance(retention)
        : ObjectLockRetention.governance(retention),
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'records-trail/',
      // Once a file's lock has run out it goes: kept exactly the record-keeping years.
      lifecycleRules: [
        {
          expiration: retention,
          noncurrentVersionExpiration: Duration.days(1),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    acknowledgeGuard(this.bucket, {
      control: 'CT.S3.PR.4',
      reason: "Nothing acts on a log file's arrival: the files are read when someone asks who touched a record.",
    });
    allowTrailDelivery(this.bucket, trailArn, account);
    this.trail = new CfnTrail(this, 'Trail', {
      trailName: recordsTrailName(props.stage),
      isLogging: true,
      s3BucketName: this.bucket.bucketName,
      kmsKeyId: this.key.keyArn,
      enableLogFileValidation: true,
      isMultiRegionTrail: false,
      includeGlobalServiceEvents: false,
      advancedEventSelectors: recordSelectors(props.table, props.buckets),
    });
    // CloudTrail checks on create that it may write: the bucket's policy must exist first.
    if (this.bucket.policy) this.trail.node.addDependency(this.bucket.policy);
    acknowledgeGuard(this.trail, {
      control: 'CT.CLOUDTRAIL.PR.3',
      reason:
        'The record is the locked bucket. CloudWatch Logs would ingest every table read again, at a cost per GB, into a log group an administrator can delete.',
    });
  }
}

/** The trail's selectors: the region's changes (IAM's are global, in us-east-1), the table's items, the buckets' objects. */
function recordSelectors(table: ITable, buckets: IBucket[]): CfnTrail.AdvancedEventSelectorProperty[] {
  const selectors: CfnTrail.AdvancedEventSelectorProperty[] = [
    {
      name: 'Changes in the region',
      fieldSelectors: [
        { field: 'eventCategory', equalTo: ['Management'] },
        { field: 'readOnly', equalTo: ['false'] },
      ],
    },
    {
      name: 'Every read and write of the table',
      fieldSelectors: [
        { field: 'eventCategory', equalTo: ['Data'] },
        { field: 'resources.type', equalTo: ['AWS::DynamoDB::Table'] },
        { field: 'resources.ARN', equalTo: [table.tableArn] },
      ],
    },
  ];
  if (buckets.length === 0) return selectors;
  return [
    ...selectors,
    {
      name: "Every read and write of the buckets' objects",
      fieldSelectors: [
        { field: 'eventCategory', equalTo: ['Data'] },
        { field: 'resources.type', equalTo: ['AWS::S3::Object'] },
        { field: 'resources.ARN', startsWith: buckets.map((bucket) => bucket.arnForObjects('')) },
      ],
    },
  ];
}

/** CloudTrail's delivery, for this trail only (aws:SourceArn): it reads the bucket's ACL and writes under AWSLogs/<account>/. */
function allowTrailDelivery(bucket: Bucket, trailArn: string, account: string): void {
  const cloudTrail = new ServicePrincipal('cloudtrail.amazonaws.com');
  const fromTheTrail = { 'aws:SourceArn': trailArn };
  bucket.addToResourcePolicy(
    new PolicyStatement({
      principals: [cloudTrail],
      actions: ['s3:GetBucketAcl'],
      resources: [bucket.bucketArn],
      conditions: { StringEquals: fromTheTrail },
    }),
  );
  bucket.addToResourcePolicy(
    new PolicyStatement({
      principals: [cloudTrail],
      actions: ['s3:PutObject'],
      resources: [bucket.arnForObjects(`AWSLogs/${account}/*`)],
      conditions: { StringEquals: { ...fromTheTrail, 's3:x-amz-acl': 'bucket-owner-full-control' } },
    }),
  );
}

/** The log files' key: CloudTrail encrypts with it for this trail only; reading them takes IAM rights on it (the account's default statement). */
function trailKey(scope: Construct, trailArn: string): Key {
  const { account, partition } = Stack.of(scope);
  const key = new Key(scope, 'Key', {
    description: 'Encrypts the Aurum portal records trail',
    enableKeyRotation: true,
    removalPolicy: RemovalPolicy.RETAIN,
  });
  const cloudTrail = new ServicePrincipal('cloudtrail.amazonaws.com');
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'TheTrailEncryptsItsLogs',
      principals: [cloudTrail],
      actions: ['kms:GenerateDataKey*'],
      resources: ['*'],
      conditions: {
        StringEquals: { 'aws:SourceArn': trailArn },
        StringLike: { 'kms:EncryptionContext:aws:cloudtrail:arn': `arn:${partition}:cloudtrail:*:${account}:trail/*` },
      },
    }),
  );
  key.addToResourcePolicy(
    new PolicyStatement({
      sid: 'TheTrailDescribesTheKey',
      principals: [cloudTrail],
      actions: ['kms:DescribeKey'],
      resources: ['*'],
      conditions: { StringEquals: { 'aws:SourceArn': trailArn } },
    }),
  );
  denyGrantsExceptForAwsResources(key);
  return key;
}
