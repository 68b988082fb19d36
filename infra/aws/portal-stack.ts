/**
 * The whole product in one stack (docs/architecture.md):
 *   CloudFront ─┬─ S3 (the SPA, /config.json written from this stack's outputs and the stage's settings)
 *               └─ /api/* ─ HTTP API ─ Cognito JWT authorizer ─ one Lambda per route ─ DynamoDB
 *   Cognito user pool (e-mail + password, Google when configured, admins group, triggers, WAF)
 *   EventBridge, Monday 00:00 UTC ─ Step Functions (16 shards) ─ weekly growth Lambda ─ DynamoDB
 *   POST /api/admin/statements/balances/exports ─ exporter Lambda (async) ─ S3 (KMS), presigned links
 *   The money routes' functions behind a `live` alias that CodeDeploy moves by canary; a dashboard; a cost budget
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { ActivitySealer } from './activity-sealer';
import { PortalAlarms } from './alarms';
import { PortalApi } from './api';
import { PortalAuth } from './auth';
import { BackupJobAlarms } from './backup-alarms';
import { siteDomain } from './custom-domain';
import { StageBudget } from './budget';
import { PortalDashboard } from './dashboard';
import { CanaryReleases } from './releases';
import { BalancesExports } from './exports';
import { PortalTable, TableBackup } from './data';
import { POST_CONFIRMATION_TABLE_USE, PRE_TOKEN_GENERATION_TABLE_USE } from '../../lambdas/table-uses';
import { routes } from '../../shared/api';
import { MONEY_LOG_RETENTION, PortalFunction } from './portal-function';
import { PortalSite } from './site';
import type { StageConfig } from './stage-config';
import { Notifications } from './notifications';
import { WeeklyGrowth } from './weekly-growth';
import { RECORD_YEARS } from '../../shared/record-keeping';

export interface PortalStackProps extends StackProps {
  /** The stage's settings (infra/stages.ts, checked by infra/aws/stage-config.ts). */
  config: StageConfig;
  /** The built SPA; default web/dist. */
  webDist?: string;
  /** CloudFront's web ACL when it lives in the edge stack (stacks outside us-east-1); else made here. */
  siteWebAclArn?: string;
  /** The certificate of the stage's own domain when it lives in the edge stack (stacks outside us-east-1); else made here. */
  siteCertificate?: ICertificate;
}

export class PortalStack extends Stack {
  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);
    const { config } = props;
    const table = new PortalTable(this, 'Table');

    // The user pool needs the site's URL (OAuth callbacks, links in e-mails), and the API needs
    // the pool: so the API's bare resource comes first, CloudFront next, then Cognito.
    const postConfirmation = new PortalFunction(this, 'PostConfirmation', {
      entry: 'lambdas/triggers/post-confirmation.ts',
      description: 'Cognito post-confirmation: creates the client profile and portfolio; after a password reset, ends every session',
      table,
      tableUse: POST_CONFIRMATION_TABLE_USE,
      logRetention: MONEY_LOG_RETENTION,
    });
    const preSignUp = new PortalFunction(this, 'PreSignUp', {
      entry: 'lambdas/triggers/pre-sign-up.ts',
      description: 'Cognito pre sign-up: refuses names with control or bidirectional-override characters',
    });
    const preTokenGeneration = new PortalFunction(this, 'PreTokenGeneration', {
      entry: 'lambdas/triggers/pre-token-generation.ts',
      description: "Cognito pre token generation: the ID token carries the client profile's names; an admin made outside the product is recorded",
      table,
      tableUse: PRE_TOKEN_GENERATION_TABLE_USE,
    });
    const customMessage = new PortalFunction(this, 'CustomMessage', {
      entry: 'lambdas/triggers/custom-message.ts',
      description: 'Cognito custom message: e-mails that link back to the site',
    });

    const domain = config.domain ? siteDomain(this, config.domain, props.siteCertificate) : undefined;
    const api = new PortalApi(this, 'Api', { stage: config.stage, domain });
    const site = new PortalSite(this, 'Site', { apiOrigin: api.origin, originSecret: api.originSecret, webAclArn: props.siteWebAclArn, domain, stage: config.stage });
    const siteUrl = site.url;
    customMessage.addEnvironment('SITE_URL', siteUrl);

    const auth = new PortalAuth(this, 'Auth', {
      preSignUp,
      postConfirmation,
      customMessage,
      preTokenGeneration,
      siteUrl,
      localhostCallbacks: config.localhostCallbacks ?? false,
      google: config.google,
      domainPrefix: config.authDomainPrefix,
      customDomain: domain && site.aliasRecord ? { domain, parentRecord: site.aliasRecord } : undefined,
      ses: config.ses,
      stage: config.stage,
    });
    const exports = new BalancesExports(this, 'Exports', { table, accessLogs: site.logs });
    api.addRoutes({
      table,
      userPool: auth.userPool,
      client: auth.client,
      exports,
      cognitoBackendSecret: auth.firewall.backendSecret,
      fourEyesThresholdDollars: config.fourEyesThresholdDollars,
      adminDailyLimitDollars: config.adminDailyLimitDollars,
      recordYears: config.recordYears ?? RECORD_YEARS.default,
    });
    // After a password reset the trigger ends every session of the user. A policy of its own, not
    // the role's default one: the function must not wait on it, since the pool waits on the function.
    postConfirmation.role?.attachInlinePolicy(
      new Policy(this, 'PostConfirmationSignOut', {
        statements: [new PolicyStatement({ actions: ['cognito-idp:AdminUserGlobalSignOut'], resources: [auth.userPool.userPoolArn] })],
      }),
    );
    // An administrator made in the console is recorded at their next issue of tokens: the trigger
    // asks Cognito whether they are one, with a second factor (lambdas/lib/http/admin-moments.ts).
    preTokenGeneration.role?.attachInlinePolicy(
      new Policy(this, 'PreTokenGenerationAdminCheck', {
        statements: [new PolicyStatement({ actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'], resources: [auth.userPool.userPoolArn] })],
      }),
    );
    const growth = new WeeklyGrowth(this, 'WeeklyGrowth', { table, stage: config.stage });
    const notifications = new Notifications(this, 'Notifications', { table, userPool: auth.userPool, siteUrl, ses: config.ses, stage: config.stage });
    const activitySealer = new ActivitySealer(this, 'ActivitySeals', { table, stage: config.stage });
    const backup = new TableBackup(this, 'Backup', { table, stage: config.stage, years: config.backupYears ?? config.recordYears, copyVaultArn: config.backupCopy?.vaultArn });

    site.deployWeb(props.webDist ?? 'web/dist', {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      oauthDomain: auth.hostedUiDomain,
      googleSignIn: auth.googleEnabled,
      fundingInstructions: config.fundingInstructions ?? [],
      ...(config.firm ? { firm: config.firm } : {}),
    });

    const functions = { ...Object.fromEntries(api.functions), preSignUp, postConfirmation, customMessage, preTokenGeneration, weeklyGrowth: growth.job, notifier: notifications.notifier, balancesExporter: exports.exporter, activitySealer: activitySealer.sealer };
    const alarms = new PortalAlarms(this, 'Alarms', {
      api: api.httpApi,
      table,
      functions,
      weeklyGrowth: growth,
      notifications,
      email: config.alarmEmail,
      stage: config.stage,
    });
    activitySealer.alarmOn(alarms.topic, config.stage);
    new BackupJobAlarms(this, 'BackupAlarms', { vault: backup.vault, topic: alarms.topic });
    new CanaryReleases(this, 'Releases', { api: api.httpApi, aliases: api.liveAliases, topic: alarms.topic });
    const dashboard = new PortalDashboard(this, 'Dashboard', { stage: config.stage, api: api.httpApi, routes, functions, table, weeklyGrowth: growth, notifications, activitySeals: activitySealer, accessLogs: api.accessLogs });
    new StageBudget(this, 'Budget', { stage: config.stage, monthlyDollars: config.monthlyBudgetDollars, email: config.alarmEmail });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'Region', { value: this.region });
    // What the runbook (docs/operations.md) reads, so no operator has to find names in the console.
    new CfnOutput(this, 'HostedUiDomain', { value: auth.hostedUiDomain });
    new CfnOutput(this, 'WeeklyGrowthFunctionName', { value: growth.job.functionName });
    new CfnOutput(this, 'WeeklyGrowthStateMachineArn', { value: growth.stateMachine.stateMachineArn });
    new CfnOutput(this, 'WeeklyGrowthDeadLetterQueueUrl', { value: growth.deadLetters.queueUrl });
    new CfnOutput(this, 'WeeklyGrowthDeadLetterQueueArn', { value: growth.deadLetters.queueArn });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    new CfnOutput(this, 'NotifierDeadLetterQueueUrl', { value: notifications.deadLetters.queueUrl });
    new CfnOutput(this, 'BackupVaultName', { value: backup.vault.backupVaultName });
    new CfnOutput(this, 'RestoreRoleArn', { value: backup.restoreRole.roleArn });
    new CfnOutput(this, 'OriginSecretArn', { value: api.originSecret.secretArn });
    new CfnOutput(this, 'DashboardName', { value: dashboard.dashboard.dashboardName });
    new CfnOutput(this, 'DashboardUrl', { value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards/dashboard/${dashboard.dashboard.dashboardName}` });
  }
}
