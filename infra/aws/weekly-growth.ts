/**
 * The weekly growth job: every Monday 00:00 UTC, retried on failure, failures kept in a
 * dead-letter queue and alarmed on.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { STAGE_ENV } from '../../lambdas/jobs/weekly-growth-metrics';
import { WEEKLY_GROWTH_TABLE_USE } from '../../lambdas/table-uses';
import { acknowledgeGuard } from './guard-rules';
import { MONEY_LOG_RETENTION, PortalFunction } from './portal-function';

export const WEEKLY_SCHEDULE = { minute: '0', hour: '0', weekDay: 'MON' } as const;
export const WEEKLY_JOB_TIMEOUT = Duration.minutes(15);

export class WeeklyGrowth extends Construct {
  readonly job: PortalFunction;
  readonly deadLetters: Queue;
  readonly timeout = WEEKLY_JOB_TIMEOUT;

  constructor(scope: Construct, id: string, props: { table: ITable; stage: string }) {
    super(scope, id);
    this.deadLetters = new Queue(this, 'DeadLetters', {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    Validations.of(this.deadLetters).acknowledge({ id: 'AwsSolutions-SQS3', reason: 'This queue is itself the dead-letter queue of the weekly job.' });
    acknowledgeGuard(this.deadLetters, { control: 'CT.SQS.PR.1', reason: 'This queue is itself the dead-letter queue of the weekly job.' });
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
    // Lambda retries a failed run twice (each redoes only what is still due), then keeps the event.
    this.job.configureAsyncInvoke({ retryAttempts: 2, maxEventAge: Duration.hours(6), onFailure: new SqsDestination(this.deadLetters) });
    new Rule(this, 'EveryMonday', {
      description: 'Weekly growth, Monday 00:00 UTC',
      schedule: Schedule.cron(WEEKLY_SCHEDULE),
      targets: [new LambdaFunction(this.job, { retryAttempts: 3, maxEventAge: Duration.hours(2), deadLetterQueue: this.deadLetters })],
    });
  }
}
