/**
 * Canary releases of the functions that move money or decide a request. Each is published as a
 * version behind the alias `live`, which its route invokes (api.ts); a deploy that changes the
 * function makes a new version, and CodeDeploy moves the alias to it: 10% of the calls for 5
 * minutes, then all. If the release alarm goes off meanwhile, CodeDeploy sends every call back to
 * the old version and fails the deployment, and CloudFormation rolls the whole stack update back.
 *
 * The release alarm counts the alias's Lambda errors (a crash, a timeout, a bundle that does not
 * load) and the route's 5xx: the handler wrapper answers an unexpected error with a 500 without
 * failing the invocation, so Lambda's Errors alone would never see a handler's bug. The other
 * routes move no money: a bad release of one of them is undone by deploying the last good
 * commit, and sparing them the canary keeps each deploy minutes shorter.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup } from 'aws-cdk-lib/aws-codedeploy';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Alias, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { type RouteDef, routeByName, type RouteName } from '../../shared/api';
import { InlineGrantsRole } from './inline-grants-role';
import { routeMetric } from './route-metrics';

/**
 * The routes released by canary: those whose handler changes a balance (deposits, withdrawals,
 * balance edits, an approved request or pending action moves the money) or decides the fate of
 * money in motion (a withdrawal request made, cancelled or rejected; a pending action rejected).
 */
export const CANARY_ROUTES = [
  'addDeposit',
  'processWithdrawal',
  'updateBalance',
  'approveWithdrawalRequest',
  'approvePendingAction',
  'requestWithdrawal',
  'cancelWithdrawalRequest',
  'rejectWithdrawalRequest',
  'rejectPendingAction',
] as const satisfies readonly RouteName[];

export const releasedByCanary = (routeName: string): boolean =>
  (CANARY_ROUTES as readonly string[]).includes(routeName);

/** The alias each canary route's integration invokes. */
export const LIVE_ALIAS = 'live';

/** The portal stack's output holding the function name of a canary route (`addDepositFunctionName`). */
export const releasedFunctionOutput = (routeName: string) => `${routeName}FunctionName`;

/** 10% of the calls for 5 minutes, then all of them. */
export const CANARY_CONFIG = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;

/** The release alarm looks at one-minute periods: a bad version is caught inside its 5 canary minutes. */
export const RELEASE_ALARM_PERIOD = Duration.minutes(1);

/**
 * The function's current version behind the alias `live`: what its route invokes. Each deploy
 * that changes the function makes a new version resource and drops the old one from the
 * template; the old one is kept (DeletionPolicy Retain), so the alias can be moved back to it
 * (docs/operations.md, "Rolling back a release"), and the version pruner (version-pruner.ts)
 * deletes those beyond the newest five.
 */
export function liveAlias(fn: LambdaFunction): Alias {
  const version = fn.currentVersion;
  version.applyRemovalPolicy(RemovalPolicy.RETAIN);
  return new Alias(fn, 'Live', {
    aliasName: LIVE_ALIAS,
    version,
    description: 'What the route invokes; CodeDeploy moves it to a new version by canary',
  });
}

export interface CanaryReleasesProps {
  api: IHttpApi;
  /** The live alias of each canary route's function, by route name (api.ts). */
  aliases: ReadonlyMap<string, Alias>;
  /**
   * The alarm topic: a release alarm is news too, whether or not a release is running. It lives
   * in the operations stack, deployed after this one: named by its fixed ARN (alarm-topic.ts).
   */
  topic: ITopic;
}

export class CanaryReleases extends Construct {
  readonly application: LambdaApplication;
  readonly groups = new Map<string, LambdaDeploymentGroup>();
  readonly alarms = new Map<string, Alarm>();

  constructor(scope: Construct, id: string, props: CanaryReleasesProps) {
    super(scope, id);
    this.application = new LambdaApplication(this, 'Application');
    // Its own role, allowed exactly what CodeDeploy does in a Lambda deployment, on these
    // aliases and alarms only (the managed AWSCodeDeployRoleForLambdaLimited allows it on *).
    const role = new InlineGrantsRole(this, 'Role', {
      assumedBy: new ServicePrincipal('codedeploy.amazonaws.com'),
      description: 'CodeDeploy: canary releases of the money routes',
    });
    const action = new SnsAction(props.topic);
    for (const [name, alias] of props.aliases) {
      const alarm = releaseAlarm(this, routeByName(name as RouteName), alias, props.api);
      alarm.addAlarmAction(action);
      const group = new LambdaDeploymentGroup(this, `${name}Release`, {
        application: this.application,
        alias,
        deploymentConfig: CANARY_CONFIG,
        alarms: [alarm],
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
        role: role.withoutPolicyUpdates(),
      });
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['lambda:GetAlias', 'lambda:UpdateAlias', 'lambda:GetProvisionedConcurrencyConfig'],
          resources: [alias.version.lambda.functionArn, alias.functionArn],
        }),
      );
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['cloudwatch:DescribeAlarms'], resources: [alarm.alarmArn] }),
      );
      // Not deployed through before its role may move the alias.
      group.node.addDependency(role);
      this.alarms.set(name, alarm);
      this.groups.set(name, group);
    }
  }
}

/** The alias's errors plus the route's 5xx, each minute; quiet without calls. */
function releaseAlarm(scope: Construct, route: RouteDef, alias: Alias, api: IHttpApi): Alarm {
  const period = RELEASE_ALARM_PERIOD;
  return new Alarm(scope, `${route.name}ReleaseAlarm`, {
    alarmDescription: `${route.name}: its live alias failed or its route answered 5xx. During a release, CodeDeploy has rolled the new version back.`,
    metric: new MathExpression({
      expression: 'FILL(errors, 0) + FILL(serverErrors, 0)',
      usingMetrics: {
        errors: alias.metricErrors({ statistic: 'Sum', period }),
        serverErrors: routeMetric(api, route, '5xx', { statistic: 'Sum', period }),
      },
      label: `${route.name} errors and 5xx`,
      period,
    }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}
