/**
 * Tells the alarm topic when one of the table's backups did not happen: a backup job of the
 * stage's vault that failed, was aborted, or expired (never started within its window), and a
 * copy of its recovery points to the second account that failed.
 *
 * EventBridge rules on AWS Backup's own job events rather than CloudWatch alarms on its AWS/Backup
 * metrics: an event names its vault by ARN (`detail.backupVaultArn`, `detail.sourceBackupVaultArn`
 * for a copy), which a test compares with the template's own vault, so a second stage in the same
 * account never hears this one's failures; and the e-mail is the event itself, with the job's id
 * and AWS Backup's reason (`statusMessage`). AWS Backup sends these events best-effort, within
 * about 5 minutes.
 */
import { Stack } from 'aws-cdk-lib';
import type { IBackupVault } from 'aws-cdk-lib/aws-backup';
import { type IRuleTarget, Rule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';

/** The states in which a backup job ends without a recovery point. */
const BACKUP_JOB_FAILURES = ['FAILED', 'ABORTED', 'EXPIRED'];
/** The state in which a copy job ends without a copy (PARTIAL belongs to composite backups, not tables). */
const COPY_JOB_FAILURES = ['FAILED'];

export class BackupJobAlarms extends Construct {
  readonly rules: Rule[];

  constructor(scope: Construct, id: string, props: { vault: IBackupVault; topic: Topic }) {
    super(scope, id);
    const vaultArn = props.vault.backupVaultArn;
    // Publishes with the permissions granted below, not the unconditioned ones SnsTopic would add.
    const toTopic: IRuleTarget = { bind: () => ({ arn: props.topic.topicArn }) };
    this.rules = [
      new Rule(this, 'BackupJobFailed', {
        description: 'A backup of the portal table failed, was aborted or expired',
        eventPattern: {
          source: ['aws.backup'],
          detailType: ['Backup Job State Change'],
          detail: { state: BACKUP_JOB_FAILURES, backupVaultArn: [vaultArn] },
        },
        targets: [toTopic],
      }),
      new Rule(this, 'CopyJobFailed', {
        description: "A copy of the portal table's backup to the second account failed",
        eventPattern: {
          source: ['aws.backup'],
          detailType: ['Copy Job State Change'],
          detail: { state: COPY_JOB_FAILURES, sourceBackupVaultArn: [vaultArn] },
        },
        targets: [toTopic],
      }),
    ];
    this.allowRulesToPublish(props.topic);
  }

  /** The topic takes these rules' events, and its key lets EventBridge encrypt them for this account. */
  private allowRulesToPublish(topic: Topic): void {
    const events = new ServicePrincipal('events.amazonaws.com');
    const fromThisAccount = { 'aws:SourceAccount': Stack.of(this).account };
    topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'BackupJobEventsPublish',
        principals: [events],
        actions: ['sns:Publish'],
        resources: [topic.topicArn],
        conditions: {
          StringEquals: fromThisAccount,
          ArnEquals: { 'aws:SourceArn': this.rules.map((rule) => rule.ruleArn) },
        },
      }),
    );
    topic.masterKey?.addToResourcePolicy(
      new PolicyStatement({
        sid: 'BackupJobEventsEncrypt',
        principals: [events],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: fromThisAccount },
      }),
    );
  }
}
