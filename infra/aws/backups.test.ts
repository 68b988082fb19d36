/**
 * Backups an auditor accepts, on both committed stages and on one that copies to a second
 * account: retention sized as the runbook says (35 days daily, the firm's years monthly), an
 * e-mail for every backup or copy that did not happen, a restore role that writes no table but
 * the one it restores, and a restore procedure in docs/operations.md that uses exactly what the
 * template makes (as far as synth can tell: the restore itself runs in AWS, in the rehearsal).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stages } from '../stages';
import { RESTORED_TABLE_INFIX, TABLE_KEY_BACKUP_ACTIONS } from './backup-restore';
import { DAILY_BACKUP_RETENTION, DEFAULT_BACKUP_YEARS, monthlyBackupRetention, tableBackupRules } from './backup-rules';
import {
  only,
  type Resource,
  stageTemplates,
  type Statement,
  synthStage,
  templateReader,
} from './test-support/template-reader';
import { BACKUP_YEARS, refuseUndeployable, resolveStage, type StageConfig, type StageSettings } from './stage-config';

const COPY_VAULT = 'arn:aws:backup:eu-west-1:444444444444:backup-vault:aurum-ops-copies';
const WITH_COPY: StageConfig = {
  stage: 'ops',
  account: '333333333333',
  region: 'eu-west-1',
  stackName: 'OpsTest',
  authDomainPrefix: 'aurum-ops-333333333333',
  fourEyesThresholdDollars: 12_345,
  adminDailyLimitDollars: 100_000,
  backupYears: 5,
  backupCopy: { vaultArn: COPY_VAULT },
};

const synthesized = [...Object.keys(stages).map((name) => resolveStage(name, stages)), WITH_COPY].map((config) => ({
  config,
  ...synthStage(config),
}));
const withCopy = synthesized.find((s) => s.config === WITH_COPY) as (typeof synthesized)[number];
const prod = synthesized.find((s) => s.config.stage === 'prod') as (typeof synthesized)[number];
const cases = synthesized.map(
  (s) =>
    [
      s.config === WITH_COPY ? `a stage with a copy (${s.config.stage})` : `the committed stage ${s.config.stage}`,
      s,
    ] as const,
);

type PlanRule = {
  RuleName: string;
  ScheduleExpression: string;
  StartWindowMinutes: number;
  Lifecycle: { DeleteAfterDays: number };
  CopyActions?: unknown;
};

/** The one resource of a type in a template. */
const getAtt = (id: string, attribute: string) => ({ 'Fn::GetAtt': [id, attribute] });

/** The logical id of the key the table is encrypted with. */
function tableKeyId(template: Template): string {
  const [, table] = only(template, 'AWS::DynamoDB::Table');
  const sse = table.Properties.SSESpecification as {
    SSEEnabled: boolean;
    SSEType: string;
    KMSMasterKeyId: { 'Fn::GetAtt': [string, string] };
  };
  expect([sse.SSEEnabled, sse.SSEType]).toEqual([true, 'KMS']);
  return sse.KMSMasterKeyId['Fn::GetAtt'][0];
}

/** What AWS Backup needs of the table's key to back the table up and restore it: its data keys, and grants for DynamoDB's new table only. */
function tableKeyGrants(template: Template): (Statement & { Sid: string })[] {
  const keyArn = getAtt(tableKeyId(template), 'Arn');
  return [
    { Sid: 'UseTheTablesKey', Effect: 'Allow', Action: TABLE_KEY_BACKUP_ACTIONS, Resource: keyArn },
    {
      Sid: 'LetDynamoDbUseTheTablesKey',
      Effect: 'Allow',
      Action: 'kms:CreateGrant',
      Resource: keyArn,
      Condition: { Bool: { 'kms:GrantIsForAWSResource': 'true' } },
    },
  ];
}

/** The runbook's "Backups and restore" section, up to the next section. */
function backupsRunbook(): string {
  const runbook = readFileSync(resolve(__dirname, '../../docs/operations.md'), 'utf8');
  const start = runbook.indexOf('## Backups and restore\n');
  expect(start).toBeGreaterThanOrEqual(0);
  return runbook.slice(start, runbook.indexOf('\n## ', start + 1));
}

describe('backups an auditor accepts', () => {
  it('covers both committed stages and a stage with a copy; prod writes its years out', () => {
    expect(cases.map(([name]) => name)).toEqual([
      'the committed stage dev',
      'the committed stage prod',
      'a stage with a copy (ops)',
    ]);
    expect(resolveStage('prod', stages).backupYears).toBe(7);
    // A production stage copies to a second account (stage-config.ts, PRODUCTION_REQUIRES); the sample does too.
    expect(prod.config).toMatchObject({
      production: true,
      backupCopy: { vaultArn: expect.stringMatching(/^arn:aws:backup:/) },
    });
  });

  it.each(cases)(
    '%s: keeps daily backups 35 days and monthly ones its years, both in one window, copied only to the vault it names',
    (_, { config, template }) => {
      const years = config.backupYears ?? DEFAULT_BACKUP_YEARS;
      const monthlyDays = monthlyBackupRetention(years).toDays();
      // Never a day early: every leap day the years can hold is counted.
      expect(monthlyDays).toBeGreaterThanOrEqual(years * 365 + Math.ceil(years / 4));
      const copies = (days: number) =>
        config.backupCopy
          ? [{ DestinationBackupVaultArn: config.backupCopy.vaultArn, Lifecycle: { DeleteAfterDays: days } }]
          : undefined;
      const rules = (
        only(template, 'AWS::Backup::BackupPlan')[1].Properties.BackupPlan as { BackupPlanRule: PlanRule[] }
      ).BackupPlanRule;
      expect(
        rules.map((r) => ({
          name: r.RuleName,
          schedule: r.ScheduleExpression,
          window: r.StartWindowMinutes,
          days: r.Lifecycle.DeleteAfterDays,
          copies: r.CopyActions,
        })),
      ).toEqual([
        { name: 'Daily', schedule: 'cron(0 3 * * ? *)', window: 60, days: 35, copies: copies(35) },
        { name: 'Monthly', schedule: 'cron(0 3 1 * ? *)', window: 60, days: monthlyDays, copies: copies(monthlyDays) },
      ]);
    },
  );

  it.each(cases)(
    '%s: e-mails every failed, aborted or expired backup job of its own vault, and every failed copy, through the alarm topic',
    (_, { config, template: portal, operationsTemplate: template }) => {
      // The rules and the topic are the operations stack's; the vault's ARN is read from the portal stack's outputs.
      const { ofType } = templateReader(template);
      const [vaultId] = only(portal, 'AWS::Backup::BackupVault');
      const [topicId, topic] = only(template, 'AWS::SNS::Topic');
      const [outputName] =
        Object.entries(portal.toJSON().Outputs as Record<string, { Value: unknown }>).find(
          ([, o]) => JSON.stringify(o.Value) === JSON.stringify(getAtt(vaultId, 'BackupVaultArn')),
        ) ?? [];
      const vaultArn = {
        'Fn::GetStackOutput': { StackName: config.stackName, Region: config.region, OutputName: outputName },
      };
      const rules = ofType('AWS::Events::Rule').filter(([, r]) =>
        JSON.stringify(r.Properties.EventPattern ?? {}).includes('aws.backup'),
      );
      expect(rules.map(([, r]) => r.Properties.EventPattern)).toEqual([
        {
          source: ['aws.backup'],
          'detail-type': ['Backup Job State Change'],
          detail: { state: ['FAILED', 'ABORTED', 'EXPIRED'], backupVaultArn: [vaultArn] },
        },
        {
          source: ['aws.backup'],
          'detail-type': ['Copy Job State Change'],
          detail: { state: ['FAILED'], sourceBackupVaultArn: [vaultArn] },
        },
      ]);
      for (const [, rule] of rules) expect(rule.Properties.Targets).toEqual([{ Arn: { Ref: topicId }, Id: 'Target0' }]);

      // The topic takes these rules' events only, and its key lets EventBridge encrypt them.
      const [, policy] =
        ofType('AWS::SNS::TopicPolicy').find(
          ([, p]) => JSON.stringify(p.Properties.Topics) === JSON.stringify([{ Ref: topicId }]),
        ) ?? [];
      const fromThisAccount = { 'aws:SourceAccount': config.account };
      expect((policy?.Properties.PolicyDocument as { Statement: Statement[] }).Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Action: 'sns:Publish',
          Resource: { Ref: topicId },
          Condition: {
            StringEquals: fromThisAccount,
            ArnEquals: { 'aws:SourceArn': rules.map(([id]) => getAtt(id, 'Arn')) },
          },
        }),
      );
      const [keyId] = (topic.Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
      const key = templateReader(template).all()[keyId] as Resource;
      expect((key.Properties.KeyPolicy as { Statement: Statement[] }).Statement).toContainEqual(
        expect.objectContaining({
          Effect: 'Allow',
          Principal: { Service: 'events.amazonaws.com' },
          Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          Condition: { StringEquals: fromThisAccount },
        }),
      );
    },
  );

  it.each(cases)(
    '%s: outputs the role AWS Backup restores with, which may write only the tables restored from the live one',
    (_, { template }) => {
      const { all, statementsOfRole } = templateReader(template);
      const [tableId] = only(template, 'AWS::DynamoDB::Table');
      const tableArn = getAtt(tableId, 'Arn');
      const [roleId] = (template.toJSON().Outputs.RestoreRoleArn.Value as { 'Fn::GetAtt': [string, string] })[
        'Fn::GetAtt'
      ];
      const role = all()[roleId] as Resource;
      expect(role.Properties.AssumeRolePolicyDocument).toEqual({
        Version: '2012-10-17',
        Statement: [{ Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'backup.amazonaws.com' } }],
      });
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      const restored = { 'Fn::Join': ['', [tableArn, `${RESTORED_TABLE_INFIX}*`]] };
      const backups = { 'Fn::Join': ['', [tableArn, '/backup/*']] };
      const onTables = statementsOfRole(roleId).filter((s) =>
        [s.Action].flat().every((a) => a.startsWith('dynamodb:')),
      );
      const grants = onTables.flatMap((s) =>
        [s.Action].flat().map((action) => ({ effect: s.Effect, action, resource: s.Resource })),
      );
      const restoreActions = [
        'RestoreTableFromAwsBackup',
        'RestoreTableFromBackup',
        'DescribeTable',
        'Scan',
        'Query',
        'GetItem',
        'PutItem',
        'UpdateItem',
        'DeleteItem',
        'BatchWriteItem',
      ];
      expect(grants).toEqual(
        expect.arrayContaining([
          ...restoreActions.map((a) => ({ effect: 'Allow', action: `dynamodb:${a}`, resource: restored })),
          { effect: 'Allow', action: 'dynamodb:RestoreTableFromBackup', resource: backups },
        ]),
      );
      expect(grants).toHaveLength(restoreActions.length + 1);
      // Beside the tables, the table's key only: the restored table is made under it.
      expect(statementsOfRole(roleId).filter((s) => !onTables.includes(s))).toEqual(tableKeyGrants(template));
    },
  );

  it.each(cases)("%s: lets AWS Backup back the table up through the table's key, and no other", (_, { template }) => {
    const { all, ofType, statementsOfRole } = templateReader(template);
    const [, selection] = only(template, 'AWS::Backup::BackupSelection');
    const roleArn = (selection.Properties.BackupSelection as { IamRoleArn: { 'Fn::GetAtt': [string, string] } })
      .IamRoleArn['Fn::GetAtt'][0];
    expect(all()[roleArn]?.Type).toBe('AWS::IAM::Role');
    const onKeys = statementsOfRole(roleArn).filter((s) => [s.Action].flat().some((a) => a.startsWith('kms:')));
    expect(onKeys).toEqual(tableKeyGrants(template));
    expect(ofType('AWS::KMS::Key').map(([id]) => id)).toContain(tableKeyId(template));
  });

  it.each(cases)(
    '%s: locks its vault in compliance mode if, and only if, it is a production stage, and the lock takes every backup its plan makes',
    (_, { config, template }) => {
      const [, vault] = only(template, 'AWS::Backup::BackupVault');
      const lock = vault.Properties.LockConfiguration as
        { MinRetentionDays: number; MaxRetentionDays: number; ChangeableForDays: number } | undefined;
      if (!config.production) {
        expect(lock).toBeUndefined();
        return;
      }
      // ChangeableForDays makes it compliance mode once the grace time is over; without it the lock is governance mode, which an administrator may lift.
      expect(lock).toEqual({
        MinRetentionDays: DAILY_BACKUP_RETENTION.toDays(),
        MaxRetentionDays: monthlyBackupRetention(BACKUP_YEARS.max).toDays(),
        ChangeableForDays: 3,
      });
      const lockOf = lock as NonNullable<typeof lock>;
      // Every rule of every years a stage may ask fits the lock, copies included: a refused backup would fail every night.
      for (let years = BACKUP_YEARS.min; years <= BACKUP_YEARS.max; years++) {
        for (const rule of tableBackupRules({ years })) {
          const days = rule.props.deleteAfter?.toDays() ?? Number.POSITIVE_INFINITY;
          expect({
            years,
            rule: rule.props.ruleName,
            fits: days >= lockOf.MinRetentionDays && days <= lockOf.MaxRetentionDays,
          }).toEqual({ years, rule: rule.props.ruleName, fits: true });
        }
      }
    },
  );

  it('locks the vault of a stage because it is production, not because of its name or its copy', () => {
    const locked = stageTemplates({ ...WITH_COPY, production: true }).template;
    expect(only(locked, 'AWS::Backup::BackupVault')[1].Properties.LockConfiguration).toMatchObject({
      MinRetentionDays: 35,
    });
    expect(only(withCopy.template, 'AWS::Backup::BackupVault')[1].Properties.LockConfiguration).toBeUndefined();
  });

  it("runs the runbook's restores with the template's restore role and outputs, into tables that role may restore, and deletes only those", () => {
    const section = backupsRunbook();
    const { template } = withCopy;
    // Every output the section reads exists: `VAR=$(aws cloudformation describe-stacks ... OutputKey=='Name' ...)`.
    const reads = new Map(
      [...section.matchAll(/^(\w+)=\$\(aws cloudformation describe-stacks [^\n]*OutputKey=='(\w+)'/gm)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    expect([...reads.values()].sort()).toEqual(['BackupVaultName', 'RestoreRoleArn', 'TableName']);
    for (const name of reads.values()) template.hasOutput(name ?? '?', {});
    const variableOf = (output: string) => [...reads].find(([, name]) => name === output)?.[0];

    // Every restore job runs as the role the template makes for restores (the previous test: only restored tables).
    const jobs = [...section.matchAll(/aws backup start-restore-job [^\n]*/g)].map((m) => m[0]);
    expect(jobs.length).toBeGreaterThanOrEqual(1);
    for (const job of jobs) expect(job).toContain(`--iam-role-arn "$${variableOf('RestoreRoleArn')}"`);
    // Every restore makes its table under the live table's key, the one key the restore role may use.
    expect(section).toContain(
      `TABLE_KEY=$(aws dynamodb describe-table --table-name "$${variableOf('TableName')}" --region "$REGION" --query Table.SSEDescription.KMSMasterKeyArn --output text)`,
    );
    for (const job of jobs) expect(job).toContain('encryptionType=KMS,kmsMasterKeyArn="$TABLE_KEY"');
    const pointInTime = [...section.matchAll(/aws dynamodb restore-table-to-point-in-time [^\n]*/g)].map((m) => m[0]);
    expect(pointInTime.length).toBeGreaterThanOrEqual(1);
    for (const restore of pointInTime)
      expect(restore).toContain('--sse-specification-override Enabled=true,SSEType=KMS,KMSMasterKeyId="$TABLE_KEY"');
    const [roleId] = (template.toJSON().Outputs.RestoreRoleArn.Value as { 'Fn::GetAtt': [string, string] })[
      'Fn::GetAtt'
    ];
    expect(templateReader(template).all()[roleId]?.Type).toBe('AWS::IAM::Role');

    // Every table the section restores into or deletes is named as that role's tables are.
    const restoredPrefix = `$${variableOf('TableName')}${RESTORED_TABLE_INFIX}`;
    const targets = [
      ...section.matchAll(/(?:targetTableName=|--target-table-name |delete-table --table-name )"([^"]+)"/g),
    ].map((m) => m[1]);
    expect(targets.length).toBeGreaterThanOrEqual(3);
    for (const target of targets) expect(target?.startsWith(restoredPrefix)).toBe(true);
  });

  it("has the runbook lock the second account's vault so that it takes every copy the plan makes, from the stage's account, once DynamoDB's advanced backups are on", () => {
    const section = backupsRunbook();
    const lock =
      /put-backup-vault-lock-configuration [^\n]*--min-retention-days (\d+) --max-retention-days (\d+) --changeable-for-days (\d+)/.exec(
        section,
      );
    const [min, max, grace] = (lock?.slice(1) ?? []).map(Number);
    // A copy kept outside [min, max] is refused: the daily copies and the monthly ones of the longest years a stage may ask.
    expect(min).toBeLessThanOrEqual(DAILY_BACKUP_RETENTION.toDays());
    expect(max).toBeGreaterThanOrEqual(monthlyBackupRetention(BACKUP_YEARS.max).toDays());
    // Compliance mode (no one may lift the lock once the grace time is over) takes at least 3 days of it.
    expect(grace).toBeGreaterThanOrEqual(3);
    expect(section).toContain(
      `"Principal":{"AWS":"arn:aws:iam::'"$ACCOUNT"':root"},"Action":"backup:CopyIntoBackupVault"`,
    );
    expect(section).toContain('aws backup update-region-settings --resource-type-management-preference DynamoDB=true');
    expect(section).toContain('aws backup update-global-settings --global-settings isCrossAccountBackupEnabled=true');
  });

  it("has the runbook say the vault lock's bounds and grace time as the template sets them", () => {
    const lock = only(prod.template, 'AWS::Backup::BackupVault')[1].Properties.LockConfiguration as {
      MinRetentionDays: number;
      MaxRetentionDays: number;
      ChangeableForDays: number;
    };
    const section = backupsRunbook();
    const start = section.indexOf('### The vault lock');
    const vaultLock = section.slice(start, section.indexOf('\n### ', start + 1));
    expect(vaultLock).toContain(`less than **${lock.MinRetentionDays} days**`);
    expect(vaultLock).toContain(`more than **${lock.MaxRetentionDays} days**`);
    expect(vaultLock).toContain(`\`ChangeableForDays\` is **${lock.ChangeableForDays}**`);
    expect(vaultLock).toContain(`prints \`True ${lock.MinRetentionDays} ${lock.MaxRetentionDays} `);
  });

  it.each([withCopy, prod])(
    'cdk-nag finds nothing unacknowledged in a stage that copies to a second account ($config.stage)',
    ({ portal }) => {
      const result = new AwsSolutionsChecks(portal).validateScope(portal);
      expect(
        result.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
      ).toEqual([]);
    },
  );
});

describe('backup settings of a stage', () => {
  const qa: StageSettings = {
    account: '444444444444',
    region: 'eu-central-1',
    stackName: 'AurumPortal-qa',
    authDomainPrefix: 'aurum-qa-444444444444',
    fourEyesThresholdDollars: 10_000,
    adminDailyLimitDollars: 100_000,
  };
  const otherAccountVault = 'arn:aws:backup:eu-central-1:604512398761:backup-vault:aurum-qa-copies';

  it('takes whole years from 1 to 10, and a vault of another account', () => {
    expect(resolveStage('qa', { qa: { ...qa, backupYears: 1 } }).backupYears).toBe(1);
    expect(
      resolveStage('qa', { qa: { ...qa, backupYears: 10, backupCopy: { vaultArn: otherAccountVault } } }),
    ).toMatchObject({ backupYears: 10, backupCopy: { vaultArn: otherAccountVault } });
    expect(resolveStage('qa', { qa }).backupYears).toBeUndefined();
  });

  it.each<[string, Partial<StageSettings> & Record<string, unknown>, string]>([
    ['no years', { backupYears: 0 }, 'backupYears: must be a whole number of years from 1 to 10'],
    ['eleven years', { backupYears: 11 }, 'backupYears: must be a whole number of years from 1 to 10'],
    ['half a year', { backupYears: 6.5 }, 'backupYears: must be a whole number of years from 1 to 10'],
    ['years as text', { backupYears: '7' as never }, 'backupYears: must be a whole number of years from 1 to 10'],
    [
      'a copy vault by name',
      { backupCopy: { vaultArn: 'aurum-qa-copies' } },
      'backupCopy.vaultArn: must be a backup vault ARN',
    ],
    [
      'a copy to a bucket',
      { backupCopy: { vaultArn: 'arn:aws:s3:::aurum-qa-copies' } },
      'backupCopy.vaultArn: must be a backup vault ARN',
    ],
    [
      "a copy vault in the stage's own account",
      { backupCopy: { vaultArn: 'arn:aws:backup:eu-west-1:444444444444:backup-vault:aurum-qa-copies' } },
      "backupCopy.vaultArn: must be a vault in another account than the stage's own (444444444444)",
    ],
    [
      'a copy setting with a typo',
      { backupCopy: { vaultArn: otherAccountVault, lock: true } as never },
      'Unrecognized key',
    ],
  ])('refuses %s, naming the field', (_, change, message) => {
    expect(() => resolveStage('qa', { qa: { ...qa, ...change } })).toThrow(message);
  });

  it('refuses, on a deployable stage, a copy vault in a sample account', () => {
    const real: StageSettings = {
      ...qa,
      account: '604512398761',
      authDomainPrefix: 'aurum-qa-604512398761',
      alarmEmail: 'ops@aurum-capital.com',
      deployable: true,
      firm: {
        legalName: 'Aurum Capital Ltd',
        riskDisclosure: 'Past performance is not a guide to future returns; the 100% target is not guaranteed.',
        termsUrl: 'https://aurum-capital.com/terms',
        privacyUrl: 'https://aurum-capital.com/privacy',
        supportEmail: 'support@aurum-capital.com',
      },
    };
    const sample = 'arn:aws:backup:eu-central-1:111122223333:backup-vault:aurum-qa-copies';
    expect(() => resolveStage('qa', { qa: { ...real, backupCopy: { vaultArn: sample } } })).toThrow(
      'backupCopy.vaultArn: is in a sample account',
    );
    expect(() =>
      refuseUndeployable(
        resolveStage('qa', {
          qa: {
            ...real,
            backupCopy: { vaultArn: 'arn:aws:backup:eu-central-1:506723894512:backup-vault:aurum-qa-copies' },
          },
        }),
      ),
    ).not.toThrow();
  });
});
