/**
 * The activity sealer (lambdas/jobs/activity-sealer.ts) on the table's stream: every write of an
 * ACTIVITY# item, and nothing else, reaches it. It alone may write the seal keys, and only them
 * (activity-seal-items.ts, portal-function.ts). A change or removal of an entry counts in the
 * ActivityTampered metric, which alarms at once; records it could not seal after its retries go
 * to a dead-letter queue, alarmed on too (their entries show as unsealed when the log is checked).
 */
import { Duration } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import {
  ACTIVITY_SEALER_NAMESPACE,
  ACTIVITY_TAMPERED_METRIC,
  activitySealerDimensions,
} from '../../lambdas/jobs/activity-sealer-metrics';
import { STAGE_ENV } from '../../lambdas/jobs/weekly-growth-metrics';
import { activityKeys } from '../../lambdas/lib/data/table';
import { ACTIVITY_SEALER_TABLE_USE } from '../../lambdas/table-uses';
import { ACTIVITY_SEALER_NAME } from './activity-seal-items';
import { deadLetterQueue } from './dead-letters';
import { PortalFunction } from './portal-function';

/** Stream retries of a batch before its records go to the dead letters (a lost race for the head is retried inside). */
export const SEALER_RETRY_ATTEMPTS = 10;

export const SEALER_DESCRIPTION =
  "Activity sealer: chains each activity entry into its month's seals from the table stream, and reports any change of one";

export interface ActivitySealerProps {
  table: ITable;
  stage: string;
}

export class ActivitySealer extends Construct {
  readonly sealer: PortalFunction;
  readonly deadLetters: Queue;

  constructor(scope: Construct, id: string, props: ActivitySealerProps) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(this, "This queue is itself the activity sealer's dead-letter destination.");
    this.sealer = new PortalFunction(this, ACTIVITY_SEALER_NAME, {
      entry: 'lambdas/jobs/activity-sealer.ts',
      description: SEALER_DESCRIPTION,
      table: props.table,
      tableUse: ACTIVITY_SEALER_TABLE_USE,
      sealsOnly: true,
      timeout: Duration.seconds(30),
      environment: { [STAGE_ENV]: props.stage },
    });
    if (!props.table.tableStreamArn)
      throw new Error('the table needs a stream with new images for the activity sealer');
    this.sealer.addEventSource(
      new DynamoEventSource(props.table, {
        // From the oldest record the stream holds: no entry written before the mapping existed goes unsealed.
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: 25,
        reportBatchItemFailures: true,
        retryAttempts: SEALER_RETRY_ATTEMPTS,
        onFailure: new SqsDlq(this.deadLetters),
        // Every event of an activity entry (INSERT to seal, MODIFY and REMOVE to report); never its own seal writes.
        filters: [
          FilterCriteria.filter({ dynamodb: { Keys: { PK: { S: FilterRule.beginsWith(activityKeys.prefix) } } } }),
        ],
      }),
    );
  }

  /** Its alarms on the stage's topic, made in `scope` (the operations stack): any tampering at once, and any record left unsealed. */
  alarmOn(scope: Construct, topic: ITopic, stage: string): void {
    const action = new SnsAction(topic);
    new Alarm(scope, 'ActivityTampered', {
      alarmDescription:
        'An activity log entry was changed or removed: see the runbook (docs/operations.md, "The activity log was tampered with")',
      metric: new Metric({
        namespace: ACTIVITY_SEALER_NAMESPACE,
        metricName: ACTIVITY_TAMPERED_METRIC,
        dimensionsMap: activitySealerDimensions(stage),
        statistic: 'Sum',
        period: Duration.minutes(1),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);
    new Alarm(scope, 'SealerDeadLetters', {
      alarmDescription:
        'Activity entries could not be sealed after their retries: they show as unsealed in verify-activity',
      metric: this.deadLetters.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }).addAlarmAction(action);
  }
}
