/**
 * What an ops engineer relies on when running the stack stage after stage: typed stage settings,
 * no clash between stages, data guarded against replacement, least privilege derived from the
 * route table, a WAF that cannot be walked around, per-route throttles, backups, tracing, alarms
 * that catch silence, long-kept audit logs, and the recommended CDK feature flags.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import {
  WEEKLY_GROWTH_COMPLETED_METRIC,
  WEEKLY_GROWTH_NAMESPACE,
  weeklyGrowthDimensions,
} from '../../lambdas/jobs/weekly-growth-metrics';
import { POST_CONFIRMATION_TABLE_USE, routeTableUse, WEEKLY_GROWTH_TABLE_USE } from '../../lambdas/table-uses';
import {
  buildPath,
  type RouteDef,
  routeByName,
  type RouteName,
  routes,
  usesAdminPower,
  writesTable,
} from '../../shared/api';
import { stages } from '../stages';
import { DEMO_FIRM } from './demo-firm';
import { WEEKLY_SILENCE } from './alarms';
import { AGREEMENT_ROUTES, API_THROTTLE, ORIGIN_HEADER, PASSKEY_RULE_ROUTES, ROUTE_THROTTLES } from './api';
import { RESTORED_TABLE_INFIX } from './backup-restore';
import { DAILY_BACKUP_RETENTION, DEFAULT_BACKUP_YEARS, monthlyBackupRetention } from './backup-rules';
import { projectContext } from './test-support/project-context';
import {
  filesUnder,
  FUNCTIONS_BESIDE_ROUTES,
  type Resource,
  stageTemplates,
  type Statement,
  synthStage,
  templateReader,
} from './test-support/template-reader';
import { WRITE_ONCE_DENIED_ACTIONS } from './write-once-items';
import { activityKeys } from '../../lambdas/lib/data/table';
import { API_RATE_PER_IP, HEAVY_API_PATHS, HEAVY_API_RATE_PER_IP, SITE_MANAGED_RULE_GROUPS } from './site-firewall';
import { EDGE_REGION } from './stage';
import { refuseUndeployable, resolveStage, type StageConfig, type StageSettings } from './stage-config';
import { WEEKLY_JOB_TIMEOUT } from './weekly-growth';
import { SAMPLE_FIRM } from '../../shared/test-support/sample-firm';

const BASE: StageConfig = {
  stage: 'ops',
  account: '333333333333',
  region: 'eu-west-1',
  stackName: 'OpsTest',
  authDomainPrefix: 'aurum-ops-333333333333',
  fourEyesThresholdDollars: 12_345,
  adminDailyLimitDollars: 100_000,
};

const main = synthStage(BASE);
const template = main.template;
/** The alarms are the operations stack's (operations-stack.ts), which reads the portal stack's names through its outputs. */
const operations = main.operationsTemplate;

/** The portal stack's resource an operations-stack value names through Fn::GetStackOutput. */
function portalResourceOf(value: unknown): string | undefined {
  const output = (value as { 'Fn::GetStackOutput'?: { OutputName: string } })['Fn::GetStackOutput']?.OutputName ?? '';
  const named = (
    template.toJSON().Outputs as Record<string, { Value: { Ref?: string; 'Fn::GetAtt'?: [string, string] } }>
  )[output]?.Value;
  return named?.Ref ?? named?.['Fn::GetAtt']?.[0];
}
const { all, functionDescribed, statementsOf, statementsOfRole } = templateReader(template);
const ofType = (type: string, t: Template = template) => templateReader(t).ofType(type);

const [tableId] = ofType('AWS::DynamoDB::Table')[0] ?? [];
const tableArn = { 'Fn::GetAtt': [tableId, 'Arn'] };
const indexArn = (name: string) => ({ 'Fn::Join': ['', [tableArn, `/index/${name}`]] });

/** The DynamoDB grants (Allow) of a function, as "action on resource" lines. */
function dynamoGrants(functionId: string): string[] {
  return statementsOf(functionId)
    .filter((s) => s.Effect === 'Allow' && [s.Action].flat().some((a) => a.startsWith('dynamodb:')))
    .flatMap((s) => [s.Action].flat().flatMap((a) => [s.Resource].flat().map((r) => `${a} on ${JSON.stringify(r)}`)))
    .sort();
}

function expectedGrants(use: RouteDef['table']): string[] {
  return [
    ...use.actions.map((a) => `dynamodb:${a} on ${JSON.stringify(tableArn)}`),
    ...(use.indexes ?? []).map((i) => `dynamodb:Query on ${JSON.stringify(indexArn(i))}`),
  ].sort();
}

describe('stage settings', () => {
  const valid: StageSettings = {
    account: '444444444444',
    region: 'eu-central-1',
    stackName: 'AurumPortal-qa',
    authDomainPrefix: 'aurum-qa-444444444444',
    fourEyesThresholdDollars: 10_000,
    adminDailyLimitDollars: 100_000,
  };

  it('every committed stage is valid, and no two share a stack or a hosted-UI domain', () => {
    const resolved = Object.keys(stages).map((name) => resolveStage(name, stages));
    expect(resolved.length).toBeGreaterThanOrEqual(2);
    const stackKeys = resolved.map((s) => `${s.account}/${s.region}/${s.stackName}`);
    expect(new Set(stackKeys).size).toBe(stackKeys.length);
    const domains = resolved.map((s) => s.authDomainPrefix);
    expect(new Set(domains).size).toBe(domains.length);
  });

  describe('a deployable stage', () => {
    const firm = SAMPLE_FIRM;
    const real: StageSettings = {
      ...valid,
      account: '604512398761',
      alarmEmail: 'ops@aurum-capital.com',
      deployable: true,
      firm,
    };

    it('takes real values', () => {
      expect(resolveStage('qa', { qa: real })).toMatchObject({ deployable: true, account: '604512398761' });
    });

    it.each<[string, Partial<StageSettings>, string]>([
      ['a sample account id (one digit repeated)', { account: '111111111111' }, 'account: is a sample account id'],
      ["a sample account id of AWS's documentation", { account: '123456789012' }, 'account: is a sample account id'],
      ['no alarm address', { alarmEmail: undefined }, 'alarmEmail: must be set on a deployable stage'],
      [
        'an alarm address at example.com',
        { alarmEmail: 'ops@example.com' },
        'alarmEmail: is a reserved example address',
      ],
      [
        'an alarm address under .example',
        { alarmEmail: 'ops@aurum.example' },
        'alarmEmail: is a reserved example address',
      ],
      [
        'an SES sender under .test',
        { ses: { fromEmail: 'no-reply@aurum.test', identity: 'aurum.test' } },
        'ses.fromEmail: is a reserved example address',
      ],
      [
        'an SES identity at example.org',
        { ses: { fromEmail: 'no-reply@mail.example.org', identity: 'mail.example.org' } },
        'ses.identity: is a reserved example domain',
      ],
      [
        'no firm for the footer',
        { firm: undefined },
        "firm: must be set on a deployable stage: every page shows the firm's legal name",
      ],
      ['the demo firm', { firm: { ...DEMO_FIRM } }, 'firm.legalName: is a placeholder'],
      [
        'a demo notice',
        { firm: { ...firm, demoNotice: 'Demo firm — not a real offer' } },
        'firm.demoNotice: must not be set on a deployable stage',
      ],
      [
        'a fill-in legal name',
        { firm: { ...firm, legalName: "<firm's legal name>" } },
        'firm.legalName: is a placeholder',
      ],
      [
        'terms under .example',
        { firm: { ...firm, termsUrl: 'https://aurum.example/terms' } },
        'firm.termsUrl: is a placeholder',
      ],
      [
        'a privacy notice at example.com',
        { firm: { ...firm, privacyUrl: 'https://www.example.com/privacy' } },
        'firm.privacyUrl: is a placeholder',
      ],
      [
        'a support address under .test',
        { firm: { ...firm, supportEmail: 'support@aurum.test' } },
        'firm.supportEmail: is a reserved example address',
      ],
    ])('refuses %s, naming the field', (_, change, message) => {
      expect(() => resolveStage('qa', { qa: { ...real, ...change } })).toThrow(message);
    });

    it('reports every placeholder at once: the committed prod stage marked deployable names its account and its alarm address', () => {
      const attempt = () => resolveStage('prod', { prod: { ...stages.prod, deployable: true } as StageSettings });
      expect(attempt).toThrow(/account: is a sample account id[\s\S]*alarmEmail: is a reserved example address/);
    });

    it('is the only kind `npm run deploy` takes: the committed samples are refused, by name', () => {
      for (const name of Object.keys(stages)) {
        expect(() => refuseUndeployable(resolveStage(name, stages))).toThrow(
          `Stage '${name}' in infra/stages.ts is not deployable`,
        );
      }
      expect(() => refuseUndeployable(resolveStage('qa', { qa: real }))).not.toThrow();
      expect(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')).toMatch(
        /"deploy": "[^"]*cdk deploy[^"]*-c deploy=true"/,
      );
    });
  });

  it('takes funding instructions as a few short lines, trimmed', () => {
    const lines = [' Example Bank ', 'x'.repeat(120), ...Array.from({ length: 6 }, (_, i) => `Line ${i + 3}`)];
    expect(resolveStage('qa', { qa: { ...valid, fundingInstructions: lines } }).fundingInstructions).toEqual([
      'Example Bank',
      ...lines.slice(1),
    ]);
  });

  it('is chosen by name, with a clear error when none or an unknown one is given', () => {
    expect(resolveStage('qa', { qa: valid })).toEqual({ ...valid, stage: 'qa' });
    expect(() => resolveStage(undefined, { qa: valid })).toThrow(
      'Choose a stage: -c stage=<name> or AURUM_STAGE=<name> (one of: qa).',
    );
    expect(() => resolveStage('prod', { qa: valid })).toThrow("Unknown stage 'prod': infra/stages.ts defines qa.");
  });

  it.each<[string, Partial<StageSettings> & Record<string, unknown>, string]>([
    ['a short account', { account: '1234' }, 'account: must be a 12-digit AWS account id'],
    ['a region typo', { region: 'eu-west1' }, 'region: must be an AWS region such as eu-west-1'],
    [
      'a domain prefix without the stage',
      { authDomainPrefix: 'aurum-444444444444' },
      "authDomainPrefix: must contain the stage name 'qa'",
    ],
    [
      'a domain prefix Cognito refuses',
      { authDomainPrefix: 'aurum-qa-cognito' },
      "authDomainPrefix: must not contain 'aws', 'amazon' or 'cognito'",
    ],
    [
      'a Google client without its secret',
      { google: { clientId: 'x.apps.googleusercontent.com' } as never },
      'google.clientSecretName',
    ],
    [
      'a Google client id from elsewhere',
      { google: { clientId: 'abc', clientSecretName: 'aurum/google' } },
      'google.clientId: must end in .apps.googleusercontent.com',
    ],
    ['an alarm e-mail that is not one', { alarmEmail: 'ops' }, 'alarmEmail: must be an e-mail address'],
    [
      'an SES sender outside its identity',
      { ses: { fromEmail: 'a@other.example', identity: 'aurum.example' } },
      'ses.identity: identity must be fromEmail itself or its domain',
    ],
    ['an unknown setting (a typo)', { alarmMail: 'ops@x.example' }, 'Unrecognized key'],
    ['a missing stack name', { stackName: undefined }, 'stackName'],
    [
      'no four-eyes threshold',
      { fourEyesThresholdDollars: undefined },
      'fourEyesThresholdDollars: must be set: the four-eyes threshold in whole dollars',
    ],
    ['a four-eyes threshold of zero', { fourEyesThresholdDollars: 0 }, 'fourEyesThresholdDollars: must be more than 0'],
    [
      'a negative four-eyes threshold',
      { fourEyesThresholdDollars: -10_000 },
      'fourEyesThresholdDollars: must be more than 0',
    ],
    [
      'a four-eyes threshold in cents',
      { fourEyesThresholdDollars: 10_000.5 },
      'fourEyesThresholdDollars: must be whole dollars',
    ],
    [
      'a four-eyes threshold as text',
      { fourEyesThresholdDollars: '10000' as never },
      'fourEyesThresholdDollars: must be a number of whole dollars',
    ],
    [
      'a four-eyes threshold beyond counting in cents',
      { fourEyesThresholdDollars: Number.MAX_SAFE_INTEGER },
      'fourEyesThresholdDollars: is too large to count in cents',
    ],
    [
      'no daily limit of an administrator',
      { adminDailyLimitDollars: undefined },
      "adminDailyLimitDollars: must be set: an administrator's daily limit in whole dollars",
    ],
    ['a daily limit of zero', { adminDailyLimitDollars: 0 }, 'adminDailyLimitDollars: must be more than 0'],
    ['a daily limit in cents', { adminDailyLimitDollars: 100_000.5 }, 'adminDailyLimitDollars: must be whole dollars'],
    [
      'a daily limit as text',
      { adminDailyLimitDollars: '100000' as never },
      'adminDailyLimitDollars: must be a number of whole dollars',
    ],
    ['funding instructions as one text', { fundingInstructions: 'Example Bank' as never }, 'fundingInstructions: '],
    [
      'more than 8 funding lines',
      { fundingInstructions: Array.from({ length: 9 }, (_, i) => `Line ${i + 1}`) },
      'fundingInstructions: must be at most 8 lines',
    ],
    [
      'a funding line of 121 characters',
      { fundingInstructions: ['Example Bank', 'x'.repeat(121)] },
      'fundingInstructions.1: each line must be at most 120 characters',
    ],
    [
      'a blank funding line',
      { fundingInstructions: ['Example Bank', '   '] },
      'fundingInstructions.1: each line must have text',
    ],
    [
      'a risk disclosure that promises the target',
      { firm: { ...DEMO_FIRM, riskDisclosure: 'Past performance is not a guide to future returns.' } },
      'firm.riskDisclosure: must say that the target is not guaranteed',
    ],
    [
      'a firm without a support address',
      { firm: { ...DEMO_FIRM, supportEmail: undefined } as never },
      'firm.supportEmail: ',
    ],
    [
      'terms over plain http',
      { firm: { ...DEMO_FIRM, termsUrl: 'http://aurum.example/terms' } },
      'firm.termsUrl: must be an https:// address of a page',
    ],
    [
      'a legal name of two lines',
      { firm: { ...DEMO_FIRM, legalName: 'Aurum\nCapital' } },
      'firm.legalName: must be one line of plain text',
    ],
    ['an unknown footer field', { firm: { ...DEMO_FIRM, fax: '1' } as never }, 'firm: Unrecognized key'],
    [
      'a cooling-off of a month and more',
      { payoutCoolingOffHours: 721 },
      'payoutCoolingOffHours: must be a whole number of hours from 0 to 720',
    ],
    [
      'a cooling-off of half an hour',
      { payoutCoolingOffHours: 0.5 },
      'payoutCoolingOffHours: must be a whole number of hours from 0 to 720',
    ],
    [
      'a sign-up mode that is not open or review',
      { clientSignUp: 'invite' as never },
      "clientSignUp: must be 'open' or 'review'",
    ],
    [
      'a funding line with a line break',
      { fundingInstructions: ['Example Bank\nIBAN: XX00'] },
      'fundingInstructions.0: each line must be one line of plain text',
    ],
  ])('refuses %s, naming the field', (_, change, message) => {
    const settings = { ...valid, ...change };
    expect(() => resolveStage('qa', { qa: settings })).toThrow(message);
    expect(() => resolveStage('qa', { qa: settings })).toThrow("Stage 'qa' in infra/stages.ts is not valid");
  });
});

describe('two stages in one account and region', () => {
  // Both committed stages, moved into one account and region: the worst case for collisions.
  const pair = ['dev', 'prod'].map((name) => {
    const config = { ...resolveStage(name, stages), account: '555555555555', region: 'eu-west-1' };
    return { config, ...synthStage(config) };
  });

  /**
   * Properties AWS requires to be unique in an account and region (or, for the hosted-UI domain,
   * everywhere). CloudFormation generates unique values for the ones left unset.
   */
  const UNIQUE_NAMES: Record<string, string[]> = {
    'AWS::Cognito::UserPoolDomain': ['Domain'],
    'AWS::SES::ConfigurationSet': ['Name'],
    'AWS::Backup::BackupPlan': ['BackupPlan', 'BackupPlanName'],
    'AWS::Backup::BackupVault': ['BackupVaultName'],
    'AWS::WAFv2::WebACL': ['Name'],
    'AWS::CloudFront::Function': ['Name'],
    'AWS::CloudFront::ResponseHeadersPolicy': ['ResponseHeadersPolicyConfig', 'Name'],
    'AWS::CloudFront::OriginAccessControl': ['OriginAccessControlConfig', 'Name'],
    'AWS::Lambda::Function': ['FunctionName'],
    'AWS::IAM::Role': ['RoleName'],
    'AWS::Logs::LogGroup': ['LogGroupName'],
    'AWS::S3::Bucket': ['BucketName'],
    'AWS::DynamoDB::Table': ['TableName'],
    'AWS::SQS::Queue': ['QueueName'],
    'AWS::SNS::Topic': ['TopicName'],
    'AWS::KMS::Alias': ['AliasName'],
    'AWS::SecretsManager::Secret': ['Name'],
    'AWS::CloudWatch::Alarm': ['AlarmName'],
    'AWS::Events::Rule': ['Name'],
  };

  function uniqueNames(t: Template): string[] {
    return Object.values(t.toJSON().Resources as Record<string, Resource>).flatMap((r) => {
      const path = UNIQUE_NAMES[r.Type];
      if (!path) return [];
      const value = path.reduce<unknown>(
        (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
        r.Properties,
      );
      return value === undefined ? [] : [`${r.Type} ${JSON.stringify(value)}`];
    });
  }

  it("gives each stage's admin routes that stage's own four-eyes threshold", () => {
    const deposit = routeByName('addDeposit');
    const thresholds = pair.map(({ template: t, config }) => {
      const [, fn] = templateReader(t).functionDescribed(`${deposit.method} ${deposit.path}`);
      return {
        stage: config.stage,
        cents: (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables
          .FOUR_EYES_THRESHOLD_CENTS,
      };
    });
    expect(thresholds).toEqual(
      pair.map(({ config }) => ({ stage: config.stage, cents: String(config.fourEyesThresholdDollars * 100) })),
    );
    expect(new Set(thresholds.map((t) => t.cents)).size).toBe(2);
  });

  it("gives the function that sets payout accounts the stage's cooling-off, and no other function", () => {
    const given = pair.map(({ template: t, config }) => {
      const functions = Object.values(t.toJSON().Resources as Record<string, Resource>).filter(
        (r) => r.Type === 'AWS::Lambda::Function',
      );
      const withIt = functions.filter(
        (fn) =>
          (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
            ?.PAYOUT_COOLING_OFF_HOURS !== undefined,
      );
      const set = routeByName('setPayoutAccount');
      const [, fn] = templateReader(t).functionDescribed(`${set.method} ${set.path}`);
      return {
        stage: config.stage,
        functions: withIt.length,
        hours: (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.PAYOUT_COOLING_OFF_HOURS,
      };
    });
    expect(given).toEqual(
      pair.map(({ config }) => ({
        stage: config.stage,
        functions: 1,
        hours: String(config.payoutCoolingOffHours ?? 72),
      })),
    );
  });

  it("gives the routes that show, record or check the client agreement the stage's one, and no other function", () => {
    const given = pair.map(({ template: t, config }) => {
      const functions = Object.values(t.toJSON().Resources as Record<string, Resource>).filter(
        (r) => r.Type === 'AWS::Lambda::Function',
      );
      const variables = (fn: Resource) =>
        (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const withIt = functions.filter(
        (fn) => variables(fn).AGREEMENT_VERSION !== undefined || variables(fn).AGREEMENT_URL !== undefined,
      );
      const routesWithIt = AGREEMENT_ROUTES.map((name) => {
        const route = routeByName(name as RouteName);
        const [, fn] = templateReader(t).functionDescribed(`${route.method} ${route.path}`);
        const { AGREEMENT_VERSION, AGREEMENT_URL } = variables(fn);
        return { name, version: AGREEMENT_VERSION, url: AGREEMENT_URL };
      });
      return { stage: config.stage, functions: withIt.length, routes: routesWithIt };
    });
    expect(given).toEqual(
      pair.map(({ config }) => ({
        stage: config.stage,
        functions: config.clientAgreement ? AGREEMENT_ROUTES.length : 0,
        routes: AGREEMENT_ROUTES.map((name) => ({
          name,
          version: config.clientAgreement?.version,
          url: config.clientAgreement?.url,
        })),
      })),
    );
    // The prod sample sets one; the admin money routes never get it, so a new version never holds up a deposit.
    expect(given.map((g) => g.functions)).toEqual([0, AGREEMENT_ROUTES.length]);
    expect(AGREEMENT_ROUTES).not.toContain('addDeposit');
  });

  it("gives the stage's sign-up mode to the sign-up trigger and the route that creates a missing profile, and no other function", () => {
    const given = pair.map(({ template: t, config }) => {
      const functions = Object.values(t.toJSON().Resources as Record<string, Resource>).filter(
        (r) => r.Type === 'AWS::Lambda::Function',
      );
      const modes = functions
        .map((fn) => ({
          description: fn.Properties.Description as string,
          mode: (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
            ?.CLIENT_SIGN_UP,
        }))
        .filter((fn) => fn.mode !== undefined);
      return { stage: config.stage, modes: modes.map((fn) => [fn.description.split(':')[0], fn.mode]).sort() };
    });
    const create = routeByName('createPortfolio');
    expect(given).toEqual(
      pair.map(({ config }) => ({
        stage: config.stage,
        modes: [
          ['Cognito post-confirmation', config.clientSignUp ?? 'open'],
          [`${create.method} ${create.path}`, config.clientSignUp ?? 'open'],
        ].sort(),
      })),
    );
    expect(pair.map(({ config }) => config.clientSignUp ?? 'open')).toEqual(['open', 'review']);
  });

  it("gives the stage's passkey rule for admins to every function that decides admin power or applies it to passkeys, and no other", () => {
    const given = pair.map(({ template: t, config }) => {
      const functions = Object.values(t.toJSON().Resources as Record<string, Resource>).filter(
        (r) => r.Type === 'AWS::Lambda::Function',
      );
      const flags = functions
        .map((fn) => ({
          description: fn.Properties.Description as string,
          flag: (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
            ?.ADMIN_PASSKEY_REQUIRED,
        }))
        .filter((fn) => fn.flag !== undefined);
      return { stage: config.stage, flags: flags.map((fn) => [fn.description, fn.flag]).sort() };
    });
    const deciding = routes.filter((r) => usesAdminPower(r) || PASSKEY_RULE_ROUTES.includes(r.name));
    expect(given).toEqual(
      pair.map(({ config }) => ({
        stage: config.stage,
        flags: deciding.map((r) => [`${r.method} ${r.path}`, String(config.adminPasskeyRequired ?? false)]).sort(),
      })),
    );
    expect(pair.map(({ config }) => config.adminPasskeyRequired ?? false)).toEqual([false, true]);
  });

  it("gives the stage's funding instructions to the function that reads a portfolio, and no other function", () => {
    const given = pair.map(({ template: t, config }) => {
      const functions = Object.values(t.toJSON().Resources as Record<string, Resource>).filter(
        (r) => r.Type === 'AWS::Lambda::Function',
      );
      const withThem = functions
        .map((fn) => ({
          description: fn.Properties.Description as string,
          lines: (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
            ?.FUNDING_INSTRUCTIONS,
        }))
        .filter((fn) => fn.lines !== undefined);
      return { stage: config.stage, withThem };
    });
    const read = routeByName('getPortfolio');
    expect(given).toEqual(
      pair.map(({ config }) => ({
        stage: config.stage,
        withThem: [
          { description: `${read.method} ${read.path}`, lines: JSON.stringify(config.fundingInstructions ?? []) },
        ],
      })),
    );
  });

  it('protects the stacks of a production stage from deletion, and only those', () => {
    const protectedStacks = pair
      .flatMap(({ portal, edge, operations: ops, edgeAlarms }) => [portal, edge, ops, edgeAlarms])
      .map((s) => [s?.stackName, s?.terminationProtection]);
    expect(protectedStacks).toEqual([
      ['AurumPortal-dev', false],
      ['AurumPortal-dev-Edge', false],
      ['AurumPortal-dev-Operations', false],
      ['AurumPortal-dev-EdgeAlarms', false],
      ['AurumPortal-prod', true],
      ['AurumPortal-prod-Edge', true],
      ['AurumPortal-prod-Operations', true],
      ['AurumPortal-prod-EdgeAlarms', true],
    ]);
  });

  it('keeps what it keeps except after a failed create, and keeps nothing under a name the next create would take', () => {
    for (const { template: t, edgeTemplate } of pair) {
      const resources = Object.entries({
        ...(t.toJSON().Resources as Record<string, Resource>),
        ...((edgeTemplate as Template).toJSON().Resources as Record<string, Resource>),
      });
      const policies = resources.map(
        ([, r]) => (r as Resource & { DeletionPolicy?: string }).DeletionPolicy ?? 'Delete',
      );
      expect(policies).not.toContain('Retain');
      expect(policies.filter((p) => p === 'RetainExceptOnCreate').length).toBeGreaterThanOrEqual(6);
      const kept = resources.filter(
        ([, r]) => (r as Resource & { DeletionPolicy?: string }).DeletionPolicy === 'RetainExceptOnCreate',
      );
      const [, vault] = kept.find(([, r]) => r.Type === 'AWS::Backup::BackupVault') ?? [];
      // The vault's name carries the stack's id, which every create makes anew.
      expect(JSON.stringify(vault?.Properties.BackupVaultName)).toContain('AWS::StackId');
      const fixedNames = kept.flatMap(([id, r]) =>
        Object.entries(r.Properties ?? {})
          .filter(
            ([key, value]) =>
              /^(TableName|BucketName|BackupVaultName|LogGroupName|AliasName|Name)$/.test(key) &&
              typeof value === 'string',
          )
          .map(([key]) => `${id}.${key}`),
      );
      expect(fixedNames).toEqual([]);
    }
  });

  it('pins each stack to its stage account and region', () => {
    for (const { portal, edge, config } of pair) {
      expect([portal.account, portal.region]).toEqual([config.account, config.region]);
      expect([edge?.account, edge?.region]).toEqual([config.account, EDGE_REGION]);
    }
  });

  it('gives every name that must be unique the stage, so the second stage deploys beside the first', () => {
    const [a, b] = pair.map((p) =>
      [p.template, p.edgeTemplate, p.operationsTemplate, p.edgeAlarmsTemplate].flatMap((t) =>
        uniqueNames(t as Template),
      ),
    );
    // The names set in the template (by us or by CDK); every other one CloudFormation generates.
    expect(a?.map((n) => n.split(' ')[0]).sort()).toEqual([
      'AWS::Backup::BackupPlan',
      'AWS::Backup::BackupVault',
      'AWS::CloudFront::Function',
      'AWS::CloudFront::OriginAccessControl',
      'AWS::CloudFront::ResponseHeadersPolicy',
      'AWS::Cognito::UserPoolDomain',
      // The web ACLs' request logs: WAF takes only log groups named aws-waf-logs-... (waf-logging.ts).
      'AWS::Logs::LogGroup',
      'AWS::Logs::LogGroup',
      // The alarm topic, in the stage's region and in us-east-1 (alarm-topic.ts).
      'AWS::SNS::Topic',
      'AWS::SNS::Topic',
    ]);
    // Names built from a generated one (e.g. a log group named after its function) differ too.
    const literal = (name: string) => !name.includes('"Ref"');
    expect(a?.filter(literal).filter((name) => b?.includes(name))).toEqual([]);
    expect(pair.map((p) => p.portal.stackName)).toEqual(['AurumPortal-dev', 'AurumPortal-prod']);
    pair[0]?.template.hasResourceProperties('AWS::Cognito::UserPoolDomain', { Domain: 'aurum-dev-111111111111' });
  });
});

describe('data guarded against replacement', () => {
  it("names in the runbook's recovery from ROLLBACK_FAILED exactly the resources whose deletion protection stops a rollback", () => {
    const runbook = readFileSync(resolve(__dirname, '../../docs/operations.md'), 'utf8');
    const recovery = runbook.slice(
      runbook.indexOf('**If the rollback ends in `ROLLBACK_FAILED`**'),
      runbook.indexOf('4. Run the deploy again.'),
    );
    const named = [...recovery.matchAll(/`([A-Za-z]+[0-9A-F]{8})`/g)].map((m) => m[1]).sort();
    const protectedIds = Object.entries(all())
      .filter(
        ([, r]) => r.Properties?.DeletionProtectionEnabled === true || r.Properties?.DeletionProtection === 'ACTIVE',
      )
      .map(([id]) => id)
      .sort();
    expect(protectedIds).toHaveLength(2);
    expect(named).toEqual(protectedIds);
  });

  it('the committed stack policy denies replacing or deleting exactly the table, the user pool and the backup vault', () => {
    const policy = JSON.parse(readFileSync(resolve(__dirname, 'stack-policy.json'), 'utf8')) as {
      Statement: (Statement & { Principal: string })[];
    };
    const deny = policy.Statement.find((s) => s.Effect === 'Deny');
    expect(deny?.Action).toEqual(['Update:Replace', 'Update:Delete']);
    const guarded = ['AWS::DynamoDB::Table', 'AWS::Cognito::UserPool', 'AWS::Backup::BackupVault'].map((type) => {
      const found = ofType(type);
      expect(found).toHaveLength(1);
      return `LogicalResourceId/${found[0]?.[0]}`;
    });
    // A renamed construct changes its logical id, which CloudFormation treats as delete + create:
    // this fails first, and the policy would refuse it at deploy.
    expect(deny?.Resource).toEqual(guarded);
    expect(policy.Statement.find((s) => s.Effect === 'Allow')).toMatchObject({ Action: 'Update:*', Resource: '*' });
  });

  it('keeps the vault, and backs the table up daily for 35 days and monthly for 7 years (by default) beside point-in-time recovery', () => {
    const [, vault] = ofType('AWS::Backup::BackupVault')[0] ?? [];
    expect(vault).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    const [, plan] = ofType('AWS::Backup::BackupPlan')[0] ?? [];
    const rules = (
      plan?.Properties.BackupPlan as {
        BackupPlanRule: { RuleName: string; Lifecycle: { DeleteAfterDays: number }; ScheduleExpression: string }[];
      }
    ).BackupPlanRule;
    expect(rules.map((r) => [r.RuleName, r.ScheduleExpression, r.Lifecycle.DeleteAfterDays])).toEqual([
      ['Daily', 'cron(0 3 * * ? *)', 35],
      ['Monthly', 'cron(0 3 1 * ? *)', 2557],
    ]);
    expect([DAILY_BACKUP_RETENTION.toDays(), monthlyBackupRetention(DEFAULT_BACKUP_YEARS).toDays()]).toEqual([
      35, 2557,
    ]);
    // Seven years of days with their leap days (at most two in any seven years).
    expect(2557).toBe(7 * 365 + 2);
    const [, selection] = ofType('AWS::Backup::BackupSelection')[0] ?? [];
    expect(JSON.stringify(selection?.Properties)).toContain(JSON.stringify(tableArn));
    const [, table] = ofType('AWS::DynamoDB::Table')[0] ?? [];
    expect(table?.Properties.PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
  });
});

describe('IAM exactly as the code says', () => {
  it("grants each route function exactly the table actions and indexes of its route (and the admin check's where it runs), nothing else on DynamoDB", () => {
    for (const route of routes as readonly RouteDef[]) {
      const [id] = functionDescribed(`${route.method} ${route.path}`);
      expect({ route: route.name, grants: dynamoGrants(id) }).toEqual({
        route: route.name,
        grants: expectedGrants(routeTableUse(route)),
      });
    }
    // The admin check only reads the caller's security record.
    expect(routeTableUse(routeByName('listClients')).actions).toEqual(['GetItem']);
    expect(routeTableUse(routeByName('getMyEmailPreferences'))).toEqual(routeByName('getMyEmailPreferences').table);
  });

  it('gives no GET route a DynamoDB write: a read route reads, the admin check included', () => {
    const writes =
      /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems|PartiQLInsert|PartiQLUpdate|PartiQLDelete|ExecuteStatement|BatchExecuteStatement|ExecuteTransaction|\*)$/;
    const reads = routes.filter((route) => route.method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    for (const route of reads) {
      const [id] = functionDescribed(`${route.method} ${route.path}`);
      const granted = statementsOf(id)
        .filter((s) => s.Effect === 'Allow')
        .flatMap((s) => [s.Action].flat());
      expect({ route: route.name, writes: granted.filter((a) => writes.test(a)) }).toEqual({
        route: route.name,
        writes: [],
      });
    }
  });

  it('gives the triggers and the weekly job only what their code issues', () => {
    const [job] = functionDescribed('Weekly growth: grows every due portfolio from its ledger');
    expect(dynamoGrants(job)).toEqual(expectedGrants(WEEKLY_GROWTH_TABLE_USE));
    const [confirm] = functionDescribed(
      'Cognito post-confirmation: creates the client profile and portfolio; after a password reset, ends every session',
    );
    expect(dynamoGrants(confirm)).toEqual(expectedGrants(POST_CONFIRMATION_TABLE_USE));
  });

  it('grants no Scan, no DeleteItem and no table wildcard to any role of the product', () => {
    const actions = ofType('AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.PolicyDocument as { Statement: Statement[] }).Statement.filter((s) => s.Effect === 'Allow').flatMap(
        (s) => [s.Action].flat(),
      ),
    );
    expect(actions.filter((a) => /^dynamodb:(Scan|DeleteItem|\*)$/.test(a))).toEqual([]);
    expect(JSON.stringify(ofType('AWS::IAM::Policy'))).not.toContain('/index/*');
  });
});

describe('the activity log, written once', () => {
  const sortedActions = (s: Statement) => ({ ...s, Action: [s.Action].flat().sort() });
  const denied = WRITE_ONCE_DENIED_ACTIONS.map((a) => `dynamodb:${a}`).sort();
  const WRITES = /^dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem|PartiQL\w+|\*)$/;
  const writesTableItems = (s: Statement) => s.Effect === 'Allow' && [s.Action].flat().some((a) => WRITES.test(a));

  it("denies the operations stack's one table writer, the monthly statements job, the same updates, deletes and batch writes", () => {
    const ops = templateReader(operations);
    const writers = ops
      .ofType('AWS::IAM::Role')
      .filter(([id]) => ops.statementsOfRole(id).some(writesTableItems))
      .map(([id]) => id);
    expect(writers).toEqual([expect.stringMatching(/^MonthlyStatementsJobRole/)]);
    const denials = ops
      .statementsOfRole(writers[0] ?? '')
      .filter((s) => s.Effect === 'Deny')
      .map((s) => ({ Action: [s.Action].flat().sort(), Condition: s.Condition }));
    expect(denials).toEqual(
      expect.arrayContaining([
        { Action: denied, Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': 'ACTIVITY#*' } } },
        { Action: denied, Condition: { Null: { 'dynamodb:LeadingKeys': 'true' } } },
      ]),
    );
  });

  it('denies every role that may write the table any update, delete or batch write on its items, even a batch that mixes keys or a request without one', () => {
    // The restore role writes only the new tables it restores into, never this one (infra/aws/backups.test.ts).
    const onTable = (s: Statement) => [s.Action].flat().some((a) => a.startsWith('dynamodb:'));
    const restoresOnly = (id: string) =>
      statementsOfRole(id)
        .filter(onTable)
        .every((s) =>
          [s.Resource]
            .flat()
            .every((r) => [RESTORED_TABLE_INFIX, '/backup/'].some((part) => JSON.stringify(r).includes(part))),
        );
    const writers = ofType('AWS::IAM::Role').filter(
      ([id]) => statementsOfRole(id).some(writesTableItems) && !restoresOnly(id),
    );
    // The routes that write, the post-confirmation and pre-token-generation triggers, the weekly job, the notifier, the exporter and the activity sealer.
    const writingRoutes = (routes as readonly RouteDef[]).filter((r) => writesTable(routeTableUse(r)));
    expect(writers).toHaveLength(writingRoutes.length + 6);
    for (const [roleId] of writers) {
      const denials = statementsOfRole(roleId)
        .filter((s) => s.Effect === 'Deny')
        .map(sortedActions);
      expect({ roleId, denials }).toEqual({
        roleId,
        denials: expect.arrayContaining([
          {
            Effect: 'Deny',
            Action: denied,
            Resource: tableArn,
            Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': 'ACTIVITY#*' } },
          },
          {
            Effect: 'Deny',
            Action: denied,
            Resource: tableArn,
            Condition: { Null: { 'dynamodb:LeadingKeys': 'true' } },
          },
        ]),
      });
    }
    expect(denied).toEqual(
      expect.arrayContaining(['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem']),
    );
    // The pattern is the activity log's own partition keys.
    expect(activityKeys.entry(Date.UTC(2031, 11, 31), 'a1').PK).toMatch(/^ACTIVITY#/);
  });

  it('grants DynamoDB to no role through a managed policy, where the Deny would not reach', () => {
    const managed = ofType('AWS::IAM::Role').flatMap(([, r]) =>
      ((r.Properties.ManagedPolicyArns ?? []) as unknown[]).map((arn) => JSON.stringify(arn)),
    );
    expect(managed.filter((arn) => /dynamo/i.test(arn))).toEqual([]);
  });
});

describe('the four-eyes threshold', () => {
  const thresholdOf = (fn: Resource) =>
    (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
      ?.FOUR_EYES_THRESHOLD_CENTS;

  it("gives every admin route's function the stage's threshold in cents, and no other function any", () => {
    const admin = (routes as readonly RouteDef[]).filter((r) => r.auth === 'admin').map((r) => r.name);
    expect(admin).toEqual(
      expect.arrayContaining([
        'addDeposit',
        'processWithdrawal',
        'updateBalance',
        'approveWithdrawalRequest',
        'approvePendingAction',
      ]),
    );
    for (const route of routes as readonly RouteDef[]) {
      const [, fn] = functionDescribed(`${route.method} ${route.path}`);
      expect({ route: route.name, cents: thresholdOf(fn) }).toEqual({
        route: route.name,
        cents: route.auth === 'admin' ? '1234500' : undefined,
      });
    }
    const routeFunctions = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const others = ofType('AWS::Lambda::Function').filter(
      ([, fn]) => !routeFunctions.has(String(fn.Properties.Description)),
    );
    expect(others.length).toBeGreaterThanOrEqual(FUNCTIONS_BESIDE_ROUTES);
    for (const [, fn] of others) expect(thresholdOf(fn)).toBeUndefined();
  });

  it("gives every admin route's function the stage's daily limit of an administrator in cents, and no route beside them any", () => {
    const limitOf = (fn: Resource) =>
      (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables
        ?.ADMIN_DAILY_LIMIT_CENTS;
    for (const route of routes as readonly RouteDef[]) {
      const [, fn] = functionDescribed(`${route.method} ${route.path}`);
      expect({ route: route.name, cents: limitOf(fn) }).toEqual({
        route: route.name,
        cents: route.auth === 'admin' ? '10000000' : undefined,
      });
    }
  });

  it('is set by every committed stage, with a daily limit of an administrator', () => {
    for (const name of Object.keys(stages)) {
      expect(resolveStage(name, stages).fourEyesThresholdDollars).toBeGreaterThan(0);
      expect(resolveStage(name, stages).adminDailyLimitDollars).toBeGreaterThan(0);
    }
  });
});

describe('CloudFront WAF and the API behind it', () => {
  type WafRule = {
    Name: string;
    Action?: unknown;
    OverrideAction?: unknown;
    Statement: Record<string, Record<string, unknown>>;
  };

  function checkAcl(t: Template) {
    const acls = ofType('AWS::WAFv2::WebACL', t).filter(([, r]) => r.Properties.Scope === 'CLOUDFRONT');
    expect(acls).toHaveLength(1);
    const rules = acls[0]?.[1].Properties.Rules as WafRule[];
    const managed = rules.map((r) => r.Statement.ManagedRuleGroupStatement?.Name).filter(Boolean);
    expect(managed).toEqual([...SITE_MANAGED_RULE_GROUPS]);
    const rate = rules.find((r) => r.Statement.RateBasedStatement)?.Statement.RateBasedStatement as Record<
      string,
      unknown
    >;
    expect(rate).toMatchObject({
      Limit: API_RATE_PER_IP.limit,
      AggregateKeyType: 'IP',
      ScopeDownStatement: { ByteMatchStatement: { SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' } },
    });
    // Counted until the stage is switched to block (waf-rate-rules.ts).
    expect(rules.find((r) => r.Statement.RateBasedStatement)?.Action).toEqual({ Count: {} });
    // The heavy routes' shared throttles cannot be used up by one IP.
    const heavy = rules.find((r) => r.Name === 'HeavyApiRatePerIp');
    expect(heavy?.Action).toEqual({ Count: {} });
    const scoped = heavy?.Statement.RateBasedStatement as {
      Limit: number;
      ScopeDownStatement: { OrStatement: { Statements: { ByteMatchStatement: { SearchString: string } }[] } };
    };
    expect(scoped.Limit).toBe(HEAVY_API_RATE_PER_IP.limit);
    const paths = scoped.ScopeDownStatement.OrStatement.Statements.map((st) => st.ByteMatchStatement.SearchString);
    const heavyPath = (path: string) =>
      HEAVY_API_PATHS.some(({ match, path: p }) =>
        match === 'EXACTLY'
          ? path === p
          : match === 'STARTS_WITH'
            ? path.startsWith(p)
            : match === 'ENDS_WITH'
              ? path.endsWith(p)
              : path.includes(p),
      );
    // Asking after an export is cheap and done often: not counted with the heavy ones.
    expect(heavyPath(buildPath(routeByName('getBalancesExport').path, { id: 'e1' }))).toBe(false);
    for (const name of [
      'listClients',
      'startBalancesExport',
      'getStatement',
      'getClientStatement',
      'getHistory',
      'getClientHistory',
      'listWithdrawalAlerts',
    ] as RouteName[]) {
      const route = routes.find((r) => r.name === name) as RouteDef;
      const path = buildPath(route.path, { userId: 'u1', uid: 'u1', id: 'u1' });
      expect({ name, covered: heavyPath(path) }).toEqual({ name, covered: true });
    }
    expect(paths).toEqual(HEAVY_API_PATHS.map((p) => p.path));
  }

  it('outside us-east-1: the ACL lives in an edge stack in us-east-1, and the distribution uses it', () => {
    expect(main.edge?.region).toBe('us-east-1');
    checkAcl(main.edgeTemplate as Template);
    expect(ofType('AWS::WAFv2::WebACL').filter(([, r]) => r.Properties.Scope === 'CLOUDFRONT')).toEqual([]);
    const [, cdn] = ofType('AWS::CloudFront::Distribution')[0] ?? [];
    const aclRef = JSON.stringify((cdn?.Properties.DistributionConfig as Record<string, unknown>).WebACLId);
    expect(aclRef).toContain(main.edge?.stackName);
    expect(aclRef).toContain('SiteFirewallAcl');
  });

  it('in us-east-1: one stack holds the ACL', () => {
    const east = stageTemplates({ ...BASE, region: 'us-east-1' });
    expect(east.edgeTemplate).toBeUndefined();
    checkAcl(east.template);
    const [aclId] =
      ofType('AWS::WAFv2::WebACL', east.template).find(([, r]) => r.Properties.Scope === 'CLOUDFRONT') ?? [];
    east.template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: { WebACLId: { 'Fn::GetAtt': [aclId, 'Arn'] } },
    });
  });

  it('CloudFront sends the origin secret to the API, and every route function requires that same secret', () => {
    const [secretId] = ofType('AWS::SecretsManager::Secret').find(([id]) => id.includes('OriginSecret')) ?? [];
    const secretRef = { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId }, ':SecretString:::}}']] };
    const [, cdn] = ofType('AWS::CloudFront::Distribution')[0] ?? [];
    const origins = (
      cdn?.Properties.DistributionConfig as {
        Origins: {
          CustomOriginConfig?: unknown;
          OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[];
        }[];
      }
    ).Origins;
    const apiOrigin = origins.find((o) => o.CustomOriginConfig);
    expect(apiOrigin?.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_HEADER, HeaderValue: secretRef }]);
    for (const route of routes) {
      const [fnId, fn] = functionDescribed(`${route.method} ${route.path}`);
      // The secret's ARN, never its value: handlers read the value at run time.
      expect((fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables.ORIGIN_SECRET_ARN).toEqual(
        { Ref: secretId },
      );
      const reads = statementsOf(fnId).filter((st) => [st.Action].flat().includes('secretsmanager:GetSecretValue'));
      // Besides, the routes that call Cognito with the caller's token read the pool firewall's pass.
      const [firewallSecretId] =
        ofType('AWS::SecretsManager::Secret').find(([id]) => id.includes('FirewallBackendSecret')) ?? [];
      const readable = [
        { Ref: secretId },
        ...((route as RouteDef).cognitoUserCalls?.length ? [{ Ref: firewallSecretId }] : []),
      ];
      expect(reads).toEqual([expect.objectContaining({ Effect: 'Allow', Action: 'secretsmanager:GetSecretValue' })]);
      expect([reads[0]?.Resource].flat()).toEqual(readable);
    }
    // Its value is resolved into CloudFront's configuration and nowhere else in the template.
    const resolutions = JSON.stringify(template.toJSON()).split(JSON.stringify(secretRef).slice(1, -1)).length - 1;
    expect(resolutions).toBe(1);
    const environments = JSON.stringify(ofType('AWS::Lambda::Function').map(([, f]) => f.Properties.Environment));
    expect(environments).not.toContain(`{"Ref":"${secretId}"},":SecretString`);
  });

  it("rotates the origin secret by the runbook's steps: the secret, then CloudFront's header of that name, with no deploy", () => {
    const runbook = readFileSync(resolve(__dirname, '../../docs/operations.md'), 'utf8');
    const section = runbook.slice(runbook.indexOf('## Origin secret'), runbook.indexOf('## Backups and restore'));
    const steps = [
      'secretsmanager put-secret-value --secret-id "$ORIGIN_SECRET_ARN"',
      `select(.HeaderName == "${ORIGIN_HEADER}")`,
      'cloudfront update-distribution',
      'cloudfront wait distribution-deployed',
    ];
    const at = steps.map((step) => section.indexOf(step));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(section).not.toMatch(/npm run deploy|cdk deploy/);
  });

  it('throttles the heavy routes below the stage default, per route', () => {
    const [, stage] = ofType('AWS::ApiGatewayV2::Stage')[0] ?? [];
    const settings = stage?.Properties.RouteSettings as Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    >;
    const keyOf = (name: RouteName) => {
      const r = routes.find((x) => x.name === name) as RouteDef;
      return `${r.method} ${r.path}`;
    };
    for (const name of Object.keys(ROUTE_THROTTLES) as RouteName[]) {
      expect(settings[keyOf(name)]).toEqual({
        ThrottlingRateLimit: ROUTE_THROTTLES[name]?.rateLimit,
        ThrottlingBurstLimit: ROUTE_THROTTLES[name]?.burstLimit,
        DetailedMetricsEnabled: true,
      });
    }
    for (const heavy of ['listClients', 'startBalancesExport', 'getStatement', 'getClientStatement'] as RouteName[]) {
      expect(settings[keyOf(heavy)]?.ThrottlingRateLimit).toBeLessThanOrEqual(API_THROTTLE.rateLimit / 5);
    }
    // The stage may only name routes that exist when it is created.
    const routeIds = ofType('AWS::ApiGatewayV2::Route').map(([id]) => id);
    expect((stage as Resource & { DependsOn?: string[] }).DependsOn).toEqual(
      expect.arrayContaining(
        routeIds.filter((id) => Object.keys(ROUTE_THROTTLES).some((n) => id.includes(`${n}Route`))),
      ),
    );
  });
});

describe('observability', () => {
  const productFunctions = () =>
    ofType('AWS::Lambda::Function').filter(([, r]) =>
      /^(GET|POST|PUT|DELETE) \/api|^Cognito|^Weekly growth|^Notifier|^Writes a balances export|^Activity sealer|^Monthly statements/.test(
        String(r.Properties.Description),
      ),
    );

  it('traces every function of the product with X-Ray', () => {
    expect(productFunctions().length).toBe(routes.length + FUNCTIONS_BESIDE_ROUTES);
    for (const [, fn] of productFunctions()) expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
  });

  it('keeps the logs of every function (the job and the money routes above all) a year or more, under the stack key', () => {
    const [keyId] = ofType('AWS::KMS::Key').find(([id]) => id.startsWith('LogsKey')) ?? [];
    const groupOf = (fn: Resource) =>
      all()[(fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref] as Resource;
    const money = (routes as readonly RouteDef[])
      .filter((r) => writesTable(r.table))
      .map((r) => `${r.method} ${r.path}`);
    expect(money.length).toBeGreaterThan(5);
    for (const [, fn] of productFunctions()) {
      expect(groupOf(fn).Properties.RetentionInDays).toBeGreaterThanOrEqual(365);
      expect(groupOf(fn).Properties.KmsKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
    }
    for (const [, group] of ofType('AWS::Logs::LogGroup'))
      expect(group.Properties.KmsKeyId).toEqual({ 'Fn::GetAtt': [keyId, 'Arn'] });
  });

  it('puts every route function in one log group, which each route may only write streams to', () => {
    const groupIdOf = (fn: Resource) => (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    const routeFunctions = (routes as readonly RouteDef[]).map((r) => functionDescribed(`${r.method} ${r.path}`));
    const groups = new Set(routeFunctions.map(([, fn]) => groupIdOf(fn)));
    expect(groups.size).toBe(1);
    const [shared] = [...groups];
    // The functions beside the routes keep groups of their own.
    for (const [id, fn] of productFunctions().filter(([id]) => !routeFunctions.some(([r]) => r === id)))
      expect({ id, shared: groupIdOf(fn) === shared }).toEqual({ id, shared: false });
    for (const [id] of routeFunctions) {
      const logs = statementsOf(id).filter((s) => [s.Action].flat().some((a) => a.startsWith('logs:')));
      expect({ id, logs: logs.map((s) => ({ action: s.Action, resource: s.Resource })) }).toEqual({
        id,
        logs: [
          {
            action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            resource: { 'Fn::GetAtt': [shared, 'Arn'] },
          },
        ],
      });
    }
  });

  const alarms = () => ofType('AWS::CloudWatch::Alarm', operations).map(([, a]) => a.Properties);
  const [topicId] = ofType('AWS::SNS::Topic', operations)[0] ?? [];

  it('alarms when the weekly job has not completed by Monday 01:00 UTC, counting silence as failure', () => {
    const silence = alarms().find((a) => a.MetricName === WEEKLY_GROWTH_COMPLETED_METRIC);
    expect(silence).toMatchObject({
      Namespace: WEEKLY_GROWTH_NAMESPACE,
      Dimensions: Object.entries(weeklyGrowthDimensions(BASE.stage)).map(([Name, Value]) => ({ Name, Value })),
      Statistic: 'Sum',
      Period: 3600,
      EvaluationPeriods: 168,
      DatapointsToAlarm: 168,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
      AlarmActions: [{ Ref: topicId }],
    });
    // Exactly a week, CloudWatch's longest window: last Monday's run leaves it at 01:00.
    expect(WEEKLY_SILENCE.period.toSeconds() * WEEKLY_SILENCE.periods).toBe(7 * 24 * 3600);
    // The job emits the stage it is told, so the alarm hears its own stage only.
    const [, job] = functionDescribed('Weekly growth: grows every due portfolio from its ledger');
    expect((job.Properties.Environment as { Variables: Record<string, unknown> }).Variables.AURUM_STAGE).toBe(
      BASE.stage,
    );
  });

  it('alarms when a weekly job step passes 95% of its timeout', () => {
    const [jobId] = functionDescribed('Weekly growth: grows every due portfolio from its ledger');
    const duration = alarms().find((a) => a.MetricName === 'Duration');
    expect(duration).toMatchObject({ Statistic: 'Maximum', Threshold: WEEKLY_JOB_TIMEOUT.toMilliseconds() * 0.95 });
    expect(portalResourceOf((duration?.Dimensions as { Name: string; Value: unknown }[])[0]?.Value)).toBe(jobId);
    expect(duration?.Threshold).toBe(285_000);
  });

  it('alarms on throttles of every function and on DynamoDB system errors', () => {
    const throttled = alarms()
      .filter((a) => a.MetricName === 'Throttles')
      .map((a) => portalResourceOf((a.Dimensions as { Value: unknown }[])[0]?.Value))
      .sort();
    expect(throttled).toEqual(
      productFunctions()
        .map(([id]) => id)
        .sort(),
    );
    const system = alarms().find((a) => JSON.stringify(a.Metrics ?? '').includes('SystemErrors'));
    const tables = (
      system?.Metrics as { MetricStat?: { Metric: { Dimensions: { Name: string; Value: unknown }[] } } }[]
    ).flatMap(
      (m) =>
        m.MetricStat?.Metric.Dimensions.filter((d) => d.Name === 'TableName').map((d) => portalResourceOf(d.Value)) ??
        [],
    );
    expect(new Set(tables)).toEqual(new Set([tableId]));
    expect(system).toMatchObject({
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      AlarmActions: [{ Ref: topicId }],
    });
  });

  it('sends every alarm to the topic, the release alarms of the portal stack by its name', () => {
    for (const a of alarms()) expect(a.AlarmActions).toEqual([{ Ref: topicId }]);
    const [, topic] = ofType('AWS::SNS::Topic', operations)[0] ?? [];
    const released = ofType('AWS::CloudWatch::Alarm').map(([, a]) => a.Properties.AlarmActions);
    expect(released.length).toBeGreaterThan(0);
    for (const actions of released)
      expect(actions).toEqual([`arn:aws:sns:${BASE.region}:${BASE.account}:${String(topic?.Properties.TopicName)}`]);
  });
});

describe('e-mail through SES when the stage names an identity', () => {
  it('uses Cognito’s own sender without one', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.absent() });
    template.resourceCountIs('AWS::SES::ConfigurationSet', 0);
  });

  it('sends from the verified identity through a configuration set of the stage', () => {
    const withSes = stageTemplates({
      ...BASE,
      ses: { fromEmail: 'no-reply@aurum.example', fromName: 'Aurum', identity: 'aurum.example' },
    }).template;
    const [setId, set] = ofType('AWS::SES::ConfigurationSet', withSes)[0] ?? [];
    expect(set?.Properties.Name).toBe('aurum-ops-cognito');
    withSes.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: {
        EmailSendingAccount: 'DEVELOPER',
        From: 'Aurum <no-reply@aurum.example>',
        SourceArn: 'arn:aws:ses:eu-west-1:333333333333:identity/aurum.example',
        ConfigurationSet: { Ref: setId },
      },
    });
  });
});

describe('files that can change are never cached for a year', () => {
  const webDist = mkdtempSync(join(tmpdir(), 'aurum-web-'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  it('uploads the documents (the shell, the prerendered pages) and the favicon (no-cache), and only assets/ immutable', () => {
    mkdirSync(join(webDist, 'assets'));
    for (const f of ['app.html', 'index.html', 'signup.html', 'favicon.svg', 'assets/app-abc.js'])
      writeFileSync(join(webDist, f), f);
    const built = synthStage(BASE, webDist);
    const deployments = ofType('Custom::CDKBucketDeployment', built.template);
    const byId = (prefix: string) => deployments.find(([id]) => id.startsWith(prefix))?.[1] as Resource;
    const staged = (d: Resource) =>
      (d.Properties.SourceObjectKeys as string[]).flatMap((k) =>
        filesUnder(join(built.app.synth().directory, `asset.${k.replace(/\.zip$/, '')}`)),
      );
    const root = byId('SiteRootDocuments');
    const assets = byId('SiteAssets');
    expect(root.Properties.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    expect(staged(root).sort()).toEqual(['app.html', 'config.json', 'favicon.svg', 'index.html', 'signup.html']);
    expect(assets.Properties.SystemMetadata).toEqual({ 'cache-control': 'public, max-age=31536000, immutable' });
    expect(assets.Properties.DestinationBucketKeyPrefix).toBe('assets/');
    expect(staged(assets)).toEqual(['app-abc.js']);
  });
});

describe('CDK feature flags and validators', () => {
  it('sets every feature flag a new CDK project gets, at its recommended value', () => {
    const recommended = JSON.parse(
      readFileSync(require.resolve('aws-cdk-lib/recommended-feature-flags.json'), 'utf8'),
    ) as Record<string, unknown>;
    const context = projectContext();
    for (const [flag, value] of Object.entries(recommended))
      expect({ flag, value: context[flag] }).toEqual({ flag, value });
  });

  it('cdk-nag finds nothing unacknowledged in any stack of a stage with Google and SES', () => {
    const full = synthStage({
      ...BASE,
      google: { clientId: 'g.apps.googleusercontent.com', clientSecretName: 'aurum/google' },
      ses: { fromEmail: 'a@aurum.example', identity: 'aurum.example' },
      alarmEmail: 'ops@aurum.example',
    });
    for (const stack of [full.portal, full.edge as Stack, full.operations, full.edgeAlarms as Stack]) {
      const result = new AwsSolutionsChecks(stack).validateScope(stack);
      expect(
        result.violations.map((v) => `${v.ruleName} at ${v.violatingResources.map((r) => r.constructPath).join(', ')}`),
      ).toEqual([]);
    }
  });
});
