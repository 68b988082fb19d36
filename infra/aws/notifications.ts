/**
 * E-mail notifications as an outbox: the money transactions write their ledger entries
 * and requests as always; the table's stream feeds the notifier, which renders and sends. A send
 * that fails is retried from the stream and never touches the money move; what still fails after
 * the retries is kept in a dead-letter queue (alarmed on in alarms.ts).
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { ConfigurationSet } from 'aws-cdk-lib/aws-ses';
import { FilterCriteria, FilterRule, StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { actionKeys, jobRunKeys, keys } from '../../lambdas/lib/data/table';
import { NOTIFIER_TABLE_USE } from '../../lambdas/table-uses';
import { deadLetterQueue } from './dead-letters';
import { PortalFunction } from './portal-function';
import type { SesSender } from './auth';

/** Stream retries of a batch before its records go to the dead letters (each retry resends only what was not sent). */
export const NOTIFIER_RETRY_ATTEMPTS = 10;
/** A notification older than this is not worth sending late: it goes to the dead letters instead. */
export const NOTIFIER_MAX_RECORD_AGE = Duration.days(1);

export interface NotificationsProps {
  table: ITable;
  userPool: IUserPool;
  siteUrl: string;
  /** The stage's verified SES identity; without one the notifier logs that notifications are off. */
  ses?: SesSender;
  /** Names the notifications' SES configuration set (aurum-<stage>-notifications). */
  stage: string;
}

export class Notifications extends Construct {
  readonly notifier: PortalFunction;
  readonly deadLetters: Queue;
  /** Set when the stage sends through SES: every notification is tracked under it (bounces, complaints, reputation). */
  readonly configurationSet?: ConfigurationSet;

  constructor(scope: Construct, id: string, props: NotificationsProps) {
    super(scope, id);
    this.deadLetters = deadLetterQueue(this, "This queue is itself the notifier's dead-letter destination.");

    // Named in plain text where it is used (the environment, the policy), so the template reads as it is.
    const configurationSetName = `aurum-${props.stage}-notifications`;
    if (props.ses) {
      this.configurationSet = new ConfigurationSet(this, 'Mail', {
        configurationSetName,
        sendingEnabled: true,
        reputationMetrics: true,
      });
    }
    this.notifier = new PortalFunction(this, 'Notifier', {
      entry: 'lambdas/jobs/notifier.ts',
      description:
        'Notifier: e-mails clients and admins about money moves and withdrawal requests, from the table stream',
      table: props.table,
      tableUse: NOTIFIER_TABLE_USE,
      timeout: Duration.seconds(60),
      environment: {
        SITE_URL: props.siteUrl,
        USER_POOL_ID: props.userPool.userPoolId,
        ...(props.ses
          ? { NOTIFY_FROM: props.ses.fromName ? `${props.ses.fromName} <${props.ses.fromEmail}>` : props.ses.fromEmail }
          : {}),
        ...(this.configurationSet ? { NOTIFY_CONFIGURATION_SET: configurationSetName } : {}),
      },
    });
    // The admins it tells of new requests and weekly runs: the members of `admins`, read, never changed.
    this.notifier.addToRolePolicy(
      new PolicyStatement({ actions: ['cognito-idp:ListUsersInGroup'], resources: [props.userPool.userPoolArn] }),
    );
    if (props.ses && this.configurationSet) {
      // Sending from the stage's verified identity under its configuration set, and nothing else
      // (SES v2 checks the permission on both resources of a send).
      const { partition, region, account } = Stack.of(this);
      this.notifier.addToRolePolicy(
        new PolicyStatement({
          actions: ['ses:SendEmail'],
          resources: [
            `arn:${partition}:ses:${region}:${account}:identity/${props.ses.identity}`,
            `arn:${partition}:ses:${region}:${account}:configuration-set/${configurationSetName}`,
          ],
        }),
      );
      // Not sending before the set exists.
      this.notifier.node.addDependency(this.configurationSet);
    }
    if (!props.table.tableStreamArn) throw new Error('the table needs a stream (NEW_AND_OLD_IMAGES) for notifications');
    this.notifier.addEventSource(
      new DynamoEventSource(props.table, {
        startingPosition: StartingPosition.LATEST,
        batchSize: 10,
        // A failed record is retried alone (what came before it in the batch is done), a poison
        // batch is split to find it, and after the retries its records are kept, not dropped.
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: NOTIFIER_RETRY_ATTEMPTS,
        maxRecordAge: NOTIFIER_MAX_RECORD_AGE,
        onFailure: new SqsDlq(this.deadLetters),
        // Only writes to clients' items (entries, requests), pending actions and job runs can be news: no invocation
        // for expiries (idempotency records, tombstones) nor for the notifier's own sent-markers.
        filters: [
          FilterCriteria.filter({
            eventName: FilterRule.or('INSERT', 'MODIFY'),
            dynamodb: {
              Keys: {
                PK: {
                  S: [
                    ...FilterRule.beginsWith(keys.clientPk('')),
                    ...FilterRule.beginsWith(actionKeys.item('').PK),
                    ...FilterRule.beginsWith(jobRunKeys.weeklyGrowthPk),
                  ],
                },
              },
            },
          }),
        ],
      }),
    );
  }
}
