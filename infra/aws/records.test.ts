/**
 * Records no role can destroy or read unseen, on the committed stages' templates: the table under
 * a key of its own that only DynamoDB and AWS Backup may use, every role that touches the table
 * holding exactly the key use it needs, and a trail of every read and write of the table and the
 * clients' files, delivered by this trail alone into a bucket whose files are locked for the
 * stage's record-keeping years.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AttributeType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { routeTableUse } from '../../lambdas/table-uses';
import { type RouteDef, routes, writesTable } from '../../shared/api';
import { RECORD_YEARS } from '../../shared/record-keeping';
import { createTableInput } from '../local/dynamo';
import { stages } from '../stages';
import { monthlyBackupRetention } from './backup-rules';
import { RecordsTrail, recordsTrailName } from './records-trail';
import { resolveStage } from './stage-config';
import { TABLE_KEY_READ_ACTIONS, TABLE_KEY_WRITE_ACTIONS } from './table-key';
import { only, type Resource, stageTemplates, type Statement, templateReader } from './test-support/template-reader';

const prodConfig = resolveStage('prod', stages);
const devConfig = resolveStage('dev', stages);
const prod = stageTemplates(prodConfig).template;
const dev = stageTemplates(devConfig).template;

const getAtt = (id: string, attribute = 'Arn') => ({ 'Fn::GetAtt': [id, attribute] });
const actionsOf = (s: Statement) => [s.Action].flat();
const resourcesOf = (s: Statement) => [s.Resource].flat().map((r) => JSON.stringify(r));

function tableAndKey(template: Template) {
  const [tableId, table] = only(template, 'AWS::DynamoDB::Table');
  const sse = table.Properties.SSESpecification as {
    SSEEnabled: boolean;
    SSEType: string;
    KMSMasterKeyId: { 'Fn::GetAtt': [string, string] };
  };
  const keyId = sse.KMSMasterKeyId['Fn::GetAtt'][0];
  return { tableId, table, sse, keyId, key: templateReader(template).all()[keyId] as Resource };
}

describe('the table under a key of its own', () => {
  it.each([
    ['prod', prod],
    ['dev', dev],
  ])(
    '%s: encrypts the table, its indexes and its stream with a customer-managed key, rotated, kept when the stack goes',
    (_, template) => {
      const { sse, key } = tableAndKey(template);
      expect([sse.SSEEnabled, sse.SSEType]).toEqual([true, 'KMS']);
      expect(key.Type).toBe('AWS::KMS::Key');
      expect(key.Properties.EnableKeyRotation).toBe(true);
      expect([key.DeletionPolicy, key.UpdateReplacePolicy]).toEqual(['RetainExceptOnCreate', 'Retain']);
    },
  );

  it('lets the key be used only through DynamoDB or AWS Backup, whatever IAM grants, and be granted only to AWS resources', () => {
    const { key } = tableAndKey(prod);
    const statements = (key.Properties.KeyPolicy as { Statement: Statement[] }).Statement;
    const denials = statements.filter((s) => s.Effect === 'Deny');
    expect(denials).toContainEqual(
      expect.objectContaining({
        Principal: { AWS: '*' },
        Action: ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey*', 'kms:ReEncrypt*'],
        Condition: {
          StringNotEquals: {
            'kms:ViaService': [
              `dynamodb.${prodConfig.region}.amazonaws.com`,
              `backup.${prodConfig.region}.amazonaws.com`,
            ],
          },
          BoolIfExists: { 'aws:PrincipalIsAWSService': 'false' },
        },
      }),
    );
    expect(denials).toContainEqual(
      expect.objectContaining({
        Action: 'kms:CreateGrant',
        Condition: { BoolIfExists: { 'kms:GrantIsForAWSResource': 'false', 'aws:PrincipalIsAWSService': 'false' } },
      }),
    );
    // Nothing but the account itself (IAM decides within it) is allowed anything on the key.
    const allowed = statements
      .filter((s) => s.Effect === 'Allow')
      .map((s) => (s as Statement & { Principal: unknown }).Principal);
    expect(allowed).toEqual([{ AWS: `arn:aws:iam::${prodConfig.account}:root` }]);
  });

  it("gives every role that reads or writes the table, the stream's readers included, the key's use its table use needs, on that key only", () => {
    const { tableId, keyId } = tableAndKey(prod);
    const { ofType, statementsOfRole } = templateReader(prod);
    const tableArn = JSON.stringify(getAtt(tableId));
    const keyArn = JSON.stringify(getAtt(keyId));
    const touchesTable = (s: Statement) =>
      s.Effect === 'Allow' &&
      actionsOf(s).some((a) => a.startsWith('dynamodb:')) &&
      resourcesOf(s).some((r) => r.includes(tableArn.slice(1, -1)));
    const roles = ofType('AWS::IAM::Role').filter(([id]) => statementsOfRole(id).some(touchesTable));
    // Every function's role with the table, the backup selection's and the restore role.
    expect(roles.length).toBeGreaterThanOrEqual(
      (routes as readonly RouteDef[]).filter((r) => routeTableUse(r).actions.length > 0).length + 7,
    );
    let writers = 0;
    for (const [roleId] of roles) {
      const statements = statementsOfRole(roleId);
      const onKey = statements
        .filter((s) => s.Effect === 'Allow' && resourcesOf(s).includes(keyArn))
        .flatMap(actionsOf);
      const writes = statements.some(
        (s) =>
          touchesTable(s) &&
          actionsOf(s).some((a) =>
            /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems)$/.test(a),
          ),
      );
      writers += writes ? 1 : 0;
      expect({ roleId, decrypts: onKey.includes('kms:Decrypt') }).toEqual({ roleId, decrypts: true });
      if (writes)
        expect({ roleId, encrypts: TABLE_KEY_WRITE_ACTIONS.every((a) => onKey.includes(a)) }).toEqual({
          roleId,
          encrypts: true,
        });
      // No role gets the key by a wildcard resource.
      const wildKms = statements.filter(
        (s) => s.Effect === 'Allow' && actionsOf(s).some((a) => a.startsWith('kms:')) && resourcesOf(s).includes('"*"'),
      );
      expect({ roleId, wildKms }).toEqual({ roleId, wildKms: [] });
    }
    expect(writers).toBeGreaterThanOrEqual(
      (routes as readonly RouteDef[]).filter((r) => writesTable(routeTableUse(r))).length,
    );
    expect(TABLE_KEY_READ_ACTIONS).toEqual(['kms:Decrypt']);
  });

  it("reads the stream through the key: both stream consumers' roles may decrypt with it", () => {
    const { keyId } = tableAndKey(prod);
    const { ofType, all, statementsOf } = templateReader(prod);
    const consumers = ofType('AWS::Lambda::EventSourceMapping').map(
      ([, m]) => (m.Properties.FunctionName as { Ref: string }).Ref,
    );
    expect(consumers).toHaveLength(2);
    for (const fnId of consumers) {
      expect(all()[fnId]?.Type).toBe('AWS::Lambda::Function');
      const onKey = statementsOf(fnId)
        .filter((s) => s.Effect === 'Allow' && resourcesOf(s).includes(JSON.stringify(getAtt(keyId))))
        .flatMap(actionsOf);
      expect({ fnId, onKey: onKey.includes('kms:Decrypt') }).toEqual({ fnId, onKey: true });
    }
  });

  it('leaves the local stack as it was: its table is made from the shared definition, with no key', () => {
    expect(createTableInput('aurum-local').SSESpecification).toBeUndefined();
  });
});

describe('the records trail', () => {
  function trailOf(template: Template) {
    const [trailId, trail] = only(template, 'AWS::CloudTrail::Trail');
    const bucketId = (trail.Properties.S3BucketName as { Ref: string }).Ref;
    const { all, ofType } = templateReader(template);
    const bucket = all()[bucketId] as Resource;
    const [policyId, policy] =
      ofType('AWS::S3::BucketPolicy').find(([, p]) => (p.Properties.Bucket as { Ref: string }).Ref === bucketId) ?? [];
    return { trailId, trail, bucketId, bucket, policyId: policyId as string, policy: policy as Resource };
  }

  it("records every read and write of the table and of the documents and exports buckets, with the region's changes, into a log validated file by file", () => {
    const { trail } = trailOf(prod);
    const { tableId } = tableAndKey(prod);
    const bucketId = (prefix: string) =>
      templateReader(prod)
        .ofType('AWS::S3::Bucket')
        .find(([id]) => id.startsWith(prefix))?.[0] as string;
    expect(trail.Properties).toMatchObject({
      IsLogging: true,
      EnableLogFileValidation: true,
      TrailName: recordsTrailName('prod'),
    });
    expect(trail.Properties.EventSelectors).toBeUndefined();
    expect(trail.Properties.AdvancedEventSelectors).toEqual([
      {
        Name: 'Changes in the region',
        FieldSelectors: [
          { Field: 'eventCategory', Equals: ['Management'] },
          { Field: 'readOnly', Equals: ['false'] },
        ],
      },
      {
        Name: 'Every read and write of the table',
        FieldSelectors: [
          { Field: 'eventCategory', Equals: ['Data'] },
          { Field: 'resources.type', Equals: ['AWS::DynamoDB::Table'] },
          { Field: 'resources.ARN', Equals: [getAtt(tableId)] },
        ],
      },
      {
        Name: "Every read and write of the buckets' objects",
        FieldSelectors: [
          { Field: 'eventCategory', Equals: ['Data'] },
          { Field: 'resources.type', Equals: ['AWS::S3::Object'] },
          {
            Field: 'resources.ARN',
            StartsWith: ['DocumentsBucket', 'ExportsBucket'].map((id) => ({
              'Fn::Join': ['', [getAtt(bucketId(id)), '/']],
            })),
          },
        ],
      },
    ]);
  });

  it('takes one more bucket as one more entry (the documents bucket)', () => {
    const stack = new Stack(new App(), 'Trail', { env: { account: '333333333333', region: 'eu-west-1' } });
    const table = new Table(stack, 'Table', { partitionKey: { name: 'PK', type: AttributeType.STRING } });
    const buckets = ['Exports', 'Documents'].map((id) => new Bucket(stack, id));
    new RecordsTrail(stack, 'Records', {
      stage: 'qa',
      table,
      buckets,
      years: 6,
      production: true,
      accessLogs: new Bucket(stack, 'Logs'),
    });
    const [, trail] = only(Template.fromStack(stack), 'AWS::CloudTrail::Trail');
    const selectors = trail.Properties.AdvancedEventSelectors as {
      FieldSelectors: { Field: string; StartsWith?: unknown[] }[];
    }[];
    const starts = selectors.flatMap((s) => s.FieldSelectors).find((f) => f.StartsWith)?.StartsWith;
    expect(starts).toHaveLength(2);
    expect(JSON.stringify(starts)).toContain('Documents');
  });

  it.each([
    ['prod', 'COMPLIANCE', prod, prodConfig],
    ['dev', 'GOVERNANCE', dev, devConfig],
  ] as const)(
    '%s: delivers to a bucket whose files are locked for recordYears (%s mode), encrypted under a key of its own, private',
    (_, mode, template, config) => {
      const { trail, bucket } = trailOf(template);
      const days = monthlyBackupRetention(config.recordYears ?? RECORD_YEARS.default).toDays();
      expect(bucket.Properties.ObjectLockEnabled).toBe(true);
      expect(bucket.Properties.ObjectLockConfiguration).toEqual({
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: mode, Days: days } },
      });
      expect(bucket.Properties.VersioningConfiguration).toEqual({ Status: 'Enabled' });
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
      const keyRef = trail.Properties.KMSKeyId as { 'Fn::GetAtt': [string, string] };
      expect((templateReader(template).all()[keyRef['Fn::GetAtt'][0]] as Resource).Properties.EnableKeyRotation).toBe(
        true,
      );
      expect(bucket.Properties.BucketEncryption).toEqual({
        ServerSideEncryptionConfiguration: [
          {
            BucketKeyEnabled: true,
            ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: keyRef },
          },
        ],
      });
      expect([bucket.DeletionPolicy, bucket.UpdateReplacePolicy]).toEqual(['RetainExceptOnCreate', 'Retain']);
      // A file goes once its lock has run out, never before.
      const rules = (bucket.Properties.LifecycleConfiguration as { Rules: { ExpirationInDays?: number }[] }).Rules;
      expect(rules.map((r) => r.ExpirationInDays)).toEqual([days]);
    },
  );

  it("follows the stage's recordYears", () => {
    const { bucket } = trailOf(stageTemplates({ ...devConfig, recordYears: 3 }).template);
    expect(bucket.Properties.ObjectLockConfiguration).toMatchObject({
      Rule: { DefaultRetention: { Days: monthlyBackupRetention(3).toDays() } },
    });
  });

  it('lets only this trail write into its bucket, and nobody over plain HTTP; the trail waits for that policy', () => {
    const { trail, trailId, policy, policyId, bucketId } = trailOf(prod);
    const statements = (policy.Properties.PolicyDocument as { Statement: (Statement & { Principal: unknown })[] })
      .Statement;
    const trailArn = `arn:aws:cloudtrail:${prodConfig.region}:${prodConfig.account}:trail/${trail.Properties.TrailName as string}`;
    const byCloudTrail = statements.filter(
      (s) => JSON.stringify(s.Principal) === JSON.stringify({ Service: 'cloudtrail.amazonaws.com' }),
    );
    expect(byCloudTrail.map((s) => s.Action).sort()).toEqual(['s3:GetBucketAcl', 's3:PutObject']);
    for (const s of byCloudTrail) expect(s.Condition?.StringEquals?.['aws:SourceArn']).toBe(trailArn);
    expect(statements).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
    expect(statements.filter((s) => s.Effect === 'Allow').every((s) => byCloudTrail.includes(s))).toBe(true);
    expect((templateReader(prod).all()[trailId] as Resource).DependsOn).toContain(policyId);
    expect(bucketId).toMatch(/^RecordsTrailBucket/);
  });

  it("lets CloudTrail encrypt with the trail's key for this trail only", () => {
    const { trail } = trailOf(prod);
    const keyId = (trail.Properties.KMSKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = (
      (templateReader(prod).all()[keyId] as Resource).Properties.KeyPolicy as {
        Statement: (Statement & { Principal: unknown; Sid?: string })[];
      }
    ).Statement;
    const byCloudTrail = statements.filter(
      (s) => JSON.stringify(s.Principal) === JSON.stringify({ Service: 'cloudtrail.amazonaws.com' }),
    );
    expect(byCloudTrail.map((s) => [s.Sid, s.Action])).toEqual([
      ['TheTrailEncryptsItsLogs', 'kms:GenerateDataKey*'],
      ['TheTrailDescribesTheKey', 'kms:DescribeKey'],
    ]);
    for (const s of byCloudTrail)
      expect(JSON.stringify(s.Condition?.StringEquals?.['aws:SourceArn'])).toContain(
        `:trail/${recordsTrailName('prod')}`,
      );
  });
});

/** A production stage without a setting of its own: synth refuses it before any trail or lock is made. */
describe('a production stage', () => {
  it('cannot leave out its copy in a second account', () => {
    const { backupCopy: _copy, stage: _stage, ...rest } = prodConfig;
    expect(() => resolveStage('prod', { prod: rest })).toThrow('backupCopy: must be set on a production stage');
  });
});
