/**
 * The pruner of the money routes' old versions (lambdas/jobs/prune-versions.ts). Every deploy
 * keeps the version it replaces (releases.ts), so a rollback by alias has something to go back
 * to; this function, run daily, deletes those beyond the newest five of each function, never one
 * an alias points to. It may list and delete versions of those functions only, and cannot delete
 * a function itself: its DeleteFunction is granted on qualified ARNs (`<function>:<version>`)
 * alone, and Lambda refuses to delete a version an alias points to.
 */
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct, type IConstruct } from 'constructs';
import { PRUNED_FUNCTIONS_ENV } from '../../lambdas/jobs/version-pruning';
import { PortalFunction } from './portal-function';

/**
 * cdk-nag's IAM5 names each `<function>:*` by the portal stack's output it is read from, which is
 * known only once references are resolved: the acknowledgement is added then (a validation runs
 * after), for those resources exactly, so any other wildcard still fails the check.
 */
function acknowledgeVersionWildcards(role: IConstruct, arns: string[]): void {
  role.node.addValidation({
    validate: () => {
      for (const arn of arns) {
        const resolved: unknown = Stack.of(role).resolve(arn);
        Validations.of(role).acknowledge({
          id: `AwsSolutions-IAM5[Resource::${JSON.stringify(resolved)}:*]`,
          reason:
            "DeleteFunction on <function>:* of a money route's function: a version is named only when a deploy publishes it. It reaches that function's versions only (Lambda refuses to delete an alias or a version an alias points to this way), never the function itself.",
        });
      }
      return [];
    },
  });
}

/** Daily at 04:00 UTC, after the night's backups (03:00) and away from the Monday job (00:00). */
export const PRUNE_SCHEDULE = { minute: '0', hour: '4' } as const;

export const PRUNER_DESCRIPTION =
  "Version pruner: deletes the money routes' versions beyond the newest five, never one an alias points to";

/** What the pruner may do to the functions it prunes. */
export const PRUNER_READ_ACTIONS = ['lambda:ListVersionsByFunction', 'lambda:ListAliases'];
export const PRUNER_DELETE_ACTION = 'lambda:DeleteFunction';

export class VersionPruner extends Construct {
  readonly pruner: PortalFunction;
  readonly schedule: Rule;

  constructor(scope: Construct, id: string, props: { functions: IFunction[] }) {
    super(scope, id);
    this.pruner = new PortalFunction(this, 'Pruner', {
      entry: 'lambdas/jobs/prune-versions.ts',
      description: PRUNER_DESCRIPTION,
      timeout: Duration.minutes(2),
      memorySize: 256,
      // Its log says which versions went: kept as long as any rollback could ask.
      logRetention: RetentionDays.ONE_YEAR,
      environment: { [PRUNED_FUNCTIONS_ENV]: props.functions.map((fn) => fn.functionName).join(',') },
    });
    const arns = props.functions.map((fn) => fn.functionArn);
    this.pruner.addToRolePolicy(new PolicyStatement({ actions: PRUNER_READ_ACTIONS, resources: arns }));
    this.pruner.addToRolePolicy(
      new PolicyStatement({ actions: [PRUNER_DELETE_ACTION], resources: arns.map((arn) => `${arn}:*`) }),
    );
    acknowledgeVersionWildcards(this.pruner.role as IConstruct, arns);
    this.schedule = new Rule(this, 'Daily', {
      description: 'Version pruner, daily 04:00 UTC',
      schedule: Schedule.cron(PRUNE_SCHEDULE),
      targets: [new LambdaFunction(this.pruner, { retryAttempts: 2 })],
    });
  }

  /** A run that failed (on any function) is told: versions pile up until the cause is fixed. */
  alarmOn(topic: ITopic): Alarm {
    const alarm = new Alarm(this, 'Failed', {
      alarmDescription:
        "The version pruner failed: the money routes' old versions were not all pruned (see the runbook)",
      metric: this.pruner.metricErrors({ statistic: 'Sum', period: Duration.hours(1) }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(topic));
    return alarm;
  }
}
