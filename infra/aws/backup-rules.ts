/**
 * How long the table's backups are kept, as docs/operations.md ("Backups and restore") sizes it:
 * a daily backup for 35 days, the window in which a mistake is noticed and undone (point-in-time
 * recovery's window too), and a monthly backup for the years the firm must keep its records (the
 * stage's `backupYears`, which its compliance officer sets). When the stage names a vault in a
 * second account, every rule copies its recovery points there, kept as long as the original.
 */
import { Duration } from 'aws-cdk-lib';
import { BackupPlanRule, type IBackupVault, type LockConfiguration } from 'aws-cdk-lib/aws-backup';
import { Schedule } from 'aws-cdk-lib/aws-events';

import { RECORD_YEARS } from '../../shared/record-keeping';
import { BACKUP_YEARS } from './stage-config';

export const DAILY_BACKUP_RETENTION = Duration.days(35);

/** Records kept 7 years unless the stage says otherwise: the longest of the usual regimes. */
export const DEFAULT_BACKUP_YEARS = RECORD_YEARS.default;

/** Whole years as days with their leap days, so a record kept N years never goes a day early. */
export function monthlyBackupRetention(years: number): Duration {
  return Duration.days(Math.ceil(years * 365.25));
}

/**
 * Both rules start at 03:00 UTC in the same window: on the 1st of a month they overlap, and AWS
 * Backup then takes one backup, for the rule with the longer retention (a second job on the same
 * table would only expire waiting for the first).
 */
export function tableBackupRules(props: { years: number; copyTo?: IBackupVault }): BackupPlanRule[] {
  const rule = (ruleName: string, scheduleExpression: Schedule, deleteAfter: Duration) =>
    new BackupPlanRule({
      ruleName,
      scheduleExpression,
      startWindow: Duration.hours(1),
      completionWindow: Duration.hours(4),
      deleteAfter,
      copyActions: props.copyTo ? [{ destinationBackupVault: props.copyTo, deleteAfter }] : undefined,
    });
  return [
    rule('Daily', Schedule.cron({ hour: '3', minute: '0' }), DAILY_BACKUP_RETENTION),
    rule('Monthly', Schedule.cron({ day: '1', hour: '3', minute: '0' }), monthlyBackupRetention(props.years)),
  ];
}

/**
 * The primary vault's Vault Lock on a production stage. It refuses a backup or copy kept less than
 * the daily rule keeps its own, or longer than the monthly rule of the longest years a stage may
 * ask, so every rule of every stage fits and a later change of backupYears still fits. Until the
 * grace time passes after it is first applied, the lock can be changed or removed; after that
 * (compliance mode) no one can change or remove it, AWS included, and no recovery point in the
 * vault can be deleted before it expires.
 */
export const VAULT_LOCK: LockConfiguration = {
  minRetention: DAILY_BACKUP_RETENTION,
  maxRetention: monthlyBackupRetention(BACKUP_YEARS.max),
  // AWS Backup's shortest grace time: three daily backups to see the lock take them.
  changeableFor: Duration.days(3),
};
