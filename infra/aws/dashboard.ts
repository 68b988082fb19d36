/**
 * The stage's CloudWatch dashboard: what an operator watches during and after a release. The
 * API by route (latency p50/p99, 4xx, 5xx, and the 429s of its throttles, which API Gateway
 * counts in no metric of its own, from the access logs), every function's errors, throttles and
 * duration, DynamoDB's throttles and consumption, the weekly growth job's runs and figures, the
 * notifier's lag behind the table's stream, and both dead-letter queues. One dashboard per stage,
 * named after it (dashboard names are unique in an account).
 */
import { Duration } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Dashboard,
  GraphWidget,
  type IMetric,
  LogQueryVisualizationType,
  LogQueryWidget,
  Metric,
  TextWidget,
  type IWidget,
} from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import {
  WEEKLY_GROWTH_METRICS,
  WEEKLY_GROWTH_NAMESPACE,
  weeklyGrowthDimensions,
} from '../../lambdas/jobs/weekly-growth-metrics';
import type { RouteDef } from '../../shared/api';
import { TABLE_OPERATIONS } from './alarms';
import { routeMetric } from './route-metrics';

export interface DashboardProps {
  stage: string;
  api: IHttpApi;
  /** The route table: one line per route on each API graph. */
  routes: readonly RouteDef[];
  /** Every function of the product, by the name its alarms carry (alarms.ts). */
  functions: Record<string, IFunction>;
  table: ITable;
  weeklyGrowth: { job: IFunction; stateMachine: IStateMachine; deadLetters: IQueue };
  notifications: { notifier: IFunction; deadLetters: IQueue };
  /** The activity sealer's dead letters: records it could not seal. */
  activitySeals?: { deadLetters: IQueue };
  /** The monthly statements job's dead letters: starts and checks EventBridge could not deliver. */
  monthlyStatements?: { deadLetters: IQueue };
  /** The API's access logs (api.ts), one JSON line per request: where the 429s by route are counted. */
  accessLogs?: ILogGroup;
}

/** The weekly job runs once a week: its graphs show five weeks, a day a point. */
export const WEEKLY_VIEW = { start: '-P5W', period: Duration.days(1) };

/** The dashboard's name for a stage. */
export const dashboardName = (stage: string) => `aurum-portal-${stage}`;

const FIVE_MINUTES = Duration.minutes(5);
const FULL = 24;
const HALF = 12;
const THIRD = 8;
const HEIGHT = 7;

export class PortalDashboard extends Construct {
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: DashboardProps) {
    super(scope, id);
    this.dashboard = new Dashboard(this, 'Dashboard', { dashboardName: dashboardName(props.stage) });
    this.dashboard.addWidgets(header(props.stage));
    for (const row of [
      ...apiRows(props),
      ...functionRows(props.functions),
      tableRow(props.table),
      weeklyGrowthRow(props),
      notifierRow(props),
    ]) {
      this.dashboard.addWidgets(...row);
    }
  }
}

function graph(
  title: string,
  metrics: IMetric[],
  width = HALF,
  extra: Partial<{ start: string; period: Duration; right: IMetric[] }> = {},
): GraphWidget {
  return new GraphWidget({
    title,
    left: metrics,
    right: extra.right,
    width,
    height: HEIGHT,
    start: extra.start,
    period: extra.period,
  });
}

function header(stage: string): TextWidget {
  return new TextWidget({
    width: FULL,
    height: 2,
    markdown: [
      `# Aurum portal: ${stage}`,
      'The API by route, the functions, the table, the weekly growth job, the notifier. What each row shows and what each alarm means: docs/operations.md, "Watching a release" and "Alarms".',
    ].join('\n'),
  });
}

/** The whole API, then each route: latency p50 and p99, 4xx and 5xx, and the 429s of the throttles. */
function apiRows(props: DashboardProps): IWidget[][] {
  const { api, routes } = props;
  const byRoute = (metricName: '4xx' | '5xx' | 'Latency', statistic: string) =>
    routes.map((route) => routeMetric(api, route, metricName, { statistic }));
  const rows: IWidget[][] = [
    [
      graph('API: requests, 4xx, 5xx (whole API)', [
        api.metric('Count', { statistic: 'Sum', period: FIVE_MINUTES }),
        api.metric('4xx', { statistic: 'Sum', period: FIVE_MINUTES }),
        api.metric('5xx', { statistic: 'Sum', period: FIVE_MINUTES }),
      ]),
      graph('API: latency p50 / p99 (whole API, ms)', [
        api.metric('Latency', { statistic: 'p50', period: FIVE_MINUTES, label: 'p50' }),
        api.metric('Latency', { statistic: 'p99', period: FIVE_MINUTES, label: 'p99' }),
      ]),
    ],
    [
      graph('Latency p50 by route (ms)', byRoute('Latency', 'p50')),
      graph('Latency p99 by route (ms)', byRoute('Latency', 'p99')),
    ],
    [graph('4xx by route', byRoute('4xx', 'Sum')), graph('5xx by route', byRoute('5xx', 'Sum'))],
  ];
  if (props.accessLogs) rows.push([throttledByRoute(props.accessLogs)]);
  return rows;
}

/** The API's own throttles (stage and route limits, api.ts) answer 429 and appear only in the access logs. */
function throttledByRoute(accessLogs: ILogGroup): LogQueryWidget {
  return new LogQueryWidget({
    title: 'API throttles: 429s by route (access logs)',
    logGroupNames: [accessLogs.logGroupName],
    queryLines: [
      'fields route',
      'filter status = "429"',
      'stats count(*) as throttled by route',
      'sort throttled desc',
    ],
    view: LogQueryVisualizationType.TABLE,
    width: FULL,
    height: HEIGHT,
  });
}

/** Every function: errors, throttles (with the account's concurrency beside them), duration p99. */
function functionRows(functions: Record<string, IFunction>): IWidget[][] {
  const each = (metricOf: (fn: IFunction) => Metric) =>
    Object.entries(functions).map(([name, fn]) => metricOf(fn).with({ label: name, period: FIVE_MINUTES }));
  const concurrency = new Metric({
    namespace: 'AWS/Lambda',
    metricName: 'ConcurrentExecutions',
    statistic: 'Maximum',
    period: FIVE_MINUTES,
    label: 'account-wide concurrency',
  });
  return [
    [
      graph(
        'Lambda errors by function',
        each((fn) => fn.metricErrors({ statistic: 'Sum' })),
        THIRD,
      ),
      graph(
        'Lambda throttles by function',
        each((fn) => fn.metricThrottles({ statistic: 'Sum' })),
        THIRD,
        { right: [concurrency] },
      ),
      graph(
        'Lambda duration p99 by function (ms)',
        each((fn) => fn.metricDuration({ statistic: 'p99' })),
        THIRD,
      ),
    ],
  ];
}

/** DynamoDB: throttled requests by operation, throttle events, and the capacity consumed (what on-demand bills). */
function tableRow(table: ITable): IWidget[] {
  const sum = { statistic: 'Sum', period: FIVE_MINUTES };
  const throttledByOperation = TABLE_OPERATIONS.map((operation) =>
    table.metric('ThrottledRequests', {
      ...sum,
      dimensionsMap: { TableName: table.tableName, Operation: operation },
      label: operation,
    }),
  );
  return [
    graph('DynamoDB throttled requests by operation', throttledByOperation, THIRD),
    graph(
      'DynamoDB throttle events',
      [table.metric('ReadThrottleEvents', sum), table.metric('WriteThrottleEvents', sum)],
      THIRD,
    ),
    graph(
      'DynamoDB capacity consumed',
      [table.metricConsumedReadCapacityUnits(sum), table.metricConsumedWriteCapacityUnits(sum)],
      THIRD,
    ),
  ];
}

/** The weekly growth job: runs (completed, failed executions, dead letters), portfolios, duration. */
function weeklyGrowthRow(props: DashboardProps): IWidget[] {
  const { job, stateMachine, deadLetters } = props.weeklyGrowth;
  const week = { statistic: 'Sum', period: WEEKLY_VIEW.period };
  const figure = (metricName: string, statistic = 'Sum') =>
    new Metric({
      namespace: WEEKLY_GROWTH_NAMESPACE,
      metricName,
      dimensionsMap: weeklyGrowthDimensions(props.stage),
      statistic,
      period: WEEKLY_VIEW.period,
    });
  const view = { start: WEEKLY_VIEW.start, period: WEEKLY_VIEW.period };
  return [
    graph(
      'Weekly growth: runs',
      [
        figure(WEEKLY_GROWTH_METRICS.completed),
        stateMachine.metricSucceeded(week),
        stateMachine.metricFailed(week),
        stateMachine.metricTimedOut(week),
        stateMachine.metricAborted(week),
        deadLetters.metricApproximateNumberOfMessagesVisible({
          statistic: 'Maximum',
          period: WEEKLY_VIEW.period,
          label: 'dead letters',
        }),
      ],
      THIRD,
      view,
    ),
    graph(
      'Weekly growth: portfolios',
      [
        figure(WEEKLY_GROWTH_METRICS.portfoliosDue),
        figure(WEEKLY_GROWTH_METRICS.portfoliosUpdated),
        figure(WEEKLY_GROWTH_METRICS.portfoliosSkipped),
      ],
      THIRD,
      view,
    ),
    graph(
      'Weekly growth: duration (ms)',
      [
        figure(WEEKLY_GROWTH_METRICS.duration, 'Maximum'),
        job.metricDuration({ statistic: 'Maximum', period: WEEKLY_VIEW.period, label: 'slowest step' }),
      ],
      THIRD,
      view,
    ),
  ];
}

/** The notifier: how far behind the table's stream it runs, its failures, and what ended in a dead-letter queue. */
function notifierRow(props: DashboardProps): IWidget[] {
  const { notifier, deadLetters } = props.notifications;
  const deadLettersOf = (queue: IQueue, label: string) =>
    queue.metricApproximateNumberOfMessagesVisible({ statistic: 'Maximum', period: FIVE_MINUTES, label });
  return [
    graph(
      'Notifier lag: stream iterator age (ms)',
      [notifier.metric('IteratorAge', { statistic: 'Maximum', period: FIVE_MINUTES, label: 'oldest record' })],
      THIRD,
    ),
    graph(
      'Notifier: invocations and errors',
      [
        notifier.metricInvocations({ statistic: 'Sum', period: FIVE_MINUTES }),
        notifier.metricErrors({ statistic: 'Sum', period: FIVE_MINUTES }),
      ],
      THIRD,
    ),
    graph(
      'Dead letters',
      [
        deadLettersOf(deadLetters, 'notifier'),
        deadLettersOf(props.weeklyGrowth.deadLetters, 'weekly growth'),
        ...(props.activitySeals ? [deadLettersOf(props.activitySeals.deadLetters, 'activity sealer')] : []),
        ...(props.monthlyStatements ? [deadLettersOf(props.monthlyStatements.deadLetters, 'monthly statements')] : []),
      ],
      THIRD,
    ),
  ];
}
