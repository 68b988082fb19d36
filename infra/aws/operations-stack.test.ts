/**
 * The stage's stacks beside the product: the portal stack keeps CloudFormation's headroom in the
 * fullest production settings, the operations stack watches it without the portal stack referring
 * back, the money routes' old versions are kept for the runbook's rollback by alias and pruned by
 * a function that may delete nothing else, and the alarms on the mail, the stream, the table and
 * the edge reach the alarm topic of their region.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Template } from 'aws-cdk-lib/assertions';
import { routeByName } from '../../shared/api';
import { SAMPLE_FIRM } from '../../shared/test-support/sample-firm';
import { stages } from '../stages';
import { alarmTopicName } from './alarm-topic';
import { CLOUDFRONT_5XX_ALARM, WAF_ALL_RULES, WAF_BLOCKS_ALARM } from './edge-alarms';
import { INLINE_GRANTS_POLICY } from './inline-grants-role';
import { CANARY_ROUTES, LIVE_ALIAS, releasedFunctionOutput } from './releases';
import { EDGE_REGION, stageStacks } from './stage';
import { resolveStage, type StageConfig } from './stage-config';
import {
  type Resource,
  stageTemplates,
  type Statement,
  synthStage,
  templateReader,
} from './test-support/template-reader';
import { PRUNE_SCHEDULE, PRUNER_DELETE_ACTION, PRUNER_DESCRIPTION, PRUNER_READ_ACTIONS } from './version-pruner';
import { NOTIFIER_LAG_ALARM, SES_REPUTATION_ALARMS, TABLE_THROTTLES_ALARM } from './watch-alarms';

/** CloudFormation's limit of resources in one stack, and the headroom the portal stack keeps for the product to grow. */
const STACK_RESOURCE_LIMIT = 500;
const PORTAL_HEADROOM = 135;

/** The fullest production stage: every optional setting on. */
const FULLEST: StageConfig = {
  ...resolveStage('prod', stages),
  production: true,
  alarmEmail: 'ops@aurum-capital.com',
  google: { clientId: 'x.apps.googleusercontent.com', clientSecretName: 'aurum/prod/google' },
  ses: { fromEmail: 'no-reply@aurum-capital.com', identity: 'aurum-capital.com' },
  domain: { name: 'portal.aurum-capital.com', hostedZoneId: 'Z0123456789ABCDEFGHIJ', zoneName: 'aurum-capital.com' },
  backupCopy: { vaultArn: 'arn:aws:backup:eu-west-1:333344445555:backup-vault:copies' },
  firm: SAMPLE_FIRM,
  fundingInstructions: ['Aurum Capital Ltd', 'IBAN GB00 AURM 0000 0000 0000 00', 'Reference: your client number'],
};

const fullest = synthStage(FULLEST);
const resourceCount = (t: Template) => Object.keys(t.toJSON().Resources as object).length;

describe('headroom', () => {
  it(`leaves at least ${PORTAL_HEADROOM} of CloudFormation's ${STACK_RESOURCE_LIMIT} resources free in the portal stack of the fullest production stage`, () => {
    const counts = {
      portal: resourceCount(fullest.template),
      operations: resourceCount(fullest.operationsTemplate),
      edge: resourceCount(fullest.edgeTemplate as Template),
      edgeAlarms: resourceCount(fullest.edgeAlarmsTemplate as Template),
    };
    console.log(
      `resources of the fullest production stage: ${JSON.stringify(counts)}; free in the portal stack: ${STACK_RESOURCE_LIMIT - counts.portal}`,
    );
    expect(STACK_RESOURCE_LIMIT - counts.portal).toBeGreaterThanOrEqual(PORTAL_HEADROOM);
    for (const count of Object.values(counts)) expect(count).toBeLessThan(STACK_RESOURCE_LIMIT - PORTAL_HEADROOM);
  });

  it("puts each function's grants in its role, not in a policy resource of their own", () => {
    const { ofType, all } = templateReader(fullest.template);
    const fnRoles = ofType('AWS::Lambda::Function').map(
      ([, fn]) => (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0],
    );
    const policies = ofType('AWS::IAM::Policy').flatMap(([, p]) =>
      (p.Properties.Roles as { Ref: string }[]).map((r) => r.Ref),
    );
    const ours = fnRoles.filter((id) =>
      ((all()[id]?.Properties.Policies ?? []) as { PolicyName: string }[]).some(
        (p) => p.PolicyName === INLINE_GRANTS_POLICY,
      ),
    );
    expect(ours.length).toBe(fnRoles.filter((id) => !id.startsWith('CustomCDKBucketDeployment')).length);
    expect(ours.length).toBeGreaterThanOrEqual(40);
    // Only the two policies a function must not wait on (portal-stack.ts) are resources of their own.
    const attached = ours.filter((id) => policies.includes(id)).map((id) => all()[id]?.Properties.Description);
    expect(attached.sort()).toEqual([
      'Cognito post-confirmation: creates the client profile and portfolio; after a password reset, ends every session',
      "Cognito pre token generation: the ID token carries the client profile's names; an admin made outside the product is recorded",
    ]);
  });
});

describe('the stacks of a stage', () => {
  it('deploys the edge, the portal, then what watches it; the portal stack waits on nothing of the operations stack', () => {
    const ids = (deps: { stackName: string }[]) => deps.map((d) => d.stackName);
    expect(ids(fullest.portal.dependencies)).toEqual(['AurumPortal-prod-Edge']);
    expect(ids(fullest.operations.dependencies)).toEqual(['AurumPortal-prod']);
    expect(ids(fullest.edgeAlarms?.dependencies ?? [])).toEqual(['AurumPortal-prod']);
    expect(stageStacks(FULLEST)).toEqual([
      { name: 'AurumPortal-prod-Edge', region: EDGE_REGION },
      { name: 'AurumPortal-prod', region: 'eu-west-1' },
      { name: 'AurumPortal-prod-Operations', region: 'eu-west-1' },
      { name: 'AurumPortal-prod-EdgeAlarms', region: EDGE_REGION },
    ]);
    const built = [fullest.edge, fullest.portal, fullest.operations, fullest.edgeAlarms].map((s) => ({
      name: s?.stackName,
      region: s?.region,
    }));
    expect(built).toEqual(stageStacks(FULLEST));
    // A stage in us-east-1 has neither edge stack.
    expect(stageStacks({ stackName: 'East', region: EDGE_REGION }).map((s) => s.name)).toEqual([
      'East',
      'East-Operations',
    ]);
  });

  it('reads the portal stack through its outputs (Fn::GetStackOutput), never an export that would pin them', () => {
    for (const t of [fullest.template, fullest.operationsTemplate, fullest.edgeAlarmsTemplate as Template]) {
      const text = JSON.stringify(t.toJSON());
      expect(text).not.toContain('Fn::ImportValue');
      expect(JSON.stringify(t.toJSON().Outputs ?? {})).not.toContain('"Export"');
    }
    expect(JSON.stringify(fullest.operationsTemplate.toJSON())).toContain(
      '"Fn::GetStackOutput":{"StackName":"AurumPortal-prod","Region":"eu-west-1"',
    );
    // CloudFormation allows 200 outputs a stack: each read is one.
    expect(Object.keys(fullest.template.toJSON().Outputs).length).toBeLessThan(150);
  });

  it('protects every stack of a production stage from deletion', () => {
    for (const stack of [fullest.edge, fullest.portal, fullest.operations, fullest.edgeAlarms])
      expect([stack?.stackName, stack?.terminationProtection]).toEqual([stack?.stackName, true]);
  });
});

// ---- Rollback by alias, and the pruner ---------------------------------------------------

const portal = templateReader(fullest.template);
const canaryFunctionId = (name: string) =>
  portal.functionDescribed(`${routeByName(name as never).method} ${routeByName(name as never).path}`)[0];

describe('rollback by alias', () => {
  it("keeps every money route's version when a deploy replaces it (the version resource is retained)", () => {
    const versions = portal.ofType('AWS::Lambda::Version');
    expect(versions).toHaveLength(CANARY_ROUTES.length);
    for (const [id, version] of versions) {
      expect({ id, deletion: version.DeletionPolicy, replace: version.UpdateReplacePolicy }).toEqual({
        id,
        deletion: 'RetainExceptOnCreate',
        replace: 'Retain',
      });
    }
    expect(versions.map(([, v]) => JSON.stringify(v.Properties.FunctionName)).sort()).toEqual(
      CANARY_ROUTES.map((name) => JSON.stringify({ Ref: canaryFunctionId(name) })).sort(),
    );
  });

  it("runs the runbook's rollback with names the template has: each money route's function output, its alias live, a version kept", () => {
    const runbook = readFileSync(resolve(__dirname, '../../docs/operations.md'), 'utf8');
    const section = runbook.slice(
      runbook.indexOf('### Rolling back a release'),
      runbook.indexOf('### Once, for the deploy that names the backup vault'),
    );
    const outputKey = /OutputKey=='\$\{ROUTE\}(\w+)'/.exec(section)?.[1];
    expect(outputKey).toBe(releasedFunctionOutput(''));
    const update = /aws lambda update-alias --function-name "\$FN" --name (\w+) --function-version "\$PREVIOUS"/.exec(
      section,
    );
    expect(update?.[1]).toBe(LIVE_ALIAS);
    expect(section).toContain('aws lambda list-versions-by-function --function-name "$FN"');
    // The routes it may be run for are the canary routes, each with an output naming its function and an alias of that name.
    expect(section).toContain(`ROUTE=${CANARY_ROUTES[0]}`);
    const outputs = fullest.template.toJSON().Outputs as Record<string, { Value: unknown }>;
    const aliases = portal.ofType('AWS::Lambda::Alias');
    for (const route of CANARY_ROUTES) {
      const functionId = canaryFunctionId(route);
      expect({ route, output: outputs[`${route}${outputKey}`]?.Value }).toEqual({ route, output: { Ref: functionId } });
      const alias = aliases.find(
        ([, a]) => JSON.stringify(a.Properties.FunctionName) === JSON.stringify({ Ref: functionId }),
      );
      expect(alias?.[1].Properties.Name).toBe(LIVE_ALIAS);
      // The version it points to is kept when the next deploy replaces it: that is the runbook's $PREVIOUS then.
      const versionId = (alias?.[1].Properties.FunctionVersion as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(portal.all()[versionId]).toMatchObject({
        Type: 'AWS::Lambda::Version',
        DeletionPolicy: 'RetainExceptOnCreate',
      });
    }
  });
});

describe('the version pruner', () => {
  const ops = templateReader(fullest.operationsTemplate);
  const [prunerId, pruner] = ops.functionDescribed(PRUNER_DESCRIPTION);
  const canaryNames = CANARY_ROUTES.map((name) => canaryFunctionId(name));
  /** An output of the portal stack read by Fn::GetStackOutput, as the id of the resource it names. */
  const readOf = (value: unknown): string => {
    const output = (value as { 'Fn::GetStackOutput'?: { OutputName: string } })['Fn::GetStackOutput']?.OutputName ?? '';
    const found = (
      fullest.template.toJSON().Outputs as Record<string, { Value: { Ref?: string; 'Fn::GetAtt'?: [string, string] } }>
    )[output]?.Value;
    return found?.Ref ?? found?.['Fn::GetAtt']?.[0] ?? `<not an output: ${JSON.stringify(value)}>`;
  };
  const arnOf = (resource: unknown): string => {
    const join = (resource as { 'Fn::Join'?: [string, unknown[]] })['Fn::Join'];
    return join ? `${readOf(join[1][0])}${join[1].slice(1).join('')}` : readOf(resource);
  };

  it('is given exactly the money routes’ functions', () => {
    const env = (pruner.Properties.Environment as { Variables: Record<string, unknown> }).Variables
      .PRUNED_FUNCTIONS as { 'Fn::Join': [string, unknown[]] };
    const named = env['Fn::Join'][1].filter((part) => typeof part !== 'string').map(readOf);
    expect(named.sort()).toEqual([...canaryNames].sort());
  });

  it('runs daily at 04:00 UTC', () => {
    const rules = ops
      .ofType('AWS::Events::Rule')
      .filter(([, r]) => JSON.stringify(r.Properties.Targets).includes(prunerId));
    expect(rules.map(([, r]) => [r.Properties.ScheduleExpression, r.Properties.State])).toEqual([
      [`cron(${PRUNE_SCHEDULE.minute} ${PRUNE_SCHEDULE.hour} * * ? *)`, 'ENABLED'],
    ]);
  });

  it('may list those functions’ versions and aliases and delete their versions, and nothing else: never a function itself', () => {
    const lambdaStatements = ops
      .statementsOf(prunerId)
      .filter((s: Statement) => [s.Action].flat().some((a) => a.startsWith('lambda:')));
    expect(lambdaStatements.map((s) => [s.Effect, [s.Action].flat().sort()])).toEqual([
      ['Allow', [...PRUNER_READ_ACTIONS].sort()],
      ['Allow', [PRUNER_DELETE_ACTION]],
    ]);
    const [read, remove] = lambdaStatements;
    expect([read?.Resource].flat().map(arnOf).sort()).toEqual([...canaryNames].sort());
    expect([remove?.Resource].flat().map(arnOf).sort()).toEqual(canaryNames.map((id) => `${id}:*`).sort());
    // Nothing else of Lambda's anywhere in its role; no wildcard but those versions and X-Ray's (cdk-nag's IAM5 is acknowledged on the role for them).
    const allowed = ops.statementsOf(prunerId).filter((s) => s.Effect === 'Allow');
    expect(
      allowed
        .flatMap((s) => [s.Action].flat())
        .filter((a) => a.startsWith('lambda:'))
        .sort(),
    ).toEqual([...PRUNER_READ_ACTIONS, PRUNER_DELETE_ACTION].sort());
    const wildcards = allowed
      .filter((s) => JSON.stringify(s.Resource).includes('*'))
      .map((s) => [s.Action].flat().sort().join(' '));
    expect(wildcards.sort()).toEqual([PRUNER_DELETE_ACTION, 'xray:PutTelemetryRecords xray:PutTraceSegments']);
  });
});

// ---- The alarms on the mail, the stream, the table and the edge --------------------------------

type AlarmProps = Resource['Properties'] & {
  AlarmActions?: unknown[];
  Metrics?: {
    Id: string;
    Expression?: string;
    MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions?: { Name: string; Value: unknown }[] } };
  }[];
};
const alarmsOf = (t: Template) =>
  templateReader(t)
    .ofType('AWS::CloudWatch::Alarm')
    .map(([id, a]) => [id, a.Properties as AlarmProps] as const);
const topicOf = (t: Template) => {
  const topics = templateReader(t).ofType('AWS::SNS::Topic');
  expect(topics).toHaveLength(1);
  return topics[0] as [string, Resource];
};

describe('alarms of the operations stack', () => {
  const alarms = alarmsOf(fullest.operationsTemplate);
  const [topicId, topic] = topicOf(fullest.operationsTemplate);
  const described = (start: string) => alarms.find(([, a]) => String(a.AlarmDescription).startsWith(start))?.[1];

  it('sends every alarm to the topic named for the stage, which the release alarms of the portal stack name too', () => {
    expect(topic.Properties.TopicName).toBe(alarmTopicName('prod'));
    expect(alarms.length).toBeGreaterThan(90);
    for (const [id, alarm] of alarms)
      expect({ id, actions: alarm.AlarmActions }).toEqual({ id, actions: [{ Ref: topicId }] });
    const release = alarmsOf(fullest.template);
    expect(release).toHaveLength(CANARY_ROUTES.length);
    for (const [, alarm] of release)
      expect(JSON.stringify(alarm.AlarmActions)).toContain(
        `:sns:eu-west-1:${FULLEST.account}:${alarmTopicName('prod')}`,
      );
  });

  it("alarms when the notifier falls ten minutes behind the table's stream, twice in a row", () => {
    const notifierId = portal.functionDescribed(
      'Notifier: e-mails clients and admins about money moves and withdrawal requests, from the table stream',
    )[0];
    const lag = alarms.find(([, a]) => a.MetricName === 'IteratorAge')?.[1];
    expect(lag).toMatchObject({
      Namespace: 'AWS/Lambda',
      Statistic: 'Maximum',
      Period: 300,
      Threshold: NOTIFIER_LAG_ALARM.threshold.toMilliseconds(),
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      TreatMissingData: 'notBreaching',
    });
    expect(lag?.Threshold).toBe(600_000);
    const fn = (lag?.Dimensions as { Name: string; Value: { 'Fn::GetStackOutput': { OutputName: string } } }[])[0];
    expect(fn?.Name).toBe('FunctionName');
    expect(
      (fullest.template.toJSON().Outputs as Record<string, { Value: unknown }>)[
        fn?.Value['Fn::GetStackOutput'].OutputName ?? ''
      ]?.Value,
    ).toEqual({ Ref: notifierId });
  });

  it("alarms on the table's throttled reads and writes", () => {
    const throttles = described('DynamoDB throttled');
    const names = (throttles?.Metrics ?? []).flatMap((m) =>
      m.MetricStat ? [[m.MetricStat.Metric.Namespace, m.MetricStat.Metric.MetricName]] : [],
    );
    expect(names).toEqual([
      ['AWS/DynamoDB', 'ReadThrottleEvents'],
      ['AWS/DynamoDB', 'WriteThrottleEvents'],
    ]);
    expect(throttles).toMatchObject({
      Threshold: TABLE_THROTTLES_ALARM.threshold,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    });
  });

  it("alarms on SES's bounce rate at 5% and complaint rate at 0.1% when the stage sends through SES, and not without", () => {
    const ses = alarms
      .filter(([, a]) => a.Namespace === 'AWS/SES')
      .map(([, a]) => [a.MetricName, a.Threshold, a.Statistic]);
    expect(ses).toEqual([
      ['Reputation.BounceRate', 0.05, 'Maximum'],
      ['Reputation.ComplaintRate', 0.001, 'Maximum'],
    ]);
    expect(SES_REPUTATION_ALARMS.map((a) => a.metricName)).toEqual([
      'Reputation.BounceRate',
      'Reputation.ComplaintRate',
    ]);
    const { ses: _ses, ...withoutSes } = FULLEST;
    expect(
      alarmsOf(stageTemplates(withoutSes).operationsTemplate).filter(([, a]) => a.Namespace === 'AWS/SES'),
    ).toEqual([]);
  });
});

describe('alarms on the edge (us-east-1)', () => {
  const distributionOutput = () => {
    const [distributionId] = portal.ofType('AWS::CloudFront::Distribution')[0] ?? [];
    return distributionId;
  };
  const webAclMetricName = (t: Template) => {
    const [, acl] =
      templateReader(t)
        .ofType('AWS::WAFv2::WebACL')
        .find(([, a]) => a.Properties.Scope === 'CLOUDFRONT') ?? [];
    return (acl?.Properties.VisibilityConfig as { MetricName: string }).MetricName;
  };

  function checkEdgeAlarms(t: Template, acl: string, distribution: (value: unknown) => boolean) {
    const alarms = alarmsOf(t);
    const [topicId] = topicOf(t);
    const cdn = alarms.find(([id]) => id.startsWith('EdgeAlarmsCloudFront5xxRate'))?.[1];
    expect(cdn?.Metrics?.find((m) => m.Expression)?.Expression).toBe(
      `IF(requests >= ${CLOUDFRONT_5XX_ALARM.minimumRequests}, errorRate, 0)`,
    );
    const stats = (cdn?.Metrics ?? []).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric] : []));
    expect(stats.map((m) => [m.Namespace, m.MetricName])).toEqual([
      ['AWS/CloudFront', 'Requests'],
      ['AWS/CloudFront', '5xxErrorRate'],
    ]);
    for (const m of stats) {
      const dims = Object.fromEntries((m.Dimensions ?? []).map((d) => [d.Name, d.Value]));
      expect(dims.Region).toBe('Global');
      expect(distribution(dims.DistributionId)).toBe(true);
    }
    expect(cdn).toMatchObject({ Threshold: CLOUDFRONT_5XX_ALARM.percent, AlarmActions: [{ Ref: topicId }] });
    const waf = alarms.find(([id]) => id.startsWith('EdgeAlarmsWafBlockedRequests'))?.[1];
    expect(waf).toMatchObject({
      Namespace: 'AWS/WAFV2',
      MetricName: 'BlockedRequests',
      Dimensions: [
        { Name: 'Rule', Value: WAF_ALL_RULES },
        { Name: 'WebACL', Value: acl },
      ],
      Statistic: 'Sum',
      Threshold: WAF_BLOCKS_ALARM.threshold,
      AlarmActions: [{ Ref: topicId }],
    });
  }

  it("outside us-east-1: in their own stack there, on the portal stack's distribution and the edge stack's web ACL, with a topic there", () => {
    const edgeAlarms = fullest.edgeAlarmsTemplate as Template;
    expect(fullest.edgeAlarms?.region).toBe(EDGE_REGION);
    const reads = (value: unknown) => {
      const read = (value as { 'Fn::GetStackOutput'?: { StackName: string; Region: string; OutputName: string } })[
        'Fn::GetStackOutput'
      ];
      const output = (fullest.template.toJSON().Outputs as Record<string, { Value: unknown }>)[read?.OutputName ?? ''];
      return (
        read?.StackName === 'AurumPortal-prod' &&
        read.Region === 'eu-west-1' &&
        JSON.stringify(output?.Value) === JSON.stringify({ Ref: distributionOutput() })
      );
    };
    checkEdgeAlarms(edgeAlarms, webAclMetricName(fullest.edgeTemplate as Template), reads);
    expect(topicOf(edgeAlarms)[1].Properties).toMatchObject({ TopicName: alarmTopicName('prod') });
    edgeAlarms.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: FULLEST.alarmEmail });
    expect(alarmsOf(fullest.operationsTemplate).filter(([id]) => id.startsWith('EdgeAlarms'))).toEqual([]);
  });

  it('in us-east-1: in the operations stack, on the web ACL the portal stack makes', () => {
    const east = stageTemplates({ ...FULLEST, region: EDGE_REGION });
    expect(east.edgeAlarmsTemplate).toBeUndefined();
    const reads = (value: unknown) => JSON.stringify(value).includes('Fn::GetStackOutput');
    checkEdgeAlarms(east.operationsTemplate, webAclMetricName(east.template), reads);
  });
});

describe('the runbook on these alarms', () => {
  const runbook = readFileSync(resolve(__dirname, '../../docs/operations.md'), 'utf8');
  const table = runbook.slice(runbook.indexOf('## Alarms'), runbook.indexOf('### The activity log was tampered with'));
  const ids = [fullest.operationsTemplate, fullest.edgeAlarmsTemplate as Template].flatMap((t) =>
    alarmsOf(t).map(([id]) => id),
  );

  it.each([
    'NotifierIteratorAge',
    'TableThrottles',
    'SesBounceRate',
    'SesComplaintRate',
    'CloudFront5xxRate',
    'WafBlockedRequests',
    'VersionPrunerFailed',
  ])('says what %s means and what to check first, and the alarm carries that name', (name) => {
    expect(table).toMatch(new RegExp(`^\\| [^|]*\`${name}\``, 'm'));
    expect(ids.filter((id) => id.includes(name))).toHaveLength(1);
  });
});
