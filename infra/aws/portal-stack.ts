/**
 * The whole product in one stack (docs/architecture.md):
 *   CloudFront ─┬─ S3 (the SPA, /config.json written from this stack's outputs and the stage's settings)
 *               └─ /api/* ─ HTTP API ─ Cognito JWT authorizer ─ one Lambda per route ─ DynamoDB
 *   Cognito user pool (e-mail + password, Google when configured, admins group, triggers, WAF)
 *   EventBridge, Monday 00:00 UTC ─ Step Functions (16 shards) ─ weekly growth Lambda ─ DynamoDB
 *   POST /api/admin/statements/balances/exports ─ exporter Lambda (async) ─ S3 (KMS), presigned links
 *   Clients' documents (statements, confirmations) ─ S3 (KMS, Object Lock for the recordYears), presigned links
 *   The money routes' functions behind a `live` alias that CodeDeploy moves by canary
 * What watches it (alarms, the dashboard, the budget) and the month's statements job are the
 * operations stack's (operations-stack.ts).
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Policy, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { ActivitySealer } from './activity-sealer';
import { alarmTopicArn } from './alarm-topic';
import { PortalApi } from './api';
import { PortalAuth } from './auth';
import { siteDomain } from './custom-domain';
import { dashboardName } from './dashboard';
import { CanaryReleases, releasedFunctionOutput } from './releases';
import { BalancesExports } from './exports';
import { ClientDocuments } from './documents';
import { DEMO_FIRM } from './demo-firm';
import { PortalTable, TableBackup } from './data';
import { RecordsTrail } from './records-trail';
import { POST_CONFIRMATION_TABLE_USE, PRE_TOKEN_GENERATION_TABLE_USE } from '../../lambdas/table-uses';
import { MONEY_LOG_RETENTION, PortalFunction } from './portal-function';
import { PortalSite } from './site';
import type { StageConfig } from './stage-config';
import { Notifications } from './notifications';
import { WeeklyGrowth } from './weekly-growth';
import { RECORD_YEARS } from '../../shared/record-keeping';
import { PAYOUT_COOLING_OFF_HOURS } from '../../shared/payout-cooling-off';
import { CLIENT_SIGN_UP_DEFAULT } from '../../shared/client-sign-up';

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

/** The parts of the product the operations stack watches (operations-stack.ts). */
export interface PortalParts {
  api: PortalApi;
  table: PortalTable;
  site: PortalSite;
  /** Every function of the product, by the name its alarms carry. */
  functions: Record<string, IFunction>;
  weeklyGrowth: WeeklyGrowth;
  notifications: Notifications;
  activitySealer: ActivitySealer;
  backup: TableBackup;
  /** The clients' documents: the bucket and the grants its writers and linkers get. */
  documents: ClientDocuments;
}

export class PortalStack extends Stack {
  readonly parts: PortalParts;

  constructor(scope: Construct, id: string, props: PortalStackProps) {
    super(scope, id, props);
    const { config } = props;
    const table = new PortalTable(this, 'Table');

    // The user pool needs the site's URL (OAuth callbacks, links in e-mails), and the API needs
    // the pool: so the API's bare resource comes first, CloudFront next, then Cognito.
    const postConfirmation = new PortalFunction(this, 'PostConfirmation', {
      entry: 'lambdas/triggers/post-confirmation.ts',
      description:
        'Cognito post-confirmation: creates the client profile and portfolio; after a password reset, ends every session',
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
      description:
        "Cognito pre token generation: the ID token carries the client profile's names; an admin made outside the product is recorded",
      table,
      tableUse: PRE_TOKEN_GENERATION_TABLE_USE,
    });
    const customMessage = new PortalFunction(this, 'CustomMessage', {
      entry: 'lambdas/triggers/custom-message.ts',
      description: 'Cognito custom message: e-mails that link back to the site',
    });

    const domain = config.domain ? siteDomain(this, config.domain, props.siteCertificate) : undefined;
    const api = new PortalApi(this, 'Api', { stage: config.stage, domain });
    const site = new PortalSite(this, 'Site', {
      apiOrigin: api.origin,
      originSecret: api.originSecret,
      webAclArn: props.siteWebAclArn,
      domain,
      stage: config.stage,
    });
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
    const documents = new ClientDocuments(this, 'Documents', {
      years: config.recordYears ?? RECORD_YEARS.default,
      production: config.production === true,
      accessLogs: site.logs,
      // A deployable stage must give its firm (stage-config.ts); a sample stage without one prints
      // the demo firm, whose notice says no real money moves, rather than failing the month's job.
      firm: config.firm ?? DEMO_FIRM,
    });
    api.addRoutes({
      table,
      userPool: auth.userPool,
      client: auth.client,
      exports,
      documents,
      cognitoBackendSecret: auth.firewall.backendSecret,
      fourEyesThresholdDollars: config.fourEyesThresholdDollars,
      adminDailyLimitDollars: config.adminDailyLimitDollars,
      recordYears: config.recordYears ?? RECORD_YEARS.default,
      payoutCoolingOffHours: config.payoutCoolingOffHours ?? PAYOUT_COOLING_OFF_HOURS.default,
      ...(config.clientAgreement ? { clientAgreement: config.clientAgreement } : {}),
      clientSignUp: config.clientSignUp ?? CLIENT_SIGN_UP_DEFAULT,
      fundingInstructions: config.fundingInstructions ?? [],
      adminPasskeyRequired: config.adminPasskeyRequired ?? false,
    });
    // The trigger creates the profile at confirmation: active, or applied for review.
    postConfirmation.addEnvironment('CLIENT_SIGN_UP', config.clientSignUp ?? CLIENT_SIGN_UP_DEFAULT);
    // After a password reset the trigger ends every session of the user. A policy of its own, not
    // the role's default one: the function must not wait on it, since the pool waits on the function.
    postConfirmation.role?.attachInlinePolicy(
      new Policy(this, 'PostConfirmationSignOut', {
        statements: [
          new PolicyStatement({
            actions: ['cognito-idp:AdminUserGlobalSignOut'],
            resources: [auth.userPool.userPoolArn],
          }),
        ],
      }),
    );
    // An administrator made in the console is recorded at their next issue of tokens: the trigger
    // asks Cognito whether they are one, with a second factor (lambdas/lib/http/admin-moments.ts).
    preTokenGeneration.role?.attachInlinePolicy(
      new Policy(this, 'PreTokenGenerationAdminCheck', {
        statements: [
          new PolicyStatement({
            actions: ['cognito-idp:AdminGetUser', 'cognito-idp:AdminListGroupsForUser'],
            resources: [auth.userPool.userPoolArn],
          }),
        ],
      }),
    );
    const growth = new WeeklyGrowth(this, 'WeeklyGrowth', { table, stage: config.stage });
    const notifications = new Notifications(this, 'Notifications', {
      table,
      userPool: auth.userPool,
      siteUrl,
      ses: config.ses,
      stage: config.stage,
    });
    // The notifier writes each deposit's, withdrawal's and payout's confirmation as it sends its e-mail.
    documents.allowWrite(notifications.notifier);
    const activitySealer = new ActivitySealer(this, 'ActivitySeals', { table, stage: config.stage });
    const backup = new TableBackup(this, 'Backup', {
      table,
      stage: config.stage,
      years: config.backupYears ?? config.recordYears,
      copyVaultArn: config.backupCopy?.vaultArn,
      locked: config.production === true,
    });
    new RecordsTrail(this, 'RecordsTrail', {
      stage: config.stage,
      table,
      buckets: [documents.bucket, exports.bucket],
      years: config.recordYears ?? RECORD_YEARS.default,
      production: config.production === true,
      accessLogs: site.logs,
    });

    site.deployWeb(props.webDist ?? 'web/dist', {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      oauthDomain: auth.hostedUiDomain,
      googleSignIn: auth.googleEnabled,
      ...(config.firm ? { firm: config.firm } : {}),
      ...(config.clientAgreement ? { agreement: config.clientAgreement } : {}),
    });

    const functions = {
      ...Object.fromEntries(api.functions),
      preSignUp,
      postConfirmation,
      customMessage,
      preTokenGeneration,
      weeklyGrowth: growth.job,
      notifier: notifications.notifier,
      balancesExporter: exports.exporter,
      activitySealer: activitySealer.sealer,
    };
    this.parts = {
      api,
      table,
      site,
      functions,
      weeklyGrowth: growth,
      notifications,
      activitySealer,
      backup,
      documents,
    };
    // The CodeDeploy groups stay with the aliases they move; their alarms publish to the alarm topic by its fixed name.
    const topicArn = alarmTopicArn(this, config.stage);
    new CanaryReleases(this, 'Releases', {
      api: api.httpApi,
      aliases: api.liveAliases,
      topic: Topic.fromTopicArn(this, 'AlarmTopic', topicArn),
    });

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
    new CfnOutput(this, 'AlarmTopicArn', { value: topicArn });
    new CfnOutput(this, 'NotifierDeadLetterQueueUrl', { value: notifications.deadLetters.queueUrl });
    new CfnOutput(this, 'BackupVaultName', { value: backup.vault.backupVaultName });
    new CfnOutput(this, 'RestoreRoleArn', { value: backup.restoreRole.roleArn });
    new CfnOutput(this, 'OriginSecretArn', { value: api.originSecret.secretArn });
    new CfnOutput(this, 'DashboardName', { value: dashboardName(config.stage) });
    new CfnOutput(this, 'DashboardUrl', {
      value: `https://${this.region}.console.aws.amazon.com/cloudwatch/home?region=${this.region}#dashboards/dashboard/${dashboardName(config.stage)}`,
    });
    // The money routes' functions by route: what the rollback by alias names (docs/operations.md, "Rolling back a release").
    for (const [route, alias] of api.liveAliases)
      new CfnOutput(this, releasedFunctionOutput(route), { value: alias.version.lambda.functionName });
  }
}
