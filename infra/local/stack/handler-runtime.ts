/**
 * What the CDK stack gives each function in its environment, given to the handlers here
 * explicitly (configureRuntime), with the local stand-ins for what AWS would do for them: the
 * mailbox for SES, an in-process run for an asynchronous Lambda invocation, and the table
 * permissions for IAM.
 */
import { handler as balancesExporter } from '../../../lambdas/jobs/balances-export';
import type { SecretSource } from '../../../lambdas/lib/runtime/hooks';
import { configureRuntime } from '../../../lambdas/lib/runtime/runtime';
import { settingsFromEnvironment } from '../../../lambdas/lib/runtime/settings';
import { BALANCES_EXPORTER_TABLE_USE } from '../../../lambdas/table-uses';
import type { RunningLocalCognito } from '@aurum/cognito-emulator';
import { localCredentials } from '../dynamo';
import type { Mailbox } from '../mailbox';
import { enforceTablePermissions, runAs } from '../table-permissions';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_EXPORTS_BUCKET } from './local-names';
import { RECORD_YEARS } from '../../../shared/record-keeping';
import { PAYOUT_COOLING_OFF_HOURS } from '../../../shared/payout-cooling-off';
import type { ClientAgreement } from '../../../shared/client-agreement';
import type { ClientSignUp } from '../../../shared/client-sign-up';
import { LOCAL_FUNDING_INSTRUCTIONS } from '../funding-instructions';
import { DEMO_FIRM } from '../../aws/demo-firm';

export interface HandlerSettings {
  tableName: string;
  cognito: Pick<RunningLocalCognito, 'region' | 'endpoint' | 'userPoolId' | 'backendSecret'>;
  dynamoEndpoint: string;
  s3Endpoint: string;
  /** Where the handlers read the header the gateway adds to every API request, as CloudFront does in AWS. */
  originSecrets: SecretSource;
  siteUrl: string;
  fourEyesThresholdCents: number;
  adminDailyLimitCents: number;
  /** The stack's client agreement (client-agreement.ts), read before the start. */
  clientAgreement: ClientAgreement;
  clientSignUp: ClientSignUp;
  /** ADMIN_PASSKEY_REQUIRED=1 (admin-passkey-required.ts), read before the start. */
  adminPasskeyRequired: boolean;
  mailbox: Mailbox;
}

/**
 * Notifications (lambdas/jobs/notifier.ts) land in the mailbox instead of going through SES.
 * LOCAL_MAIL_FAIL_TIMES=n makes the first n sends fail, as SES may: tests prove the retries.
 */
function localMailer(mailbox: Mailbox) {
  let mailFailuresLeft = Number(process.env.LOCAL_MAIL_FAIL_TIMES ?? 0) || 0;
  return async (mail: { to: string; subject: string; text: string; html: string }) => {
    if (mailFailuresLeft > 0) {
      mailFailuresLeft--;
      throw new Error('local mailer: failing as LOCAL_MAIL_FAIL_TIMES asks');
    }
    mailbox.add({
      to: mail.to,
      subject: mail.subject,
      body: mail.text,
      html: mail.html,
      code: null,
      sentAt: new Date().toISOString(),
    });
  };
}

export function configureHandlers(settings: HandlerSettings): void {
  configureRuntime(
    {
      tableName: settings.tableName,
      region: settings.cognito.region,
      dynamoEndpoint: settings.dynamoEndpoint,
      cognitoEndpoint: settings.cognito.endpoint,
      userPoolId: settings.cognito.userPoolId,
      credentials: localCredentials(),
      siteUrl: settings.siteUrl,
      // The one setting a developer or a test may choose for the stack (ADMIN_RECHECK_SECONDS).
      adminRecheckMs: settingsFromEnvironment().adminRecheckMs,
      // And the weekly job's page size (WEEKLY_GROWTH_PAGE_SIZE), which tests make small; its metrics have nowhere to go here.
      weeklyGrowthPageSize: settingsFromEnvironment().weeklyGrowthPageSize,
      publishMetrics: false,
      exportsBucket: LOCAL_EXPORTS_BUCKET,
      documentsBucket: LOCAL_DOCUMENTS_BUCKET,
      s3Endpoint: settings.s3Endpoint,
      // The user pool's firewall's pass, as the CDK stack gives the routes that call Cognito with a
      // user's token; and, locally, what stands for the functions' IAM signature on the pool's
      // Admin* operations (infra/local/cognito/backend-gate.ts).
      cognitoBackendSecret: settings.cognito.backendSecret,
      // As the CDK stack gives the admin routes the stage's four-eyes threshold (FOUR_EYES_THRESHOLD_DOLLARS, or $10,000).
      fourEyesThresholdCents: settings.fourEyesThresholdCents,
      // And the daily limit of what one administrator applies alone (ADMIN_DAILY_LIMIT_DOLLARS, or $100,000).
      adminDailyLimitCents: settings.adminDailyLimitCents,
      // As the CDK stack gives the function that closes accounts the stage's recordYears (RECORD_YEARS, or 7).
      recordYears: settingsFromEnvironment().recordYears ?? RECORD_YEARS.default,
      // As the CDK stack gives the function that sets payout accounts the stage's cooling-off (PAYOUT_COOLING_OFF_HOURS, or 72).
      payoutCoolingOffHours: settingsFromEnvironment().payoutCoolingOffHours ?? PAYOUT_COOLING_OFF_HOURS.default,
      // As the CDK stack gives the routes of AGREEMENT_ROUTES the stage's clientAgreement (AGREEMENT_VERSION, AGREEMENT_URL).
      agreementVersion: settings.clientAgreement.version,
      agreementUrl: settings.clientAgreement.url,
      // As the CDK stack gives the functions that create profiles the stage's clientSignUp (CLIENT_SIGN_UP, or open).
      clientSignUp: settings.clientSignUp,
      // As the CDK stack gives the functions that decide admin power the stage's adminPasskeyRequired.
      adminPasskeyRequired: settings.adminPasskeyRequired,
      // As the CDK stack gives the function that reads a portfolio the stage's fundingInstructions: the demo ones.
      fundingInstructions: LOCAL_FUNDING_INSTRUCTIONS,
      // As the CDK stack gives the functions that write clients' documents the stage's firm (FIRM_DETAILS): the demo one.
      firm: { ...DEMO_FIRM },
    },
    {
      // The handlers' DynamoDB client, held to each function's declared table use as IAM holds it in AWS.
      onDynamoClient: enforceTablePermissions,
      // The origin secret from the stack's own store, through the same gate as Secrets Manager's in AWS.
      originSecrets: settings.originSecrets,
      // The notifier sends through the local mailer (in AWS: SES, from NOTIFY_FROM).
      mailer: localMailer(settings.mailbox),
      // An export's writer runs beside the request that started it, as Lambda's asynchronous invocation runs it in AWS.
      startExporter: (exportId) =>
        void runAs('BalancesExporter', BALANCES_EXPORTER_TABLE_USE, () => balancesExporter({ exportId })).catch(
          (error: unknown) => console.error(`balances export ${exportId} failed:`, error),
        ),
    },
  );
}
