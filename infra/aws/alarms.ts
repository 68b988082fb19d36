/**
 * Alarms an operator is told about: API 5xx, any Lambda error or throttle, DynamoDB system
 * errors and throttles, anything in the job's dead-letter queue, a job run near its timeout, the
 * notifier falling behind the table's stream, SES's bounce and complaint rates, and silence: the
 * weekly job not having completed by Monday 01:00 UTC. They live in the operations stack
 * (operations-stack.ts) and publish to its alarm topic (alarm-topic.ts).
 */
import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import {
  Alarm,
  ComparisonOperator,
  type IMetric,
  MathExpression,
  Metric,
  TreatMissingData,
} from 'aws-cdk-lib/aws-cloudwatch';
import { type ITable, Operation } from 'aws-cdk-lib/aws-dynamodb';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import {
  WEEKLY_GROWTH_COMPLETED_METRIC,
  WEEKLY_GROWTH_NAMESPACE,
  weeklyGrowthDimensions,
} from '../../lambdas/jobs/weekly-growth-metrics';
import type { WeeklyGrowth } from './weekly-growth';
import type { Notifications } from './notifications';
import { notifierLagAlarm, sesReputationAlarms, tableThrottlesAlarm } from './watch-alarms';

/**
 * The job runs Monday 00:00 UTC. 168 one-hour periods are exactly a week (CloudWatch's longest
 * look-back): the previous Monday's data point leaves the window at 01:00, so unless this
 * Monday's run has completed by then, every period is empty, and empty counts as breaching.
 */
export const WEEKLY_SILENCE = { period: Duration.hours(1), periods: 168 };

/** Every DynamoDB operation the code issues (CloudWatch alarms take at most 10 metrics). */
export const TABLE_OPERATIONS = [
  Operation.GET_ITEM,
  Operation.QUERY,
  Operation.PUT_ITEM,
  Operation.UPDATE_ITEM,
  Operation.BATCH_WRITE_ITEM,
  Operation.TRANSACT_WRITE_ITEMS,
];

/** Share of the job's timeout after which a run is alarmed on as about to hit the wall. */
/** A weekly job step answers a cursor with a minute of its 5 left (80%): past 95%, one page took that minute. */
export const JOB_DURATION_ALARM_SHARE = 0.95;

export interface AlarmsProps {
  api: HttpApi;
  table: ITable;
  functions: Record<string, IFunction>;
  weeklyGrowth: Pick<WeeklyGrowth, 'job' | 'stateMachine' | 'deadLetters' | 'timeout'>;
  /** The notifier's dead letters: notifications that could not be sent after their retries. */
  notifications: Pick<Notifications, 'deadLetters' | 'notifier'>;
  /** The stage: the weekly job's metric carries it as a dimension. */
  stage: string;
  /** Where every alarm publishes (alarm-topic.ts). */
  topic: ITopic;
  /** Whether the stage sends through SES (its `ses` setting): only then are SES's reputation rates watched. */
  sendsThroughSes: boolean;
}

export class PortalAlarms extends Construct {
  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    const action = new SnsAction(props.topic);
    // These fire on one breaching 5-minute period and stay quiet without data.
    const alarm = (id: string, alarmDescription: string, metric: IMetric, threshold: number) =>
      new Alarm(this, id, {
        alarmDescription,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);

    alarm(
      'Api5xx',
      'The API answered 5xx',
      props.api.metricServerError({ period: Duration.minutes(5), statistic: 'Sum' }),
      5,
    );
    for (const [name, fn] of Object.entries(props.functions)) {
      alarm(`${name}Errors`, `${name} failed`, fn.metricErrors({ period: Duration.minutes(5), statistic: 'Sum' }), 1);
      alarm(
        `${name}Throttles`,
        `${name} was throttled (concurrency limit reached)`,
        fn.metricThrottles({ period: Duration.minutes(5), statistic: 'Sum' }),
        1,
      );
    }
    alarm(
      'TableSystemErrors',
      'DynamoDB answered the table with system errors (HTTP 500)',
      props.table.metricSystemErrorsForOperations({ period: Duration.minutes(5), operations: TABLE_OPERATIONS }),
      1,
    );
    const growth = props.weeklyGrowth;
    alarm(
      'WeeklyGrowthDeadLetters',
      'A weekly growth start could not be delivered to its state machine after its retries',
      growth.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      1,
    );
    // The run's execution: a failed portfolio fails it (after the run is recorded), as does a step out of retries.
    const period = Duration.minutes(5);
    alarm(
      'WeeklyGrowthExecutionFailed',
      'A weekly growth execution failed, timed out or was aborted: some portfolios may not have grown',
      new MathExpression({
        expression: 'failed + timedOut + aborted',
        usingMetrics: {
          failed: growth.stateMachine.metricFailed({ period, statistic: 'Sum' }),
          timedOut: growth.stateMachine.metricTimedOut({ period, statistic: 'Sum' }),
          aborted: growth.stateMachine.metricAborted({ period, statistic: 'Sum' }),
        },
        period,
      }),
      1,
    );
    alarm(
      'NotifierDeadLetters',
      'Notifications could not be sent after their retries (the money moves stand; see the runbook)',
      props.notifications.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      1,
    );
    alarm(
      'WeeklyGrowthNearTimeout',
      `A weekly growth step took over ${JOB_DURATION_ALARM_SHARE * 100}% of its timeout`,
      growth.job.metricDuration({ period: Duration.minutes(5), statistic: 'Maximum' }),
      growth.timeout.toMilliseconds() * JOB_DURATION_ALARM_SHARE,
    );
    new Alarm(this, 'WeeklyGrowthNotRun', {
      alarmDescription:
        'The weekly growth job has not completed since last Monday 01:00 UTC: portfolios were not grown',
      metric: new Metric({
        namespace: WEEKLY_GROWTH_NAMESPACE,
        metricName: WEEKLY_GROWTH_COMPLETED_METRIC,
        dimensionsMap: weeklyGrowthDimensions(props.stage),
        statistic: 'Sum',
        period: WEEKLY_SILENCE.period,
      }),
      threshold: 1,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: WEEKLY_SILENCE.periods,
      datapointsToAlarm: WEEKLY_SILENCE.periods,
      treatMissingData: TreatMissingData.BREACHING,
    }).addAlarmAction(action);
    notifierLagAlarm(this, props.notifications.notifier).addAlarmAction(action);
    tableThrottlesAlarm(this, props.table).addAlarmAction(action);
    if (props.sendsThroughSes) for (const ses of sesReputationAlarms(this)) ses.addAlarmAction(action);
  }
}
