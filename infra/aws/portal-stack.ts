/**
 * The whole product in one stack (design.md section 1):
 *   CloudFront ─┬─ S3 (the SPA, /config.json written from this stack's outputs)
 *               └─ /api/* ─ HTTP API ─ Cognito JWT authorizer ─ one Lambda per route ─ DynamoDB
 *   Cognito user pool (e-mail + password, Google when configured, admins group, triggers, WAF)
 *   EventBridge, Monday 00:00 UTC ─ weekly growth Lambda ─ DynamoDB
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { Construct } from 'constructs';
import { PortalAlarms } from './alarms';
import { PortalApi } from './api';
import { type GoogleSignIn, PortalAuth } from './auth';
import { PortalTable } from './data';
import { PortalFunction } from './portal-function';
import { PortalSite } from './site';
import { WeeklyGrowth } from './weekly-growth';

export interface PortalStackProps extends StackProps {
  google?: GoogleSignIn;
  localhostCallbacks?: boolean;
  alarmEmail?: string;
  /** The built SPA; default web/dist. */
  webDist?: string;
}

export class PortalStack extends Stack {
  constructor(scope: Construct, id: string, props: PortalStackProps = {}) {
    super(scope, id, props);
    const table = new PortalTable(this, 'Table');

    // The user pool needs the site's URL (OAuth callbacks, links in e-mails), and the API needs
    // the pool: so the API's bare resource comes first, CloudFront next, then Cognito.
    const postConfirmation = new PortalFunction(this, 'PostConfirmation', {
      entry: 'lambdas/triggers/post-confirmation.ts',
      description: 'Cognito post-confirmation: creates the client profile and portfolio',
      table,
      tableAccess: 'write',
    });
    const preSignUp = new PortalFunction(this, 'PreSignUp', {
      entry: 'lambdas/triggers/pre-sign-up.ts',
      description: 'Cognito pre sign-up: refuses names with control or bidirectional-override characters',
    });
    const customMessage = new PortalFunction(this, 'CustomMessage', {
      entry: 'lambdas/triggers/custom-message.ts',
      description: 'Cognito custom message: e-mails that link back to the site',
    });

    const api = new PortalApi(this, 'Api');
    const site = new PortalSite(this, 'Site', { api: api.httpApi });
    const siteUrl = `https://${site.distribution.distributionDomainName}`;
    customMessage.addEnvironment('SITE_URL', siteUrl);

    const auth = new PortalAuth(this, 'Auth', {
      preSignUp,
      postConfirmation,
      customMessage,
      siteUrl,
      localhostCallbacks: props.localhostCallbacks ?? false,
      google: props.google,
    });
    api.addRoutes({ table, userPool: auth.userPool, client: auth.client });
    const growth = new WeeklyGrowth(this, 'WeeklyGrowth', { table });

    site.deployWeb(props.webDist ?? 'web/dist', {
      region: this.region,
      userPoolId: auth.userPool.userPoolId,
      userPoolClientId: auth.client.userPoolClientId,
      oauthDomain: `${auth.domain.domainName}.auth.${this.region}.amazoncognito.com`,
      googleSignIn: auth.googleEnabled,
    });

    new PortalAlarms(this, 'Alarms', {
      api: api.httpApi,
      functions: { ...Object.fromEntries(api.functions), preSignUp, postConfirmation, customMessage, weeklyGrowth: growth.job },
      deadLetters: growth.deadLetters,
      email: props.alarmEmail,
    });

    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    new CfnOutput(this, 'UserPoolId', { value: auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'Region', { value: this.region });
  }
}
