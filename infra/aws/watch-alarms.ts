/**
 * The alarms on what runs behind the requests: the notifier falling behind the table's stream,
 * the table throttling, and SES's reputation rates. Each is named in the runbook's "Alarms" table
 * (docs/operations.md) with what to do.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { Construct } from 'constructs';

/**
 * The notifier's lag behind the table's stream (its IteratorAge, the age of the last record it
 * read) past which it is alarmed on: sending is seconds of work, so ten minutes behind, twice in a
 * row, is a notifier failing and retrying or starved of concurrency, long before its records
 * reach the day after which they go to the dead letters (notifications.ts).
 */
export const NOTIFIER_LAG_ALARM = { threshold: Duration.minutes(10), period: Duration.minutes(5), periods: 2 };

/**
 * Throttled reads and writes of the table in five minutes that alarm. On demand, DynamoDB
 * throttles only a partition past its own limits or traffic past twice the previous peak; the
 * SDK retries, so a few are absorbed, and more mean callers are waiting or failing.
 */
export const TABLE_THROTTLES_ALARM = { threshold: 5, period: Duration.minutes(5) };

/**
 * SES's account-wide reputation rates (fractions) at which it is alarmed on: the levels at which
 * SES's own guidance says to act. SES puts an account under review at a 5% bounce rate and 0.1%
 * complaint rate, and may pause its sending at 10% and 0.5%; then neither notifications nor
 * Cognito's e-mails (sign-up codes, password resets) leave.
 */
export const SES_REPUTATION_ALARMS = [
  { id: 'SesBounceRate', metricName: 'Reputation.BounceRate', threshold: 0.05, what: 'bounce rate' },
  { id: 'SesComplaintRate', metricName: 'Reputation.ComplaintRate', threshold: 0.001, what: 'complaint rate' },
] as const;

/** SES publishes the reputation rates about hourly: the alarm looks at the highest in each hour. */
const SES_REPUTATION_PERIOD = Duration.hours(1);

export function notifierLagAlarm(scope: Construct, notifier: IFunction): Alarm {
  const { threshold, period, periods } = NOTIFIER_LAG_ALARM;
  return new Alarm(scope, 'NotifierIteratorAge', {
    alarmDescription: `The notifier is over ${threshold.toMinutes()} minutes behind the table's stream: notifications are late (see the runbook)`,
    metric: notifier.metric('IteratorAge', { statistic: 'Maximum', period }),
    threshold: threshold.toMilliseconds(),
    evaluationPeriods: periods,
    datapointsToAlarm: periods,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

export function tableThrottlesAlarm(scope: Construct, table: ITable): Alarm {
  const { threshold, period } = TABLE_THROTTLES_ALARM;
  const sum = { statistic: 'Sum', period };
  return new Alarm(scope, 'TableThrottles', {
    alarmDescription: `DynamoDB throttled at least ${threshold} reads or writes of the table in 5 minutes`,
    metric: new MathExpression({
      expression: 'FILL(reads, 0) + FILL(writes, 0)',
      usingMetrics: {
        reads: table.metric('ReadThrottleEvents', sum),
        writes: table.metric('WriteThrottleEvents', sum),
      },
      label: 'throttled reads and writes',
      period,
    }),
    threshold,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

export function sesReputationAlarms(scope: Construct): Alarm[] {
  return SES_REPUTATION_ALARMS.map(
    ({ id, metricName, threshold, what }) =>
      new Alarm(scope, id, {
        alarmDescription: `SES's ${what} for the account reached ${threshold * 100}%: SES may review or pause its sending (see the runbook)`,
        metric: new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: SES_REPUTATION_PERIOD }),
        threshold,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
  );
}
