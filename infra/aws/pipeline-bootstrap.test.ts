/**
 * The CDK bootstrap's two policies (infra/bootstrap): the execution policy CloudFormation deploys
 * with covers the service of every resource type every stage synthesizes (dev, prod, and prod with
 * every optional setting on), plus the pipeline stack, and nothing like administrator; the
 * permissions boundary refuses IAM escalation and the destruction of records, and none of what a
 * deploy does. The bootstrap script hands exactly these files to `cdk bootstrap`.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { stages } from '../stages';
import { allows, type PolicyDocument } from './test-support/pipeline-policy-match';
import { PipelineStack } from './pipeline-stack';
import { projectContext } from './test-support/project-context';
import { resolveStage, type StageConfig } from './stage-config';
import { stageTemplates } from './test-support/template-reader';

const root = resolve(__dirname, '../..');
const readPolicy = (file: string) =>
  JSON.parse(readFileSync(join(root, 'infra/bootstrap', file), 'utf8')) as PolicyDocument;
const execution = readPolicy('execution-policy.json');
const boundary = readPolicy('permissions-boundary.json');
const ACCOUNT = '222222222222';

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** Every stage's templates: the committed dev and prod, prod with every optional setting, and the pipeline stack. */
function synthesizedTemplates(): Resources[] {
  const prod = resolveStage('prod', stages);
  const fullest: StageConfig = {
    ...prod,
    backupCopy: { vaultArn: `arn:aws:backup:${prod.region}:333333333333:backup-vault:aurum-prod-copies` },
    google: { clientId: 'id.apps.googleusercontent.com', clientSecretName: 'aurum/prod/google-client-secret' },
    ses: { fromEmail: 'no-reply@aurum.example', identity: 'aurum.example' },
    domain: { name: 'portal.aurum.example', hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'aurum.example' },
  };
  const templates = [resolveStage('dev', stages), prod, fullest].flatMap((config) => {
    const built = stageTemplates(config);
    return [built.template, built.edgeTemplate, built.operationsTemplate, built.edgeAlarmsTemplate].filter(
      (t): t is Template => t !== undefined,
    );
  });
  const pipeline = new PipelineStack(new App({ context: projectContext() }), 'Pipeline', {
    env: { account: prod.account, region: prod.region },
    config: prod,
    github: { repo: 'acme/aurum-portal', repoId: '1', ownerId: '2' },
    oidcProvider: 'create',
  });
  return [...templates, Template.fromStack(pipeline)].map((t) => t.toJSON().Resources as Resources);
}

/**
 * The IAM service each CloudFormation namespace is created through. A custom resource is a
 * function CloudFormation invokes. IAM is not here: its types need the actions IAM_ACTIONS lists.
 */
const SERVICE_OF: Record<string, string[]> = {
  'AWS::ApiGatewayV2': ['apigateway'],
  'AWS::Backup': ['backup'],
  'AWS::Budgets': ['budgets'],
  'AWS::CertificateManager': ['acm'],
  'AWS::CloudFront': ['cloudfront'],
  'AWS::CloudTrail': ['cloudtrail'],
  'AWS::CloudWatch': ['cloudwatch'],
  'AWS::CodeDeploy': ['codedeploy'],
  'AWS::Cognito': ['cognito-idp'],
  'AWS::DynamoDB': ['dynamodb'],
  'AWS::Events': ['events'],
  'AWS::KMS': ['kms'],
  'AWS::Lambda': ['lambda'],
  'AWS::Logs': ['logs'],
  'AWS::Route53': ['route53'],
  'AWS::S3': ['s3'],
  'AWS::SES': ['ses'],
  'AWS::SNS': ['sns'],
  'AWS::SQS': ['sqs'],
  'AWS::SecretsManager': ['secretsmanager'],
  'AWS::StepFunctions': ['states'],
  'AWS::WAFv2': ['wafv2'],
  Custom: ['lambda'],
};

/** What CloudFormation calls to create, change and delete each IAM type the stacks use. */
const IAM_ACTIONS: Record<string, string[]> = {
  'AWS::IAM::Role': [
    'iam:CreateRole',
    'iam:GetRole',
    'iam:DeleteRole',
    'iam:UpdateAssumeRolePolicy',
    'iam:TagRole',
    'iam:AttachRolePolicy',
    'iam:DetachRolePolicy',
    'iam:PutRolePolicy',
    'iam:DeleteRolePolicy',
    'iam:PassRole',
  ],
  'AWS::IAM::Policy': ['iam:PutRolePolicy', 'iam:GetRolePolicy', 'iam:DeleteRolePolicy'],
  'AWS::IAM::OIDCProvider': [
    'iam:CreateOpenIDConnectProvider',
    'iam:GetOpenIDConnectProvider',
    'iam:DeleteOpenIDConnectProvider',
  ],
};

/** Services the execution policy holds that no resource type names: why each is needed. */
const SUPPORTING: Record<string, string> = {
  ssm: "CloudFormation reads the bootstrap's version parameter each template checks",
  'backup-storage': 'a backup vault stores its recovery points through it',
  cloudtrail: "a production stage's trail of the table's and the documents' data events",
};

const templates = synthesizedTemplates();
const types = [...new Set(templates.flatMap((resources) => Object.values(resources).map((r) => r.Type)))].sort();
const namespaceOf = (type: string) =>
  type.startsWith('Custom::') ? 'Custom' : type.split('::').slice(0, 2).join('::');
const policyServices = [
  ...new Set(execution.Statement.flatMap((s) => [s.Action ?? []].flat()).map((a) => a.split(':')[0] as string)),
].sort();

describe('the execution policy', () => {
  it('knows the service of every resource type the stages synthesize', () => {
    const unknown = types.filter((type) => !IAM_ACTIONS[type] && !SERVICE_OF[namespaceOf(type)]);
    expect(unknown).toEqual([]);
    expect(types.length).toBeGreaterThan(40);
  });

  it.each(types)('lets CloudFormation manage %s', (type) => {
    const actions = IAM_ACTIONS[type] ?? (SERVICE_OF[namespaceOf(type)] ?? []).map((service) => `${service}:*`);
    const refused = actions.filter(
      (action) =>
        !execution.Statement.some((s) => s.Effect === 'Allow' && [s.Action].flat().includes(action)) &&
        !allows(execution, { action, resource: '*' }),
    );
    expect(refused).toEqual([]);
  });

  it('names only services the stacks use, each by name: no *, no *:*, no NotAction, no deny to undo', () => {
    const used = new Set([
      ...types.flatMap((t) => SERVICE_OF[namespaceOf(t)] ?? []),
      ...(types.some((t) => IAM_ACTIONS[t]) ? ['iam'] : []),
      ...Object.keys(SUPPORTING),
    ]);
    expect(policyServices.filter((service) => !used.has(service))).toEqual([]);
    for (const statement of execution.Statement) {
      expect(statement).toMatchObject({ Effect: 'Allow' });
      expect(statement.NotAction).toBeUndefined();
      expect(statement.NotResource).toBeUndefined();
      for (const action of [statement.Action].flat()) expect(action).toMatch(/^[a-z0-9-]+:[A-Za-z*]+$/);
    }
    for (const action of [
      'iam:*',
      'sts:AssumeRole',
      'organizations:LeaveOrganization',
      'iam:CreateUser',
      'iam:CreateAccessKey',
      'iam:CreatePolicyVersion',
      'ec2:RunInstances',
    ]) {
      expect({ action, allowed: allows(execution, { action, resource: `arn:aws:iam::${ACCOUNT}:user/x` }) }).toEqual({
        action,
        allowed: false,
      });
    }
    expect(JSON.stringify(execution)).not.toMatch(/AdministratorAccess|"\*"\s*[,\]]|"\*:\*"/);
  });
});

describe('the permissions boundary', () => {
  const account = ACCOUNT;
  const asked = (action: string, resource = '*', context: Record<string, string> = {}) =>
    allows(boundary, { action, resource, context, account });

  it.each([
    ['iam:CreateUser', `arn:aws:iam::${account}:user/mallory`],
    ['iam:CreateAccessKey', `arn:aws:iam::${account}:user/ops`],
    ['iam:CreateLoginProfile', `arn:aws:iam::${account}:user/ops`],
    ['iam:CreatePolicyVersion', `arn:aws:iam::${account}:policy/aurum-cdk-execution`],
    ['iam:SetDefaultPolicyVersion', `arn:aws:iam::${account}:policy/aurum-cdk-boundary`],
    ['iam:DeletePolicy', `arn:aws:iam::${account}:policy/aurum-cdk-boundary`],
    ['iam:CreatePolicy', `arn:aws:iam::${account}:policy/anything`],
    [
      'iam:DeleteRolePermissionsBoundary',
      `arn:aws:iam::${account}:role/cdk-hnb659fds-cfn-exec-role-${account}-eu-west-1`,
    ],
    ['iam:PutRolePolicy', `arn:aws:iam::${account}:role/cdk-hnb659fds-cfn-exec-role-${account}-eu-west-1`],
    ['iam:UpdateAssumeRolePolicy', `arn:aws:iam::${account}:role/cdk-hnb659fds-deploy-role-${account}-eu-west-1`],
    ['iam:DetachRolePolicy', `arn:aws:iam::${account}:role/cdk-hnb659fds-cfn-exec-role-${account}-us-east-1`],
    ['backup:DeleteBackupVault', `arn:aws:backup:eu-west-1:${account}:backup-vault:aurum-prod`],
    ['backup:DeleteRecoveryPoint', `arn:aws:backup:eu-west-1:${account}:recovery-point:abc`],
    ['backup:DeleteBackupVaultLockConfiguration', `arn:aws:backup:eu-west-1:${account}:backup-vault:aurum-prod`],
    ['backup:UpdateRecoveryPointLifecycle', `arn:aws:backup:eu-west-1:${account}:recovery-point:abc`],
    ['dynamodb:DeleteTable', `arn:aws:dynamodb:eu-west-1:${account}:table/AurumPortal-prod-Table`],
    ['dynamodb:DeleteBackup', `arn:aws:dynamodb:eu-west-1:${account}:table/AurumPortal-prod-Table/backup/1`],
    ['cloudtrail:DeleteTrail', `arn:aws:cloudtrail:eu-west-1:${account}:trail/aurum-records`],
    ['cloudtrail:StopLogging', `arn:aws:cloudtrail:eu-west-1:${account}:trail/aurum-records`],
    ['s3:DeleteBucket', 'arn:aws:s3:::aurum-prod-records'],
    ['s3:BypassGovernanceRetention', 'arn:aws:s3:::aurum-prod-records/trail/1.json.gz'],
    ['kms:ScheduleKeyDeletion', `arn:aws:kms:eu-west-1:${account}:key/1234`],
    ['kms:DisableKey', `arn:aws:kms:eu-west-1:${account}:key/1234`],
  ])('refuses %s on %s', (action, resource) => {
    expect(asked(action, resource)).toBe(false);
  });

  it.each([
    'arn:aws:iam::aws:policy/AdministratorAccess',
    'arn:aws:iam::aws:policy/IAMFullAccess',
    'arn:aws:iam::aws:policy/PowerUserAccess',
    'arn:aws:iam::aws:policy/AmazonS3FullAccess',
    `arn:aws:iam::${account}:policy/aurum-cdk-execution`,
  ])('refuses attaching %s to a role', (policyArn) => {
    expect(
      asked('iam:AttachRolePolicy', `arn:aws:iam::${account}:role/AurumPortal-prod-Fn`, { 'iam:PolicyARN': policyArn }),
    ).toBe(false);
  });

  it('lets a role be given this boundary, and no other', () => {
    const role = `arn:aws:iam::${account}:role/AurumPortal-prod-Fn`;
    expect(
      asked('iam:PutRolePermissionsBoundary', role, {
        'iam:PermissionsBoundary': `arn:aws:iam::${account}:policy/aurum-cdk-boundary`,
      }),
    ).toBe(true);
    expect(
      asked('iam:PutRolePermissionsBoundary', role, {
        'iam:PermissionsBoundary': `arn:aws:iam::${account}:policy/wide-open`,
      }),
    ).toBe(false);
    expect(asked('iam:PutRolePermissionsBoundary', role)).toBe(false);
  });

  it('refuses a role made or given permissions without this boundary, the way around it', () => {
    const role = `arn:aws:iam::${account}:role/AurumPortal-prod-Escalate`;
    for (const action of ['iam:CreateRole', 'iam:PutRolePolicy', 'iam:AttachRolePolicy']) {
      expect({ action, allowed: asked(action, role) }).toEqual({ action, allowed: false });
      expect({
        action,
        allowed: asked(action, role, { 'iam:PermissionsBoundary': `arn:aws:iam::${account}:policy/wide-open` }),
      }).toEqual({ action, allowed: false });
    }
  });

  it('gives every role of every stack this boundary, so none holds more than it allows', () => {
    const roles = templates.flatMap((resources) =>
      Object.entries(resources).filter(([, r]) => r.Type === 'AWS::IAM::Role'),
    );
    expect(roles.length).toBeGreaterThan(40);
    const unbounded = roles
      .filter(
        ([, r]) => !JSON.stringify(r.Properties?.PermissionsBoundary ?? '').includes(':policy/aurum-cdk-boundary'),
      )
      .map(([id]) => id);
    expect(unbounded).toEqual([]);
  });

  it('allows what the stacks do to their own roles, including attaching every managed policy they name', () => {
    const role = `arn:aws:iam::${account}:role/AurumPortal-prod-ApiFnServiceRole-ABC`;
    const bounded = { 'iam:PermissionsBoundary': `arn:aws:iam::${account}:policy/aurum-cdk-boundary` };
    for (const action of [
      'iam:CreateRole',
      'iam:PutRolePolicy',
      'iam:DeleteRolePolicy',
      'iam:UpdateAssumeRolePolicy',
      'iam:DeleteRole',
      'iam:PassRole',
      'iam:TagRole',
    ]) {
      expect({ action, allowed: asked(action, role, bounded) }).toEqual({ action, allowed: true });
    }
    const managed = new Set(
      templates.flatMap((resources) =>
        Object.values(resources)
          .filter((r) => r.Type === 'AWS::IAM::Role')
          .flatMap((r) => (r.Properties?.ManagedPolicyArns as unknown[] | undefined) ?? [])
          .map((arn) => resolvePartition(arn)),
      ),
    );
    expect(managed.size).toBeGreaterThan(0);
    for (const policyArn of managed)
      expect({
        policyArn,
        allowed: asked('iam:AttachRolePolicy', role, { 'iam:PolicyARN': policyArn, ...bounded }),
      }).toEqual({ policyArn, allowed: true });
  });

  it('allows what a deploy does to the records without destroying them', () => {
    for (const action of [
      'backup:CreateBackupVault',
      'backup:PutBackupVaultLockConfiguration',
      'backup:PutBackupVaultAccessPolicy',
      'backup:CreateBackupPlan',
      'backup:DeleteBackupSelection',
      'dynamodb:UpdateTable',
      'dynamodb:UpdateContinuousBackups',
      's3:PutBucketPolicy',
      's3:PutObjectLockConfiguration',
      'kms:PutKeyPolicy',
      'cloudtrail:PutEventSelectors',
      'cloudtrail:StartLogging',
    ]) {
      expect({ action, allowed: asked(action) }).toEqual({ action, allowed: true });
    }
  });
});

/** A managed policy ARN as the template writes it (`Fn::Join` with the partition), in the aws partition. */
function resolvePartition(arn: unknown): string {
  if (typeof arn === 'string') return arn;
  const join = (arn as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
  if (!join) throw new Error(`unexpected managed policy ARN ${JSON.stringify(arn)}`);
  return join[1]
    .map((part) =>
      typeof part === 'string'
        ? part
        : (part as { Ref?: string }).Ref === 'AWS::Partition'
          ? 'aws'
          : JSON.stringify(part),
    )
    .join(join[0]);
}

describe('the bootstrap script', () => {
  const script = readFileSync(join(root, 'infra/bootstrap/bootstrap.sh'), 'utf8');

  it('makes both policies from these files, then bootstraps the stage with them in its region and us-east-1', () => {
    expect(script).toContain('upsert_policy "$EXECUTION_POLICY" infra/bootstrap/execution-policy.json');
    expect(script).toContain('upsert_policy "$BOUNDARY" infra/bootstrap/permissions-boundary.json');
    expect(script).toContain(
      '--cloudformation-execution-policies "arn:$partition:iam::$account:policy/$EXECUTION_POLICY"',
    );
    expect(script).toContain('--custom-permissions-boundary "$BOUNDARY"');
    expect(script).toContain('npx cdk bootstrap "aws://$account/$region" "aws://$account/us-east-1"');
    expect(script.indexOf('upsert_policy "$BOUNDARY"')).toBeLessThan(script.indexOf('npx cdk bootstrap'));
  });

  it('names the policies the boundary protects', () => {
    expect(script).toMatch(/^EXECUTION_POLICY=aurum-cdk-execution$/m);
    expect(script).toMatch(/^BOUNDARY=aurum-cdk-boundary$/m);
    const protectedPolicies = boundary.Statement.flatMap((s) => [s.Resource].flat()).filter(
      (r): r is string => typeof r === 'string' && r.includes(':policy/'),
    );
    expect(protectedPolicies.sort()).toEqual([
      'arn:*:iam::${aws:PrincipalAccount}:policy/aurum-cdk-boundary',
      'arn:*:iam::${aws:PrincipalAccount}:policy/aurum-cdk-execution',
    ]);
  });
});
