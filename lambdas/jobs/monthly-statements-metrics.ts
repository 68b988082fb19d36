/**
 * The custom metrics of the monthly statements job (monthly-statements.ts), shared with the CDK
 * stack so its alarms are built from exactly what the job emits. No imports: the stack loads this
 * file without any Lambda runtime code.
 *
 * One EMF line through Powertools Metrics, namespace 'Aurum/Portal', dimensions
 * { service: 'aurum-portal', stage }:
 *
 *   MonthlyStatementsCompleted  Count   1, by the run's last step when every client's statements were written
 *   MonthlyStatementsWritten    Count   statements written by that run
 *   MonthlyStatementsDuration   Milliseconds
 *   MonthlyStatementsMissing    Count   by the check on the 2nd: 1 when no run finished the month, else 0
 *
 * Why a check on the 2nd and not an alarm on the heartbeat's absence (as the weekly job has): an
 * alarm looks back at most 7 days of hourly periods, and the monthly heartbeat is a month apart,
 * so the absence alarm would stand in ALARM for most of every month. The check asks the table the
 * one question that matters on its day ("is the month's run recorded, with no client failed?")
 * and publishes the answer, which its alarm watches. Locally metrics are off (publishMetrics).
 */

export const MONTHLY_STATEMENTS_NAMESPACE = 'Aurum/Portal';
export const MONTHLY_STATEMENTS_SERVICE = 'aurum-portal';

/** Exactly the dimensions each metric is emitted with: two stages in one account never answer each other's alarm. */
export const monthlyStatementsDimensions = (stage: string) => ({ service: MONTHLY_STATEMENTS_SERVICE, stage }) as const;

export const MONTHLY_STATEMENTS_METRICS = {
  completed: 'MonthlyStatementsCompleted',
  written: 'MonthlyStatementsWritten',
  duration: 'MonthlyStatementsDuration',
  missing: 'MonthlyStatementsMissing',
} as const;
