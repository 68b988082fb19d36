/**
 * What watches the portal stack and tidies after it, in a stack of its own beside it (same
 * account and region, deployed after it): the alarm topic, every alarm but the canary releases'
 * own, the backup-job alarms, the dashboard, the cost budget, the pruner of the money routes'
 * old versions, and the back-office job that writes the month's statements. Kept apart so the portal stack keeps CloudFormation's headroom of resources for
 * the product itself (docs/decisions/0024-operations-in-a-stack-of-their-own.md).
 *
 * It reads the portal stack's names through the portal stack's outputs, by Fn::GetStackOutput (the
 * project's weak cross-stack references, cdk.json): no export pins an output while this stack
 * reads it, so the portal stack may drop or replace a function and this stack follows at its own
 * deploy, right after. Nothing in the portal stack refers to this one, so this one can change, or
 * be deleted and made again, without touching the product's data or its requests.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { routes } from '../../shared/api';
import { PortalAlarms } from './alarms';
import { alarmTopic } from './alarm-topic';
import { BackupJobAlarms } from './backup-alarms';
import { StageBudget } from './budget';
import { PortalDashboard } from './dashboard';
import { EdgeAlarms } from './edge-alarms';
import { MonthlyStatements } from './monthly-statements';
import type { PortalParts, PortalStack } from './portal-stack';
import type { StageConfig } from './stage-config';
import { VersionPruner } from './version-pruner';

export interface OperationsStackProps extends StackProps {
  config: StageConfig;
  /** The stage's portal stack, whose parts this one watches. */
  portal: PortalStack;
  /** The site's web ACL, when it lives in this stack's region (a stage in us-east-1): its edge alarms are made here then. */
  siteWebAcl?: CfnWebACL;
}

export class OperationsStack extends Stack {
  constructor(scope: Construct, id: string, props: OperationsStackProps) {
    super(scope, id, props);
    const { config } = props;
    const parts = props.portal.parts;
    const statements = monthlyStatements(this, parts, config.stage);
    const functions = { ...parts.functions, monthlyStatements: statements.job };
    const topic = alarmTopic(this, 'AlarmTopic', { stage: config.stage, email: config.alarmEmail });
    new PortalAlarms(this, 'Alarms', {
      api: parts.api.httpApi,
      table: parts.table,
      functions,
      weeklyGrowth: parts.weeklyGrowth,
      notifications: parts.notifications,
      stage: config.stage,
      topic,
      sendsThroughSes: config.ses !== undefined,
    });
    parts.activitySealer.alarmOn(this, topic, config.stage);
    statements.alarmOn(this, topic, config.stage);
    new BackupJobAlarms(this, 'BackupAlarms', { vault: parts.backup.vault, topic });
    new PortalDashboard(this, 'Dashboard', {
      stage: config.stage,
      api: parts.api.httpApi,
      routes,
      functions,
      table: parts.table,
      weeklyGrowth: parts.weeklyGrowth,
      notifications: parts.notifications,
      activitySeals: parts.activitySealer,
      monthlyStatements: statements,
      accessLogs: parts.api.accessLogs,
    });
    new StageBudget(this, 'Budget', {
      stage: config.stage,
      monthlyDollars: config.monthlyBudgetDollars,
      email: config.alarmEmail,
    });
    const pruner = new VersionPruner(this, 'VersionPruner', {
      functions: [...parts.api.liveAliases.values()].map((alias) => alias.version.lambda),
    });
    pruner.alarmOn(topic);
    if (props.siteWebAcl) {
      new EdgeAlarms(this, 'EdgeAlarms', {
        distributionId: parts.site.distribution.distributionId,
        webAclMetricName: webAclMetricName(props.siteWebAcl),
        topic,
      });
    }
  }
}

/**
 * The month's statements job: it reads the table and writes the documents bucket, both the portal
 * stack's, through its outputs like everything here. Here rather than in the portal stack, whose
 * resources CloudFormation caps (decision 0024): the job keeps no state of its own (its runs are
 * items in the table, its statements objects in the locked bucket), so this stack can still be
 * deleted and made again without losing anything; a month missed meanwhile is what the check on
 * the 2nd alarms about, and a run of that month writes it.
 */
function monthlyStatements(stack: Stack, parts: PortalParts, stage: string): MonthlyStatements {
  const statements = new MonthlyStatements(stack, 'MonthlyStatements', { table: parts.table, stage });
  parts.documents.allowWrite(statements.job);
  new CfnOutput(stack, 'MonthlyStatementsFunctionName', { value: statements.job.functionName });
  new CfnOutput(stack, 'MonthlyStatementsStateMachineArn', { value: statements.stateMachine.stateMachineArn });
  new CfnOutput(stack, 'MonthlyStatementsDeadLetterQueueUrl', { value: statements.deadLetters.queueUrl });
  new CfnOutput(stack, 'MonthlyStatementsDeadLetterQueueArn', { value: statements.deadLetters.queueArn });
  return statements;
}

/** The name WAF's metrics give a web ACL: its visibility configuration's metric name. */
export function webAclMetricName(acl: CfnWebACL): string {
  const visibility = acl.visibilityConfig as CfnWebACL.VisibilityConfigProperty;
  return visibility.metricName;
}
