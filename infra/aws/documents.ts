/**
 * The clients' documents (lambdas/lib/documents): statements and confirmations as PDFs in a
 * private bucket of their own, written once and kept. Every version is locked by S3 Object Lock
 * for the stage's record-keeping years: in compliance mode on a production stage, where no one
 * (the account's root included) can delete it or shorten its lock; in governance mode elsewhere,
 * where a role granted s3:BypassGovernanceRetention can clear a sample stage (records-trail.ts
 * decides the same). The bucket's policy refuses a write without `If-None-Match`, so even the
 * functions that write can add no second version under a document's key
 * (docs/decisions/0028-documents-written-once.md).
 *
 * Its functions get only their part: the writers put and read `clients/*`; the routes that link a
 * document read it (a presigned link is only as good as its signer's rights). No one is granted
 * a delete, a retention change or the bucket's policy.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AnyPrincipal, Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  type IBucket,
  ObjectLockRetention,
} from 'aws-cdk-lib/aws-s3';
import { Construct, type IConstruct } from 'constructs';
import type { FirmDetails } from '../../shared/site-config';
import { monthlyBackupRetention } from './backup-rules';
import { acknowledgeGuard } from './guard-rules';
import { denyGrantsExceptForAwsResources } from './kms-policies';
import type { PortalFunction } from './portal-function';

/** Where the documents go in the bucket (each one's key is `clients/<sub>/<docId>.pdf`, documentObjectKey). */
export const DOCUMENTS_PREFIX = 'clients/';

export interface ClientDocumentsProps {
  /** The stage's recordYears: how long each document's version is locked. */
  years: number;
  /** Compliance mode on a production stage; governance mode on the others. */
  production: boolean;
  /** Where the bucket's own access logs go (the site's log bucket). */
  accessLogs: IBucket;
  /** The firm printed on every document (FIRM_DETAILS for the writers): a document never goes out unsigned. */
  firm: FirmDetails;
}

export class ClientDocuments extends Construct {
  readonly bucket: Bucket;
  readonly key: Key;
  private readonly firm: FirmDetails;

  constructor(scope: Construct, id: string, props: ClientDocumentsProps) {
    super(scope, id);
    this.firm = props.firm;
    // Every client's statements: under a key whose policy decides who reads them, kept as long as they are.
    this.key = new Key(this, 'Key', {
      description: "Encrypts the Aurum portal clients' documents",
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    denyGrantsExceptForAwsResources(this.key);
    // Counted as the records trail's are: with their leap days, never a day short.
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
      serverAccessLogsPrefix: 'documents/',
      // A document is never expired: it stays while the client's records do. A version hidden by a
      // delete marker goes only once it has been noncurrent as long as its lock, so after the lock ends.
      lifecycleRules: [
        { noncurrentVersionExpiration: retention, abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // S3's conditional writes, enforced: a PUT (or a multipart upload, which takes no If-None-Match) without it is denied.
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'WriteOnlyWhereNoDocumentIs',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:PutObject'],
        resources: [this.bucket.arnForObjects('*')],
        conditions: { Null: { 's3:if-none-match': 'true' } },
      }),
    );
    acknowledgeGuard(this.bucket, {
      control: 'CT.S3.PR.4',
      reason:
        "Nothing acts on a document's arrival: the writer records its item itself, and the item's INSERT tells the client.",
    });
  }

  /** Every document's object: each key is new (`clients/<sub>/<docId>.pdf`), so the prefix is the narrowest ARN there is. */
  private get documentObjects(): string {
    return this.bucket.arnForObjects(`${DOCUMENTS_PREFIX}*`);
  }

  /** A function that writes documents: it puts each PDF once and reads it back (storeDocument's HEAD), with the firm to print. */
  allowWrite(fn: PortalFunction): void {
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:PutObject', 's3:GetObject'], resources: [this.documentObjects] }),
    );
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['kms:GenerateDataKey', 'kms:Decrypt'], resources: [this.key.keyArn] }),
    );
    fn.addEnvironment('DOCUMENTS_BUCKET', this.bucket.bucketName);
    fn.addEnvironment('FIRM_DETAILS', JSON.stringify(this.firm));
    this.acknowledgePrefix(fn);
  }

  /** A route that links a document: its presigned link reads the PDF with its rights. */
  allowLink(fn: PortalFunction): void {
    // GetObjectVersion: each link names the version written, so what a client downloads is what was locked.
    fn.addToRolePolicy(
      new PolicyStatement({ actions: ['s3:GetObject', 's3:GetObjectVersion'], resources: [this.documentObjects] }),
    );
    fn.addToRolePolicy(new PolicyStatement({ actions: ['kms:Decrypt'], resources: [this.key.keyArn] }));
    fn.addEnvironment('DOCUMENTS_BUCKET', this.bucket.bucketName);
    this.acknowledgePrefix(fn);
  }

  private acknowledgePrefix(fn: PortalFunction): void {
    const role = (fn.role ?? fn) as IConstruct;
    const reason =
      "Each document is a new object (clients/<sub>/<docId>.pdf): the documents prefix is the narrowest resource that names a client's documents.";
    if (Stack.of(fn) === Stack.of(this.bucket)) {
      const bucketId = Stack.of(this.bucket).getLogicalId(this.bucket.node.defaultChild as CfnBucket);
      // The grant lives in the function's role's policy, beside the function.
      Validations.of(role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${bucketId}.Arn>/${DOCUMENTS_PREFIX}*]`,
        reason,
      });
      return;
    }
    // A writer in another stack names the bucket through the portal stack's output, known only
    // once references are resolved: acknowledged then, for that resource exactly.
    role.node.addValidation({
      validate: () => {
        const resolved: unknown = Stack.of(role).resolve(this.bucket.bucketArn);
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${JSON.stringify(resolved)}/${DOCUMENTS_PREFIX}*]`,
          reason,
        });
        return [];
      },
    });
  }
}
