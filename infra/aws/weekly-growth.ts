/**
 * The weekly growth job: every Monday 00:00 UTC, EventBridge starts a Step Functions state
 * machine that runs the 16 client shards in parallel, each as a loop of Lambda steps with a time
 * budget (infra/weekly-growth-flow.ts, the definition the local stack runs too). The run's wall
 * time is its slowest shard's, and no step nears Lambda's 15 minutes however large the book.
 * A failed, timed-out or aborted execution alarms (infra/aws/alarms.ts); an event the rule
 * could not deliver is kept in a dead-letter queue.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { EventField, Rule, RuleTargetInput, Schedule } from 'aws-cdk-lib/aws-events';
import { SfnStateMachine } from 'aws-cdk-lib/aws-events-targets';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { DefinitionBody, LogLevel, StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { STAGE_ENV } from '../../lambdas/jobs/weekly-growth-metrics';
import { WEEKLY_GROWTH_TABLE_USE } from '../../lambdas/table-uses';
import {
  FUNCTION_ARN_SUBSTITUTION,
  WEEKLY_GROWTH_STEP_TIMEOUT_MS,
  weeklyGrowthDefinition,
} from '../weekly-growth-flow';
import { deadLetterQueue } from './dead-letters';
import { logsKey } from './logs-key';
import { MONEY_LOG_RETENTION, PortalFunction } from './portal-function';

export const WEEKLY_SCHEDULE = { minute: '0', hour: '0', weekDay: 'MON' } as const;
/** Each step's timeout: it answers a cursor with a minute of it left (lambdas/jobs/weekly-growth.ts). */
export const WEEKLY_JOB_TIMEOUT = Duration.millis(WEEKLY_GROWTH_STEP_TIMEOUT_MS);

export class WeeklyGrowth extends Construct {
  readonly job: PortalFunction;
  readonly stateMachine: StateMachine;
  readonly deadLetters: Queue;
  readonly timeout = WEEKLY_JOB_TIMEOUT;

  constructor(scope: Construct, id: string, props: { table: ITable; stage: string }) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(this, 'This queue is itself the dead-letter queue of the weekly job.');
    this.job = new PortalFunction(this, 'Job', {
      entry: 'lambdas/jobs/weekly-growth.ts',
      description: 'Weekly growth: grows every due portfolio from its ledger',
      table: props.table,
      tableUse: WEEKLY_GROWTH_TABLE_USE,
      logRetention: MONEY_LOG_RETENTION,
      timeout: WEEKLY_JOB_TIMEOUT,
      environment: { [STAGE_ENV]: props.stage },
      memorySize: 1024,
    });

    const logs = new LogGroup(this, 'FlowLogs', { retention: MONEY_LOG_RETENTION, encryptionKey: logsKey(this) });
    this.stateMachine = new StateMachine(this, 'Flow', {
      comment: 'Weekly growth: every due portfolio, shard by shard',
      definitionBody: DefinitionBody.fromString(weeklyGrowthDefinition()),
      definitionSubstitutions: { [FUNCTION_ARN_SUBSTITUTION]: this.job.functionArn },
      tracingEnabled: true,
      // Every state's events; not their data (balances are the clients').
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

    new Rule(this, 'EveryMonday', {
      description: 'Weekly growth, Monday 00:00 UTC',
      schedule: Schedule.cron(WEEKLY_SCHEDULE),
      targets: [
        new SfnStateMachine(this.stateMachine, {
          // The scheduled time, so every retry and late start computes the same week.
          input: RuleTargetInput.fromObject({ time: EventField.time }),
          retryAttempts: 3,
          maxEventAge: Duration.hours(2),
          deadLetterQueue: this.deadLetters,
        }),
      ],
    });
  }
}
