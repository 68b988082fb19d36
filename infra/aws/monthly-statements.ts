/**
 * The monthly statements job: on the 1st of every month at 02:00 UTC, EventBridge starts a Step
 * Functions state machine that runs the 16 client shards in parallel, each as a loop of Lambda
 * steps with a time budget (infra/monthly-statements-flow.ts, the definition the local stack runs
 * too), writing every client's statements for the month before (and the quarter and year that
 * end with it). On the 2nd at 00:00 UTC a second rule invokes the same function's check, which
 * publishes whether a run finished the month. Its alarms (alarmOn, in the operations stack): an
 * execution failed, timed out or was aborted; no run finished the month by the 2nd; a start or a
 * check EventBridge could not deliver (kept in a dead-letter queue); a step near its timeout.
 *
 * The documents bucket's grants are not made here: ClientDocuments.allowWrite gives the job its
 * S3 and KMS rights and its DOCUMENTS_BUCKET and FIRM_DETAILS.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction, SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import {
  MONTHLY_STATEMENTS_METRICS,
  MONTHLY_STATEMENTS_NAMESPACE,
  monthlyStatementsDimensions,
} from '../../lambdas/jobs/monthly-statements-metrics';
import { STAGE_ENV } from '../../lambdas/jobs/weekly-growth-metrics';
import { MONTHLY_STATEMENTS_TABLE_USE } from '../../lambdas/table-uses';
import {
  MONTHLY_STATEMENTS_STEP_TIMEOUT_MS,
  monthlyStatementsDefinition,
  STATEMENTS_FUNCTION_ARN_SUBSTITUTION,
} from '../monthly-statements-flow';
import { deadLetterQueue } from './dead-letters';
import { logsKey } from './logs-key';
import { MONEY_LOG_RETENTION, PortalFunction } from './portal-function';

/** The 1st of every month, 02:00 UTC: `cron(0 2 1 * ? *)`. */
export const MONTHLY_SCHEDULE = { minute: '0', hour: '2', day: '1' } as const;
/** The 2nd, 00:00 UTC: 22 hours after the start, two beyond the run's own limit. */
export const MONTHLY_CHECK_SCHEDULE = { minute: '0', hour: '0', day: '2' } as const;
/** Each step's timeout: it answers a cursor with a minute of it left. */
export const MONTHLY_JOB_TIMEOUT = Duration.millis(MONTHLY_STATEMENTS_STEP_TIMEOUT_MS);
/** A step past this share of its timeout alarms: one page took the minute a step keeps in hand. */
const NEAR_TIMEOUT_SHARE = 0.95;

export class MonthlyStatements extends Construct {
  readonly job: PortalFunction;
  readonly stateMachine: StateMachine;
  readonly deadLetters: Queue;
  readonly timeout = MONTHLY_JOB_TIMEOUT;

  constructor(scope: Construct, id: string, props: { table: ITable; stage: string }) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(
      this,
      'This queue is itself the dead-letter queue of the monthly statements job.',
    );
    this.job = new PortalFunction(this, 'Job', {
      entry: 'lambdas/jobs/monthly-statements.ts',
      description: "Monthly statements: writes every client's statements for the month",
      table: props.table,
      tableUse: MONTHLY_STATEMENTS_TABLE_USE,
      logRetention: MONEY_LOG_RETENTION,
      timeout: MONTHLY_JOB_TIMEOUT,
      environment: { [STAGE_ENV]: props.stage },
      // A full vCPU (1,769 MB): making PDFs is CPU-bound, and the bench's figure per Lambda is at this size.
      memorySize: 1769,
    });

    const logs = new LogGroup(this, 'FlowLogs', { retention: MONEY_LOG_RETENTION, encryptionKey: logsKey(this) });
    this.stateMachine = new StateMachine(this, 'Flow', {
      comment: "Monthly statements: every client's statements, shard by shard",
      definitionBody: DefinitionBody.fromString(monthlyStatementsDefinition()),
      definitionSubstitutions: { [STATEMENTS_FUNCTION_ARN_SUBSTITUTION]: this.job.functionArn },
      tracingEnabled: true,
      // Every state's events; not their data.
      logs: { destination: logs, level: LogLevel.ALL, includeExecutionData: false },
    });
    this.job.grantInvoke(this.stateMachine);
    const jobArn = Stack.of(this).getLogicalId(this.job.node.defaultChild as CfnFunction);
    Validations.of(this.stateMachine).acknowledge(
      {
        id: `AwsSolutions-IAM5[Resource::<${jobArn}.Arn>:*]`,
        reason:
          "CDK's grantInvoke adds the function's versions and aliases (<arn>:*) to the one function the machine invokes.",
      },
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason:
          'X-Ray tracing and CloudWatch Logs delivery (log-delivery APIs) take no resource; Step Functions requires them on *.',
      },
    );

    new Rule(this, 'FirstOfTheMonth', {
      description: 'Monthly statements, the 1st at 02:00 UTC',
      schedule: Schedule.cron(MONTHLY_SCHEDULE),
      targets: [
        new SfnStateMachine(this.stateMachine, {
          // The scheduled time, so every retry and late start writes the same month.
          input: RuleTargetInput.fromObject({ time: EventField.time }),
          retryAttempts: 3,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: this.deadLetters,
        }),
      ],
    });
    new Rule(this, 'SecondOfTheMonth', {
      description: 'Monthly statements check: did a run finish the month? The 2nd at 00:00 UTC',
      schedule: Schedule.cron(MONTHLY_CHECK_SCHEDULE),
      targets: [
        new LambdaFunction(this.job, {
          event: RuleTargetInput.fromObject({ step: 'check', time: EventField.time }),
          retryAttempts: 3,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: this.deadLetters,
        }),
      ],
    });
  }

  /** The job's alarms, made in `scope` (the operations stack), publishing to `topic`. */
  alarmOn(scope: Construct, topic: ITopic, stage: string): void {
    const action = new SnsAction(topic);
    const period = Duration.minutes(5);
    const alarm = (id: string, alarmDescription: string, metric: Metric | MathExpression, threshold: number) =>
      new Alarm(scope, id, {
        alarmDescription,
        metric,
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }).addAlarmAction(action);
    alarm(
      'MonthlyStatementsExecutionFailed',
      'A monthly statements execution failed, timed out or was aborted: some statements may be missing (rerun the month)',
      new MathExpression({
        expression: 'failed + timedOut + aborted',
        usingMetrics: {
          failed: this.stateMachine.metricFailed({ period, statistic: 'Sum' }),
          timedOut: this.stateMachine.metricTimedOut({ period, statistic: 'Sum' }),
          aborted: this.stateMachine.metricAborted({ period, statistic: 'Sum' }),
        },
        period,
      }),
      1,
    );
    // Published by the check on the 2nd (monthly-statements-metrics.ts says why not an absence alarm).
    alarm(
      'MonthlyStatementsNotRun',
      'No monthly statements run finished last month by the 2nd at 00:00 UTC: clients have no statement (rerun the month)',
      new Metric({
        namespace: MONTHLY_STATEMENTS_NAMESPACE,
        metricName: MONTHLY_STATEMENTS_METRICS.missing,
        dimensionsMap: monthlyStatementsDimensions(stage),
        statistic: 'Maximum',
        period: Duration.hours(1),
      }),
      1,
    );
    alarm(
      'MonthlyStatementsDeadLetters',
      'A monthly statements start or check could not be delivered after its retries',
      this.deadLetters.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      1,
    );
    alarm(
      'MonthlyStatementsNearTimeout',
      `A monthly statements step took over ${NEAR_TIMEOUT_SHARE * 100}% of its timeout`,
      this.job.metricDuration({ period, statistic: 'Maximum' }),
      this.timeout.toMilliseconds() * NEAR_TIMEOUT_SHARE,
    );
  }
}
