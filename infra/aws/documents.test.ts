/**
 * The clients' documents bucket as CloudFormation will create it: locked for the stage's
 * record-keeping years (compliance mode on production, governance elsewhere), encrypted under a
 * key of its own, TLS only, written only with If-None-Match, watched by the records trail; and no
 * policy in any of the stage's stacks or the pipeline's grants a delete, a retention change, a
 * bypass of governance, a change of the lock or of the bucket's policy on it.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { stages } from '../stages';
import { monthlyBackupRetention } from './backup-rules';
import { ClientDocuments } from './documents';
import { DEMO_FIRM } from './demo-firm';
import { PipelineStack } from './pipeline-stack';
import { resolveStage } from './stage-config';
import { projectContext } from './test-support/project-context';
import { wildcard } from './test-support/pipeline-policy-match';
import { type Resource, stageTemplates, type Statement, templateReader } from './test-support/template-reader';

const FORBIDDEN = [
  's3:DeleteObject',
  's3:DeleteObjectVersion',
  's3:PutObjectRetention',
  's3:BypassGovernanceRetention',
  's3:PutBucketObjectLockConfiguration',
  's3:PutBucketPolicy',
  's3:DeleteBucketPolicy',
];

const prodConfig = resolveStage('prod', stages);
const devConfig = resolveStage('dev', stages);
const prod = stageTemplates(prodConfig);
const dev = stageTemplates(devConfig);

/** The documents bucket of a portal template: the one bucket with Object Lock whose access logs go under documents/. */
function documentsBucket(template: Template): [string, Resource] {
  const found = templateReader(template)
    .ofType('AWS::S3::Bucket')
    .filter(
      ([, r]) =>
        (r.Properties.LoggingConfiguration as { LogFilePrefix?: string } | undefined)?.LogFilePrefix === 'documents/',
    );
  expect(found).toHaveLength(1);
  return found[0] as [string, Resource];
}

const defaultRetention = (bucket: Resource) =>
  (bucket.Properties.ObjectLockConfiguration as { Rule: { DefaultRetention: { Mode: string; Days: number } } }).Rule
    .DefaultRetention;

/** Every statement of every identity policy in a template: roles' inline ones, policies, managed policies. */
function identityStatements(template: Template): Statement[] {
  const reader = templateReader(template);
  const documentsOf = (type: string, field: string) =>
    reader.ofType(type).map(([, r]) => r.Properties[field] as { Statement: Statement[] });
  const inline = reader
    .ofType('AWS::IAM::Role')
    .flatMap(([, r]) => (r.Properties.Policies ?? []) as { PolicyDocument: { Statement: Statement[] } }[])
    .map((p) => p.PolicyDocument);
  return [
    ...inline,
    ...documentsOf('AWS::IAM::Policy', 'PolicyDocument'),
    ...documentsOf('AWS::IAM::ManagedPolicy', 'PolicyDocument'),
  ].flatMap((d) => d.Statement);
}

/** The allowed statements that would let someone do a forbidden thing to the documents bucket (its id, or any bucket by wildcard). */
function forbiddenGrants(statements: Statement[], bucketId: string | undefined): string[] {
  return statements
    .filter((s) => s.Effect === 'Allow')
    .filter((s) => {
      const notAction = (s as Statement & { NotAction?: unknown }).NotAction !== undefined;
      const actions = [s.Action ?? []].flat().map(String);
      return notAction || FORBIDDEN.some((forbidden) => actions.some((a) => wildcard(a, forbidden, true)));
    })
    .filter((s) =>
      [s.Resource].flat().some((r) => {
        const text = JSON.stringify(r);
        return (
          r === '*' ||
          (bucketId !== undefined && text.includes(bucketId)) ||
          /arn:[^:"]*:s3:::[^"/]*\*/.test(text) ||
          /^"arn:\$\{AWS::Partition\}:s3:::\*/.test(text)
        );
      }),
    )
    .map((s) => JSON.stringify(s));
}

describe('the documents bucket', () => {
  it('locks each version in compliance mode for recordYears on production, in governance mode elsewhere', () => {
    const days = monthlyBackupRetention(prodConfig.recordYears ?? 7).toDays();
    expect(days).toBeGreaterThanOrEqual(365 * (prodConfig.recordYears ?? 7));
    const [, prodBucket] = documentsBucket(prod.template);
    expect(prodBucket.Properties).toMatchObject({
      ObjectLockEnabled: true,
      VersioningConfiguration: { Status: 'Enabled' },
      ObjectLockConfiguration: { ObjectLockEnabled: 'Enabled' },
    });
    expect(defaultRetention(prodBucket)).toEqual({ Mode: 'COMPLIANCE', Days: days });
    const [, devBucket] = documentsBucket(dev.template);
    expect(defaultRetention(devBucket)).toEqual({
      Mode: 'GOVERNANCE',
      Days: monthlyBackupRetention(devConfig.recordYears ?? 7).toDays(),
    });
    expect([prodBucket.DeletionPolicy, prodBucket.UpdateReplacePolicy]).toEqual(['RetainExceptOnCreate', 'Retain']);
  });

  it('takes the retention of the stage whatever its years, and never expires a version before its lock ends', () => {
    for (const [years, production] of [
      [1, true],
      [10, true],
      [3, false],
    ] as const) {
      const stack = new Stack(new App(), 'Docs');
      new ClientDocuments(stack, 'Documents', {
        years,
        production,
        accessLogs: new Bucket(stack, 'Logs'),
        firm: DEMO_FIRM,
      });
      const [, bucket] = documentsBucket(Template.fromStack(stack));
      const days = monthlyBackupRetention(years).toDays();
      expect(defaultRetention(bucket)).toEqual({ Mode: production ? 'COMPLIANCE' : 'GOVERNANCE', Days: days });
      const rules = (bucket.Properties.LifecycleConfiguration as { Rules: Record<string, unknown>[] }).Rules;
      for (const rule of rules) {
        expect(rule.ExpirationInDays).toBeUndefined();
        const noncurrent = rule.NoncurrentVersionExpiration as { NoncurrentDays: number } | undefined;
        if (noncurrent) expect(noncurrent.NoncurrentDays).toBeGreaterThanOrEqual(days);
      }
    }
  });

  it('is private, under a rotated key of its own, TLS only, and takes a write only with If-None-Match', () => {
    const [bucketId, bucket] = documentsBucket(prod.template);
    expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    const encryption = bucket.Properties.BucketEncryption as {
      ServerSideEncryptionConfiguration: {
        ServerSideEncryptionByDefault: { SSEAlgorithm: string; KMSMasterKeyID: { 'Fn::GetAtt': [string, string] } };
      }[];
    };
    const sse = encryption.ServerSideEncryptionConfiguration[0]?.ServerSideEncryptionByDefault;
    expect(sse?.SSEAlgorithm).toBe('aws:kms');
    const key = templateReader(prod.template).all()[sse?.KMSMasterKeyID['Fn::GetAtt'][0] ?? ''];
    expect(key?.Properties.EnableKeyRotation).toBe(true);

    const policy = templateReader(prod.template)
      .ofType('AWS::S3::BucketPolicy')
      .find(([, p]) => JSON.stringify(p.Properties.Bucket).includes(bucketId));
    const statements = (policy?.[1].Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:PutObject',
        Condition: { Null: { 's3:if-none-match': 'true' } },
      }),
    );
    expect(forbiddenGrants(statements, bucketId)).toEqual([]);
  });

  it('is watched by the records trail, object by object', () => {
    const [bucketId] = documentsBucket(prod.template);
    const [, trail] = templateReader(prod.template).ofType('AWS::CloudTrail::Trail')[0] as [string, Resource];
    expect(JSON.stringify(trail.Properties.AdvancedEventSelectors)).toContain(bucketId);
  });

  it("gives the notifier the documents' bucket, their prefix to put and read, and the firm", () => {
    const [bucketId] = documentsBucket(dev.template);
    const reader = templateReader(dev.template);
    const [notifierId, notifier] = reader.functionDescribed(
      'Notifier: e-mails clients and admins about money moves and withdrawal requests, from the table stream',
    );
    const env = (notifier.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(env.DOCUMENTS_BUCKET).toEqual({ Ref: bucketId });
    expect(JSON.parse(String(env.FIRM_DETAILS))).toEqual(devConfig.firm);
    const grants = reader.statementsOf(notifierId).filter((s) => JSON.stringify(s.Resource).includes(bucketId));
    expect(grants.map((s) => s.Action)).toEqual([['s3:GetObject', 's3:PutObject']]);
    expect(JSON.stringify(grants[0]?.Resource)).toContain('/clients/*');
  });
});

describe('no policy anywhere grants what would undo a document', () => {
  it.each([
    ['prod', prod],
    ['dev', dev],
  ])('%s: the portal and operations stacks', (_, templates) => {
    const [bucketId] = documentsBucket(templates.template);
    expect(forbiddenGrants(identityStatements(templates.template), bucketId)).toEqual([]);
    expect(forbiddenGrants(identityStatements(templates.operationsTemplate), bucketId)).toEqual([]);
  });

  it.each(['dev', 'prod'])('%s: the pipeline stack', (stage) => {
    const app = new App({ context: projectContext() });
    const config = resolveStage(stage, stages);
    const stack = new PipelineStack(app, `Pipeline-${stage}`, {
      env: { account: config.account, region: config.region },
      config,
      github: { repo: 'acme/aurum-portal', repoId: '700100200', ownerId: '4200' },
      oidcProvider: 'create',
    });
    expect(forbiddenGrants(identityStatements(Template.fromStack(stack)), undefined)).toEqual([]);
  });

  it('counts a wildcard action or resource as a grant (the check itself)', () => {
    const grant = (Action: string, Resource: unknown): Statement => ({ Effect: 'Allow', Action, Resource });
    expect(forbiddenGrants([grant('s3:*', '*')], 'DocumentsBucket')).toHaveLength(1);
    expect(
      forbiddenGrants([grant('s3:Delete*', { 'Fn::GetAtt': ['DocumentsBucket', 'Arn'] })], 'DocumentsBucket'),
    ).toHaveLength(1);
    expect(forbiddenGrants([grant('s3:PutObject*', 'arn:aws:s3:::*/*')], undefined)).toHaveLength(1);
    expect(forbiddenGrants([grant('s3:GetObject', '*')], 'DocumentsBucket')).toEqual([]);
    expect(forbiddenGrants([grant('s3:*', { 'Fn::GetAtt': ['ExportsBucket', 'Arn'] })], 'DocumentsBucket')).toEqual([]);
  });
});
