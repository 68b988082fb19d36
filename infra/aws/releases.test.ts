/**
 * Safe releases and watching them: the stage's dashboard graphs exactly the series the runbook
 * names (the API by route, every function, the table, the weekly job, the notifier, the dead
 * letters), the stage's budget watches its own tagged costs and tells the alarm address, its
 * setting is checked by name, and the functions that move money are released by canary behind
 * an alias their route invokes, rolled back on their own alarm.
 */
import type { Template } from 'aws-cdk-lib/assertions';
import {
  WEEKLY_GROWTH_METRICS,
  WEEKLY_GROWTH_NAMESPACE,
  weeklyGrowthDimensions,
} from '../../lambdas/jobs/weekly-growth-metrics';
import { type RouteDef, routeByName, type RouteName, routes, writesTable } from '../../shared/api';
import { stages } from '../stages';
import { BUDGET_NOTICES, budgetName, DEFAULT_MONTHLY_BUDGET_DOLLARS, STAGE_TAG_KEY } from './budget';
import { dashboardName, WEEKLY_VIEW } from './dashboard';
import { CANARY_CONFIG, CANARY_ROUTES, LIVE_ALIAS, RELEASE_ALARM_PERIOD, releasedByCanary } from './releases';
import { API_STAGE_NAME } from './route-metrics';
import { resolveStage, type StageConfig, type StageSettings } from './stage-config';
import { only, type Resource, stageTemplates, synthStage, templateReader } from './test-support/template-reader';

const BASE: StageConfig = {
  stage: 'rel',
  account: '333333333333',
  region: 'eu-west-1',
  stackName: 'ReleasesTest',
  authDomainPrefix: 'aurum-rel-333333333333',
  fourEyesThresholdDollars: 10_000,
  adminDailyLimitDollars: 100_000,
  alarmEmail: 'ops@aurum.example',
  monthlyBudgetDollars: 250,
};

const main = synthStage(BASE);
const template = main.template;
/** The dashboard and the budget are the operations stack's (operations-stack.ts). */
const operations = main.operationsTemplate;
const { all, ofType, functionDescribed } = templateReader(template);

const idOf = (type: string, pick: (r: Resource) => boolean = () => true) =>
  ofType(type).find(([, r]) => pick(r))?.[0] ?? `<no ${type}>`;

// ---- The dashboard's body, read back -------------------------------------------------------

/** A token in the dashboard's JSON, written as text: `ref:<id>` or `att:<id>.<attribute>`. */
function tokenText(part: unknown): string {
  const token = part as {
    Ref?: string;
    'Fn::GetAtt'?: [string, string];
    'Fn::GetStackOutput'?: { OutputName: string };
  };
  // A name of the portal stack, read from its outputs: written as what the output holds.
  const read = token['Fn::GetStackOutput'];
  if (read) return tokenText((template.toJSON().Outputs as Record<string, { Value: unknown }>)[read.OutputName]?.Value);
  if (token.Ref) return `ref:${token.Ref}`;
  if (token['Fn::GetAtt']) return `att:${token['Fn::GetAtt'].join('.')}`;
  return `token:${JSON.stringify(part).replace(/"/g, "'")}`;
}

type Widget = {
  type: string;
  properties: {
    title?: string;
    metrics?: unknown[][];
    query?: string;
    markdown?: string;
    start?: string;
    period?: number;
  };
};
type Line = { namespace: string; name: string; dims: Record<string, string>; stat?: string; label?: string };

function widgetsOf(t: Template): Widget[] {
  const [, dashboard] = only(t, 'AWS::CloudWatch::Dashboard');
  const body = dashboard.Properties.DashboardBody as string | { 'Fn::Join': [string, unknown[]] };
  const text =
    typeof body === 'string'
      ? body
      : body['Fn::Join'][1].map((part) => (typeof part === 'string' ? part : tokenText(part))).join('');
  return (JSON.parse(text) as { widgets: Widget[] }).widgets;
}

/** The lines of a metric widget: `[namespace, name, dim, value, ..., { stat, label }]` each. */
function linesOf(widget: Widget | undefined): Line[] {
  return (widget?.properties.metrics ?? []).map((row) => {
    const options = (typeof row[row.length - 1] === 'object' ? row[row.length - 1] : {}) as {
      stat?: string;
      label?: string;
    };
    const [namespace, name, ...rest] = row.filter((cell): cell is string => typeof cell === 'string');
    const dims: Record<string, string> = {};
    for (let i = 0; i + 1 < rest.length; i += 2) dims[rest[i] as string] = rest[i + 1] as string;
    return { namespace: namespace as string, name: name as string, dims, stat: options.stat, label: options.label };
  });
}

const widgets = widgetsOf(operations);
/** The monthly statements job and its dead-letter queue, the operations stack's. */
const opsStatements = (type: string) =>
  templateReader(operations)
    .ofType(type)
    .filter(([id]) => id.startsWith('MonthlyStatements'));
const statementsJob = opsStatements('AWS::Lambda::Function');
const statementsQueues = opsStatements('AWS::SQS::Queue');
const titled = (title: string) => {
  const found = widgets.find((w) => w.properties.title === title);
  if (!found) throw new Error(`no widget titled ${title}: ${widgets.map((w) => w.properties.title).join(' | ')}`);
  return found;
};

const apiId = `ref:${idOf('AWS::ApiGatewayV2::Api')}`;

describe('the stage dashboard: the API', () => {
  it('is named after the stage, and its name and console link are outputs', () => {
    const [, dashboard] = only(operations, 'AWS::CloudWatch::Dashboard');
    expect(dashboard.Properties.DashboardName).toBe(dashboardName('rel'));
    template.hasOutput('DashboardName', {});
    const url = JSON.stringify(template.findOutputs('DashboardUrl'));
    expect(url).toContain(
      'https://eu-west-1.console.aws.amazon.com/cloudwatch/home?region=eu-west-1#dashboards/dashboard/',
    );
  });

  it.each([
    ['Latency p50 by route (ms)', 'Latency', 'p50'],
    ['Latency p99 by route (ms)', 'Latency', 'p99'],
    ['4xx by route', '4xx', 'Sum'],
    ['5xx by route', '5xx', 'Sum'],
  ])('graphs %s: one line per route of the route table, on the API stage that serves it', (title, metric, stat) => {
    const lines = linesOf(titled(title));
    expect(lines).toEqual(
      routes.map((route) => ({
        namespace: 'AWS/ApiGateway',
        name: metric,
        dims: { ApiId: apiId, Method: route.method, Resource: route.path, Stage: API_STAGE_NAME },
        stat,
        label: route.name,
      })),
    );
    const [, stage] = only(template, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.StageName).toBe(API_STAGE_NAME);
  });

  it('graphs the whole API: requests, 4xx and 5xx, and latency p50 and p99', () => {
    const totals = linesOf(titled('API: requests, 4xx, 5xx (whole API)')).map((l) => [l.name, l.dims.ApiId, l.stat]);
    expect(totals).toEqual([
      ['Count', apiId, 'Sum'],
      ['4xx', apiId, 'Sum'],
      ['5xx', apiId, 'Sum'],
    ]);
    expect(linesOf(titled('API: latency p50 / p99 (whole API, ms)')).map((l) => l.stat)).toEqual(['p50', 'p99']);
  });
});

describe('the stage dashboard: functions, table, weekly job, notifier', () => {
  it("graphs every function's errors, throttles and duration, by the names its alarms carry", () => {
    // The portal stack's functions and the operations stack's statements job.
    const productFunctions = [...ofType('AWS::Lambda::Function'), ...statementsJob]
      .filter(([, r]) => typeof r.Properties.Description === 'string')
      .map(([id]) => `ref:${id}`)
      .sort();
    for (const [title, metric, stat] of [
      ['Lambda errors by function', 'Errors', 'Sum'],
      ['Lambda throttles by function', 'Throttles', 'Sum'],
      ['Lambda duration p99 by function (ms)', 'Duration', 'p99'],
    ] as const) {
      const lines = linesOf(titled(title)).filter((l) => l.name === metric);
      expect(lines.every((l) => l.namespace === 'AWS/Lambda' && l.stat === stat)).toBe(true);
      expect(lines.map((l) => l.dims.FunctionName).sort()).toEqual(productFunctions);
    }
    const [notifierId] = functionDescribed(
      'Notifier: e-mails clients and admins about money moves and withdrawal requests, from the table stream',
    );
    expect(
      linesOf(titled('Lambda errors by function')).find((l) => l.dims.FunctionName === `ref:${notifierId}`)?.label,
    ).toBe('notifier');
    // Throttles beside the account's concurrency, which is what runs out.
    expect(
      linesOf(titled('Lambda throttles by function')).find((l) => l.name === 'ConcurrentExecutions'),
    ).toMatchObject({ dims: {}, stat: 'Maximum' });
  });

  it("graphs DynamoDB's throttled requests for every operation the code issues, and its throttle events", () => {
    const tableName = `ref:${idOf('AWS::DynamoDB::Table')}`;
    const throttled = linesOf(titled('DynamoDB throttled requests by operation'));
    expect(throttled.map((l) => [l.name, l.dims.TableName, l.dims.Operation])).toEqual(
      ['GetItem', 'Query', 'PutItem', 'UpdateItem', 'BatchWriteItem', 'TransactWriteItems'].map((op) => [
        'ThrottledRequests',
        tableName,
        op,
      ]),
    );
    expect(linesOf(titled('DynamoDB throttle events')).map((l) => l.name)).toEqual([
      'ReadThrottleEvents',
      'WriteThrottleEvents',
    ]);
  });

  it("graphs the weekly job's own figures under its stage, and its state machine's failed executions, over five weeks", () => {
    const dims = weeklyGrowthDimensions('rel');
    const figures = [
      ...linesOf(titled('Weekly growth: runs')),
      ...linesOf(titled('Weekly growth: portfolios')),
      ...linesOf(titled('Weekly growth: duration (ms)')),
    ].filter((l) => l.namespace === WEEKLY_GROWTH_NAMESPACE);
    expect(figures.map((l) => l.name).sort()).toEqual(Object.values(WEEKLY_GROWTH_METRICS).sort());
    for (const line of figures) expect(line.dims).toEqual(dims);
    const machine = `ref:${idOf('AWS::StepFunctions::StateMachine')}`;
    const runs = linesOf(titled('Weekly growth: runs')).filter((l) => l.namespace === 'AWS/States');
    expect(runs.map((l) => [l.name, l.dims.StateMachineArn])).toEqual(
      ['ExecutionsSucceeded', 'ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionsAborted'].map((n) => [n, machine]),
    );
    expect(titled('Weekly growth: runs').properties).toMatchObject({
      start: WEEKLY_VIEW.start,
      period: WEEKLY_VIEW.period.toSeconds(),
    });
  });

  it("graphs the notifier's lag behind the stream and every dead-letter queue", () => {
    const [notifierId] = functionDescribed(
      'Notifier: e-mails clients and admins about money moves and withdrawal requests, from the table stream',
    );
    expect(linesOf(titled('Notifier lag: stream iterator age (ms)'))).toEqual([
      {
        namespace: 'AWS/Lambda',
        name: 'IteratorAge',
        dims: { FunctionName: `ref:${notifierId}` },
        stat: 'Maximum',
        label: 'oldest record',
      },
    ]);
    const queues = [...ofType('AWS::SQS::Queue'), ...statementsQueues].map(([id]) => `att:${id}.QueueName`);
    const deadLetters = linesOf(titled('Dead letters'));
    expect(deadLetters.map((l) => l.name)).toEqual(queues.map(() => 'ApproximateNumberOfMessagesVisible'));
    expect(deadLetters.map((l) => l.dims.QueueName).sort()).toEqual(queues.sort());
  });
});

// ---- The budget ---------------------------------------------------------------------------

describe('the stage budget', () => {
  it("watches the month's cost of the stage's tagged resources against its setting, and e-mails the alarm address at 80% spent and 100% forecast", () => {
    const [, budget] = only(operations, 'AWS::Budgets::Budget');
    expect(budget.Properties.Budget).toEqual({
      BudgetName: 'aurum-rel-monthly',
      BudgetType: 'COST',
      TimeUnit: 'MONTHLY',
      BudgetLimit: { Amount: 250, Unit: 'USD' },
      CostFilters: { TagKeyValue: ['user:aurum:stage$rel'] },
    });
    expect(budget.Properties.NotificationsWithSubscribers).toEqual([
      {
        Notification: {
          NotificationType: 'ACTUAL',
          ComparisonOperator: 'GREATER_THAN',
          Threshold: 80,
          ThresholdType: 'PERCENTAGE',
        },
        Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@aurum.example' }],
      },
      {
        Notification: {
          NotificationType: 'FORECASTED',
          ComparisonOperator: 'GREATER_THAN',
          Threshold: 100,
          ThresholdType: 'PERCENTAGE',
        },
        Subscribers: [{ SubscriptionType: 'EMAIL', Address: 'ops@aurum.example' }],
      },
    ]);
    expect(BUDGET_NOTICES.map((n) => n.percent)).toEqual([80, 100]);
  });

  it('filters on the very tag both stacks carry (CloudFormation passes stack tags to their resources)', () => {
    for (const stack of [main.portal, main.edge, main.operations, main.edgeAlarms])
      expect(stack?.tags.tagValues()).toEqual({ [STAGE_TAG_KEY]: 'rel' });
  });

  it('is $100 when the stage names none, and without an alarm address it is kept without notices', () => {
    const { monthlyBudgetDollars: _budget, alarmEmail: _email, ...bare } = BASE;
    const [, budget] = only(
      stageTemplates({ ...bare, stage: 'bare', stackName: 'BareTest', authDomainPrefix: 'aurum-bare-333333333333' })
        .operationsTemplate,
      'AWS::Budgets::Budget',
    );
    expect((budget.Properties.Budget as { BudgetLimit: unknown }).BudgetLimit).toEqual({
      Amount: DEFAULT_MONTHLY_BUDGET_DOLLARS,
      Unit: 'USD',
    });
    expect(DEFAULT_MONTHLY_BUDGET_DOLLARS).toBe(100);
    expect(budget.Properties.NotificationsWithSubscribers).toBeUndefined();
  });

  it('gives each committed stage its own budget, by name and amount', () => {
    for (const name of Object.keys(stages)) {
      const config = resolveStage(name, stages);
      expect(config.monthlyBudgetDollars).toEqual(expect.any(Number));
      const [, budget] = only(stageTemplates(config).operationsTemplate, 'AWS::Budgets::Budget');
      expect(budget.Properties.Budget).toMatchObject({
        BudgetName: budgetName(name),
        BudgetLimit: { Amount: config.monthlyBudgetDollars, Unit: 'USD' },
      });
    }
  });
});

describe('the monthlyBudgetDollars setting', () => {
  const settings: StageSettings = { ...(stages.dev as StageSettings) };
  const withBudget = (value: unknown) =>
    resolveStage('dev', { dev: { ...settings, monthlyBudgetDollars: value as number } });

  it.each([0, -5, 12.5, '100', Number.MAX_VALUE])('refuses %p, naming the field', (value) => {
    expect(() => withBudget(value)).toThrow(/monthlyBudgetDollars: must be a whole number of dollars, more than 0/);
  });

  it('takes whole dollars, and may be left out', () => {
    expect(withBudget(1_000).monthlyBudgetDollars).toBe(1_000);
    const { monthlyBudgetDollars: _unset, ...rest } = settings;
    expect(resolveStage('dev', { dev: rest }).monthlyBudgetDollars).toBeUndefined();
  });
});

// ---- Canary releases -----------------------------------------------------------------------

const ref = (id: string) => ({ Ref: id });
const fnId = (name: RouteName) => functionDescribed(`${routeByName(name).method} ${routeByName(name).path}`)[0];
/** The release alarms publish to the operations stack's alarm topic, by its name. */
const [, alarmTopic] = only(operations, 'AWS::SNS::Topic');
const topicArn = `arn:aws:sns:${BASE.region}:${BASE.account}:${String(alarmTopic.Properties.TopicName)}`;
const [roleId] = ofType('AWS::IAM::Role').find(([, r]) =>
  JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('codedeploy.amazonaws.com'),
) ?? ['<no role>'];

/** The function itself or one of its aliases (a permission's FunctionName). */
function isOf(functionName: unknown, functionId: string): boolean {
  const target = functionName as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  if (target['Fn::GetAtt']?.[0] === functionId) return true;
  const alias = all()[target.Ref ?? ''];
  return (
    alias?.Type === 'AWS::Lambda::Alias' &&
    JSON.stringify(alias.Properties.FunctionName) === JSON.stringify(ref(functionId))
  );
}

/** The role API Gateway invokes the route functions with (api-invoke-role.ts): the only one apigateway.amazonaws.com may assume. */
const invokerRoles = ofType('AWS::IAM::Role').filter(([, r]) =>
  JSON.stringify(r.Properties.AssumeRolePolicyDocument).includes('apigateway.amazonaws.com'),
);
const [invokerId, invoker] = invokerRoles[0] ?? ['<no invoker>', undefined];
const invokerTargets = () =>
  (
    (invoker?.Properties.Policies ?? []) as {
      PolicyDocument: { Statement: { Action: unknown; Resource: unknown }[] };
    }[]
  )
    .flatMap((p) => p.PolicyDocument.Statement)
    .filter((st) => st.Action === 'lambda:InvokeFunction')
    .flatMap((st) => [st.Resource].flat());

/** The integration of a route, and what API Gateway may invoke on its function or its aliases: the invoker role's grants. */
function integrationOf(route: RouteDef, functionId: string): { uri: unknown; permissions: unknown[] } {
  const [, httpRoute] =
    ofType('AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === `${route.method} ${route.path}`) ?? [];
  const integrationId = (httpRoute?.Properties.Target as { 'Fn::Join': [string, [string, { Ref: string }]] })[
    'Fn::Join'
  ][1][1].Ref;
  const integration = all()[integrationId]?.Properties;
  expect(integration?.CredentialsArn).toEqual({ 'Fn::GetAtt': [invokerId, 'Arn'] });
  return {
    uri: integration?.IntegrationUri,
    permissions: invokerTargets().filter((target) => isOf(target, functionId)),
  };
}

describe('how API Gateway invokes the routes', () => {
  it("through one role only API Gateway assumes, granted exactly each route integration's target, and no function permission to go around it", () => {
    expect(invokerRoles).toHaveLength(1);
    const targets = invokerTargets().map((t) => JSON.stringify(t));
    const integrations = ofType('AWS::ApiGatewayV2::Integration').map(([, i]) =>
      JSON.stringify(i.Properties.IntegrationUri),
    );
    expect(new Set(targets)).toEqual(new Set(integrations));
    expect(targets).toHaveLength(routes.length);
    expect(
      ofType('AWS::Lambda::Permission').filter(([, p]) => p.Properties.Principal === 'apigateway.amazonaws.com'),
    ).toEqual([]);
    // Nothing else the role could be talked into: one action, on those targets only.
    const statements = (
      (invoker?.Properties.Policies ?? []) as { PolicyDocument: { Statement: { Action: unknown }[] } }[]
    ).flatMap((p) => p.PolicyDocument.Statement);
    expect(statements.map((st) => st.Action)).toEqual(['lambda:InvokeFunction']);
    expect(invoker?.Properties.ManagedPolicyArns).toBeUndefined();
  });
});

describe('canary releases of the money routes', () => {
  it('releases by canary the routes that change a balance or decide a request, each a route of the table that writes it', () => {
    expect([...CANARY_ROUTES].sort()).toEqual([
      'addDeposit',
      'approvePendingAction',
      'approveWithdrawalRequest',
      'cancelWithdrawalRequest',
      'processWithdrawal',
      'rejectPendingAction',
      'rejectWithdrawalRequest',
      'requestWithdrawal',
      'updateBalance',
    ]);
    for (const name of CANARY_ROUTES)
      expect({ name, writes: writesTable(routeByName(name).table) }).toEqual({ name, writes: true });
    expect(ofType('AWS::Lambda::Alias')).toHaveLength(CANARY_ROUTES.length);
    expect(ofType('AWS::CodeDeploy::DeploymentGroup')).toHaveLength(CANARY_ROUTES.length);
    expect(ofType('AWS::CodeDeploy::Application')).toHaveLength(1);
  });

  it.each(CANARY_ROUTES.map((name) => [name]))(
    '%s: its route invokes the alias live of its current version, which CodeDeploy moves 10% for 5 minutes and rolls back on its own alarm',
    (name) => {
      const route = routeByName(name);
      const functionId = fnId(name);
      const [aliasId, alias] =
        ofType('AWS::Lambda::Alias').find(
          ([, a]) => JSON.stringify(a.Properties.FunctionName) === JSON.stringify(ref(functionId)),
        ) ?? [];
      expect(alias?.Properties).toMatchObject({
        Name: LIVE_ALIAS,
        FunctionVersion: { 'Fn::GetAtt': [expect.any(String), 'Version'] },
      });
      const versionId = (alias?.Properties.FunctionVersion as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      expect(all()[versionId]).toMatchObject({
        Type: 'AWS::Lambda::Version',
        Properties: { FunctionName: ref(functionId) },
      });

      // The deployment group the alias's updates go through.
      const update = (
        alias as Resource & { UpdatePolicy?: { CodeDeployLambdaAliasUpdate: { DeploymentGroupName: { Ref: string } } } }
      ).UpdatePolicy;
      const group = all()[update?.CodeDeployLambdaAliasUpdate.DeploymentGroupName.Ref ?? '?'];
      expect(group?.Properties).toMatchObject({
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        AutoRollbackConfiguration: {
          Enabled: true,
          Events: expect.arrayContaining(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_ALARM']),
        },
        AlarmConfiguration: { Enabled: true, Alarms: [{ Name: expect.objectContaining({ Ref: expect.any(String) }) }] },
        ServiceRoleArn: { 'Fn::GetAtt': [roleId, 'Arn'] },
      });
      expect(CANARY_CONFIG.deploymentConfigName).toBe('CodeDeployDefault.LambdaCanary10Percent5Minutes');

      // Its alarm: the alias's errors and the route's 5xx, a minute at a time, told to the alarm topic too.
      const alarmId = (group?.Properties.AlarmConfiguration as { Alarms: [{ Name: { Ref: string } }] }).Alarms[0].Name
        .Ref;
      const alarm = all()[alarmId] as Resource;
      expect(alarm.Properties).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'GreaterThanOrEqualToThreshold',
        EvaluationPeriods: 1,
        TreatMissingData: 'notBreaching',
        AlarmActions: [topicArn],
      });
      const stats = (
        alarm.Properties.Metrics as {
          MetricStat?: {
            Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] };
            Period: number;
          };
        }[]
      ).flatMap((m) => (m.MetricStat ? [m.MetricStat] : []));
      expect(
        stats.map((s) => [
          s.Metric.MetricName,
          s.Period,
          Object.fromEntries(s.Metric.Dimensions.map((d) => [d.Name, d.Value])),
        ]),
      ).toEqual([
        [
          'Errors',
          RELEASE_ALARM_PERIOD.toSeconds(),
          { FunctionName: ref(functionId), Resource: { 'Fn::Join': ['', [ref(functionId), `:${LIVE_ALIAS}`]] } },
        ],
        [
          '5xx',
          60,
          {
            ApiId: ref(idOf('AWS::ApiGatewayV2::Api')),
            Method: route.method,
            Resource: route.path,
            Stage: API_STAGE_NAME,
          },
        ],
      ]);

      // The route reaches the function through the alias only, and API Gateway may invoke the alias only.
      expect(integrationOf(route, functionId)).toEqual({
        uri: ref(aliasId ?? '?'),
        permissions: [ref(aliasId ?? '?')],
      });
    },
  );

  it('leaves every other route invoking its function directly, with no alias, version or deployment group', () => {
    const others = routes.filter((route) => !releasedByCanary(route.name));
    expect(others.length + CANARY_ROUTES.length).toBe(routes.length);
    const aliased = new Set(ofType('AWS::Lambda::Alias').map(([, a]) => JSON.stringify(a.Properties.FunctionName)));
    const versioned = new Set(ofType('AWS::Lambda::Version').map(([, v]) => JSON.stringify(v.Properties.FunctionName)));
    for (const route of others) {
      const functionId = fnId(route.name);
      expect({
        route: route.name,
        aliased: aliased.has(JSON.stringify(ref(functionId))),
        versioned: versioned.has(JSON.stringify(ref(functionId))),
      }).toEqual({ route: route.name, aliased: false, versioned: false });
      expect(integrationOf(route, functionId)).toEqual({
        uri: { 'Fn::GetAtt': [functionId, 'Arn'] },
        permissions: [{ 'Fn::GetAtt': [functionId, 'Arn'] }],
      });
    }
  });
});

describe('what the canary releases rely on', () => {
  it('gives CodeDeploy a role of its own: the money aliases and the release alarms, nothing else, and no managed policy', () => {
    const role = all()[roleId] as Resource;
    expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    const statements = templateReader(template).statementsOfRole(roleId);
    const aliases = ofType('AWS::Lambda::Alias').map(([id]) => ref(id));
    const functions = CANARY_ROUTES.map((name) => ({ 'Fn::GetAtt': [fnId(name), 'Arn'] }));
    const alarms = CANARY_ROUTES.map((name) => ({
      'Fn::GetAtt': [
        `${idOf('AWS::CloudWatch::Alarm', (r) => String(r.Properties.AlarmDescription).startsWith(`${name}: its live alias`))}`,
        'Arn',
      ],
    }));
    const sorted = (values: unknown[]) => values.map((v) => JSON.stringify(v)).sort();
    expect(statements.map((s) => [s.Effect, [s.Action].flat().sort()])).toEqual([
      ['Allow', ['lambda:GetAlias', 'lambda:GetProvisionedConcurrencyConfig', 'lambda:UpdateAlias']],
      ['Allow', ['cloudwatch:DescribeAlarms']],
    ]);
    expect(sorted([statements[0]?.Resource].flat())).toEqual(sorted([...functions, ...aliases]));
    expect(sorted([statements[1]?.Resource].flat())).toEqual(sorted(alarms));
  });

  it("turns the stage's detailed metrics on for every route, those with their own throttles too", () => {
    const [, stage] = only(template, 'AWS::ApiGatewayV2::Stage');
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({ DetailedMetricsEnabled: true });
    const own = Object.values(stage.Properties.RouteSettings as Record<string, { DetailedMetricsEnabled?: boolean }>);
    expect(own.length).toBeGreaterThan(0);
    for (const settings of own) expect(settings.DetailedMetricsEnabled).toBe(true);
  });

  it("counts the API's 429s by route from its access logs on the dashboard", () => {
    const [, stage] = only(template, 'AWS::ApiGatewayV2::Stage');
    const logsId = (stage.Properties.AccessLogSettings as { DestinationArn: { 'Fn::GetAtt': [string, string] } })
      .DestinationArn['Fn::GetAtt'][0];
    const query = titled('API throttles: 429s by route (access logs)').properties.query;
    expect(query).toContain(`SOURCE 'ref:${logsId}'`);
    expect(query).toContain('filter status = "429"');
    expect(query).toContain('stats count(*) as throttled by route');
  });
});
