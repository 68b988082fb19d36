/**
 * The HTTP API: one PortalFunction per route of the shared route table, every route behind the
 * Cognito JWT authorizer with the access-token scope (so ID tokens are refused), access logs,
 * throttling per route, no CORS (the browser reaches it through CloudFront, same origin), and
 * handlers that answer only requests carrying CloudFront's origin secret. With the stage's own
 * domain the execute-api endpoint is disabled and CloudFront alone reaches the API, over mutual
 * TLS (api-origin.ts); without one (a stage that is not production), execute-api stays the
 * origin, since mutual TLS needs a custom domain, and the origin secret is the only gate.
 */
import type { ClientDocuments } from './documents';
import type { BalancesExports } from './exports';
import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  CfnStage,
  HttpApi,
  type HttpStage,
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { Alias } from 'aws-cdk-lib/aws-lambda';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { type RouteDef, type RouteName, routes, usesAdminPower } from '../../shared/api';
import { routeTableUse } from '../../lambdas/table-uses';
import { userPoolDefinition } from '../../shared/user-pool';
import { logsKey } from './logs-key';
import { MONEY_LOG_RETENTION, PortalFunction } from './portal-function';
import { liveAlias, releasedByCanary } from './releases';
import { API_STAGE_NAME } from './route-metrics';
import { grantOriginSecretRead, originSecret } from './origin-secret';
import { ApiInvokeRole } from './api-invoke-role';
import { ApiOrigin } from './api-origin';
import type { SiteDomain } from './custom-domain';
import type { ClientAgreement } from '../../shared/client-agreement';
import type { ClientSignUp } from '../../shared/client-sign-up';

export interface RoutesProps {
  table: ITable;
  userPool: IUserPool;
  client: IUserPoolClient;
  /** What the balances export routes start and link (shared/api.ts `exports`). */
  exports: BalancesExports;
  /** The clients' documents bucket, which some routes link to or write (shared/api.ts `documents`). */
  documents: ClientDocuments;
  /** What the user pool's firewall lets through (user-pool-firewall.ts): given to the routes that call Cognito with a user's token. */
  cognitoBackendSecret: ISecret;
  /** The stage's four-eyes threshold (stage-config.ts), given to every admin route as FOUR_EYES_THRESHOLD_CENTS. */
  fourEyesThresholdDollars: number;
  /** What one administrator applies alone in a day (stage-config.ts), given to every admin route as ADMIN_DAILY_LIMIT_CENTS. */
  adminDailyLimitDollars: number;
  /** The stage's recordYears (stage-config.ts), given to the route that closes accounts as RECORD_YEARS. */
  recordYears: number;
  /** The stage's payoutCoolingOffHours (stage-config.ts), given to the route that sets payout accounts as PAYOUT_COOLING_OFF_HOURS. */
  payoutCoolingOffHours: number;
  /** The stage's clientAgreement (stage-config.ts), given to the routes that show, record or check it as AGREEMENT_VERSION and AGREEMENT_URL. */
  clientAgreement?: ClientAgreement;
  /** The stage's clientSignUp (stage-config.ts), given to the route that creates a missing profile as CLIENT_SIGN_UP. */
  clientSignUp: ClientSignUp;
  /** The stage's fundingInstructions (stage-config.ts), given to the route that reads a portfolio as FUNDING_INSTRUCTIONS. */
  fundingInstructions: readonly string[];
  /** The stage's adminPasskeyRequired (stage-config.ts), given to the routes that decide admin power or show the rule as ADMIN_PASSKEY_REQUIRED. */
  adminPasskeyRequired: boolean;
}

/** Per-stage limits: generous for people, a ceiling for scripts gone wrong. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 };

/**
 * Routes that read many clients or a whole ledger (the admin list, statements, the balances
 * export) cost far more per call than the rest: their own ceilings keep one busy admin or script from
 * starving everyone else's routes. The ceilings are shared by all callers (API Gateway has no
 * per-caller limit), so they stay well above what the firm's people need; the WAF's per-IP
 * rules (site-firewall.ts) stop one caller from using them up.
 */
export const ROUTE_THROTTLES: Partial<Record<RouteName, { rateLimit: number; burstLimit: number }>> = {
  listClients: { rateLimit: 10, burstLimit: 20 },
  // Each export reads the whole book (in the background); the admin page asks after one about once a second.
  startBalancesExport: { rateLimit: 1, burstLimit: 2 },
  getBalancesExport: { rateLimit: 10, burstLimit: 20 },
  getStatement: { rateLimit: 10, burstLimit: 20 },
  getClientStatement: { rateLimit: 5, burstLimit: 10 },
  getHistory: { rateLimit: 20, burstLimit: 40 },
  getClientHistory: { rateLimit: 10, burstLimit: 20 },
  listWithdrawalAlerts: { rateLimit: 10, burstLimit: 20 },
  addDeposit: { rateLimit: 25, burstLimit: 50 },
  processWithdrawal: { rateLimit: 25, burstLimit: 50 },
  updateBalance: { rateLimit: 25, burstLimit: 50 },
  requestWithdrawal: { rateLimit: 25, burstLimit: 50 },
  approveWithdrawalRequest: { rateLimit: 25, burstLimit: 50 },
  rejectWithdrawalRequest: { rateLimit: 25, burstLimit: 50 },
  deleteClient: { rateLimit: 5, burstLimit: 10 },
  // The caller's own sign-in: a person does each a few times a year; Cognito's own quotas are per pool.
  setUpTwoFactor: { rateLimit: 5, burstLimit: 10 },
  verifyTwoFactor: { rateLimit: 5, burstLimit: 10 },
  disableTwoFactor: { rateLimit: 5, burstLimit: 10 },
  changeMyPassword: { rateLimit: 5, burstLimit: 10 },
  startPasskeyRegistration: { rateLimit: 5, burstLimit: 10 },
  addPasskey: { rateLimit: 5, burstLimit: 10 },
  deletePasskey: { rateLimit: 5, burstLimit: 10 },
  // Once per client and version: a burst is a script, or a new version's day.
  acceptAgreement: { rateLimit: 10, burstLimit: 20 },
  // Each invitation e-mails an address outside the firm: a ceiling for a script gone wrong, not for a person.
  createInvitation: { rateLimit: 5, burstLimit: 10 },
};

/** CloudFront sends it to the API; handlers refuse requests without it (lambdas/lib/http/origin.ts). */
export { ORIGIN_HEADER } from '../../lambdas/lib/http/origin';

/**
 * What a handler asks Cognito before it honours an admin claim (cached a minute): is the caller
 * still enabled and still in the admins group, and do they have a second factor (AdminGetUser's
 * UserMFASettingList and UserStatus). The token's groups claim alone would let a demoted or
 * disabled admin act until the token expires. Reads only: a moment the security record lacks is
 * recorded by the pre-token-generation trigger (lambdas/lib/http/admin-moments.ts).
 */
export const ADMIN_CHECK_COGNITO_ACTIONS = ['AdminGetUser', 'AdminListGroupsForUser'] as const;

/** Admin routes, and client routes an admin may read for any client: both confirm the claim. */
export function checksAdmin(route: RouteDef): boolean {
  return usesAdminPower(route);
}

/** The Cognito actions a route's function is granted: its own, plus the admin check where it runs. */
export function cognitoActionsOf(route: RouteDef): string[] {
  const check = checksAdmin(route) ? ADMIN_CHECK_COGNITO_ACTIONS : [];
  return [...new Set([...check, ...(route.cognitoActions ?? [])])];
}

/**
 * What an admin route's function knows of the four-eyes rule: the threshold and the daily limit
 * of what one administrator applies alone, in cents, so a move above either waits for a second administrator. The other routes move no money and get none.
 */
export function fourEyesEnvironment(
  route: Pick<RouteDef, 'auth'>,
  thresholdDollars: number,
  adminDailyLimitDollars: number,
): Record<string, string> {
  return route.auth === 'admin'
    ? {
        FOUR_EYES_THRESHOLD_CENTS: String(thresholdDollars * 100),
        ADMIN_DAILY_LIMIT_CENTS: String(adminDailyLimitDollars * 100),
      }
    : {};
}

/** What the route that closes accounts knows of record keeping: how many years the records are kept. */
export function recordsEnvironment(route: Pick<RouteDef, 'name'>, recordYears: number): Record<string, string> {
  // A rejected application closes its account too.
  return route.name === 'deleteClient' || route.name === 'rejectApplication'
    ? { RECORD_YEARS: String(recordYears) }
    : {};
}

/** What the route that sets payout accounts knows: how long a new one waits before a withdrawal may pay to it. */
export function payoutEnvironment(route: Pick<RouteDef, 'name'>, coolingOffHours: number): Record<string, string> {
  return route.name === 'setPayoutAccount' ? { PAYOUT_COOLING_OFF_HOURS: String(coolingOffHours) } : {};
}

/**
 * The routes that know the client agreement: the portfolio and the client page show it, its
 * acceptance records it, and a withdrawal request or a payout account change checks it. The admin
 * money routes do not (an administrator's deposit is never held up by it), and a new version
 * redeploys only these.
 */
export const AGREEMENT_ROUTES: readonly string[] = [
  'getPortfolio',
  'acceptAgreement',
  'requestWithdrawal',
  'setPayoutAccount',
  'getClient',
] satisfies RouteName[];

export function agreementEnvironment(
  route: Pick<RouteDef, 'name'>,
  agreement: ClientAgreement | undefined,
): Record<string, string> {
  return agreement && AGREEMENT_ROUTES.includes(route.name)
    ? { AGREEMENT_VERSION: agreement.version, AGREEMENT_URL: agreement.url }
    : {};
}

/** What the route that creates a profile the sign-up trigger missed knows: how a new client's account starts. */
export function signUpEnvironment(route: Pick<RouteDef, 'name'>, mode: ClientSignUp): Record<string, string> {
  return route.name === 'createPortfolio' ? { CLIENT_SIGN_UP: mode } : {};
}

/**
 * What the route that reads a portfolio knows: how an approved client funds the account. Only
 * there, and never in the public config.json, so that an applicant under review cannot read them.
 */
export function fundingEnvironment(route: Pick<RouteDef, 'name'>, lines: readonly string[]): Record<string, string> {
  return route.name === 'getPortfolio' ? { FUNDING_INSTRUCTIONS: JSON.stringify(lines) } : {};
}

/**
 * The passkey routes that apply the stage's rule for administrators: the list shows it, and
 * adding one asks an administrator's non-passkey session for an operator's approval.
 */
export const PASSKEY_RULE_ROUTES: readonly string[] = ['listPasskeys', 'startPasskeyRegistration', 'addPasskey'];

/**
 * What the routes that decide admin power know (every admin route, and the client routes admins
 * may read: usesAdminPower), and the passkey routes that apply the rule: whether only passkey
 * sessions get it. Given as 'true' or 'false' to each, so a missing one is an error where read.
 */
export function adminPasskeyEnvironment(
  route: Pick<RouteDef, 'name' | 'auth' | 'adminMayRead'>,
  required: boolean,
): Record<string, string> {
  return usesAdminPower(route) || PASSKEY_RULE_ROUTES.includes(route.name)
    ? { ADMIN_PASSKEY_REQUIRED: String(required) }
    : {};
}

/** HTTP API $context variables, one JSON line per request (no bodies, no tokens). */
const ACCESS_LOG_FORMAT = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    time: '$context.requestTime',
    method: '$context.httpMethod',
    route: '$context.routeKey',
    status: '$context.status',
    latency: '$context.responseLatency',
    integrationLatency: '$context.integrationLatency',
    authorizerError: '$context.authorizer.error',
    sub: '$context.authorizer.claims.sub',
  }),
);

export class PortalApi extends Construct {
  readonly httpApi: HttpApi;
  readonly functions: Map<string, PortalFunction> = new Map();
  /** The `live` alias each canary route invokes (releases.ts), by route name. */
  readonly liveAliases: Map<string, Alias> = new Map();
  /** One JSON line per request: what the dashboard counts the 429s by route from. */
  readonly accessLogs: LogGroup;
  /** The header value CloudFront adds and every handler requires. */
  readonly originSecret: Secret;
  /** Where CloudFront reaches the API: the mutual-TLS custom domain with the stage's own domain, else execute-api. */
  readonly origin: { domainName: string; clientCertificateArn?: string };
  private readonly stage: HttpStage;

  /** The API itself comes first (CloudFront needs its domain); the routes come once the user pool exists. */
  constructor(scope: Construct, id: string, props: { stage: string; domain?: SiteDomain }) {
    super(scope, id);
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_YEAR,
      encryptionKey: logsKey(this),
    });
    this.httpApi = new HttpApi(this, 'Http', {
      apiName: `aurum-portal-${props.stage}`,
      description: 'Aurum client portal API (reached through CloudFront at /api/*)',
      createDefaultStage: false,
      // Its public URL would let any caller skip CloudFront's WAF and spend the routes' shared throttles.
      disableExecuteApiEndpoint: props.domain !== undefined,
    });
    this.originSecret = originSecret(this);
    this.stage = this.httpApi.addStage('Stage', {
      stageName: API_STAGE_NAME,
      autoDeploy: true,
      throttle: API_THROTTLE,
      // Each route's own latency, 4xx and 5xx (route-metrics.ts): the dashboard and the canary releases read them.
      detailedMetricsEnabled: true,
      accessLogSettings: { destination: new LogGroupLogDestination(this.accessLogs), format: ACCESS_LOG_FORMAT },
    });
    this.origin = props.domain
      ? new ApiOrigin(this, 'Origin', {
          api: this.httpApi,
          stage: this.stage,
          domain: props.domain,
          stageName: props.stage,
        })
      : { domainName: `${this.httpApi.apiId}.execute-api.${Stack.of(this).region}.amazonaws.com` };
  }

  /** One PortalFunction and one route per entry of the shared route table. */
  addRoutes(props: RoutesProps): this {
    const authorizer = new HttpUserPoolAuthorizer('Cognito', props.userPool, { userPoolClients: [props.client] });
    const invoker = new ApiInvokeRole(this, 'Invoker');
    // One log group for every route function: a group per route would cost the stack a resource
    // per route (docs/decisions/0026-route-functions-share-a-log-group.md).
    const routeLogs = new LogGroup(this, 'RouteLogs', { retention: MONEY_LOG_RETENTION, encryptionKey: logsKey(this) });

    // RouteSettings is untyped JSON in CloudFormation's schema: CDK passes its keys through as written.
    const routeSettings: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number; DetailedMetricsEnabled: boolean }
    > = {};
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    for (const route of routes as readonly RouteDef[]) {
      const cognitoActions = cognitoActionsOf(route);
      const fn = new PortalFunction(this, route.name, {
        entry: `lambdas/http/${route.name}.ts`,
        description: `${route.method} ${route.path}`,
        table: props.table,
        // The handler's own use, and the admin check's where it runs (lambdas/table-uses.ts).
        tableUse: routeTableUse(route),
        logGroup: routeLogs,
        environment: {
          // The secret's name, not its value: handlers read the value at run time (lambdas/lib/http/origin-secrets.ts).
          ORIGIN_SECRET_ARN: this.originSecret.secretArn,
          ...(cognitoActions.length > 0 ? { USER_POOL_ID: props.userPool.userPoolId } : {}),
          // Calls with the caller's token need no IAM grant, only the firewall's pass: its secret's
          // name, read at run time (lambdas/lib/cognito/cognito-backend-secret.ts).
          ...(route.cognitoUserCalls?.length
            ? { COGNITO_BACKEND_SECRET_ARN: props.cognitoBackendSecret.secretArn }
            : {}),
          ...fourEyesEnvironment(route, props.fourEyesThresholdDollars, props.adminDailyLimitDollars),
          ...recordsEnvironment(route, props.recordYears),
          ...payoutEnvironment(route, props.payoutCoolingOffHours),
          ...agreementEnvironment(route, props.clientAgreement),
          ...signUpEnvironment(route, props.clientSignUp),
          ...fundingEnvironment(route, props.fundingInstructions),
          ...adminPasskeyEnvironment(route, props.adminPasskeyRequired),
        },
        timeout: Duration.seconds(route.name === 'deleteClient' || route.name === 'rejectApplication' ? 30 : 10),
      });
      if (cognitoActions.length > 0) {
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: cognitoActions.map((a) => `cognito-idp:${a}`),
            resources: [props.userPool.userPoolArn],
          }),
        );
      }
      grantOriginSecretRead(this.originSecret, fn);
      if (route.cognitoUserCalls?.length)
        fn.addToRolePolicy(
          new PolicyStatement({
            actions: ['secretsmanager:GetSecretValue'],
            resources: [props.cognitoBackendSecret.secretArn],
          }),
        );
      if (route.exports === 'start') props.exports.allowStart(fn);
      if (route.exports === 'link') props.exports.allowLink(fn);
      if (route.documents === 'link') props.documents.allowLink(fn);
      if (route.documents === 'write') props.documents.allowWrite(fn);
      this.functions.set(route.name, fn);
      // A money route invokes its `live` alias, which CodeDeploy moves to a new version by canary.
      const alias = releasedByCanary(route.name) ? liveAlias(fn) : undefined;
      if (alias) this.liveAliases.set(route.name, alias);
      const httpRoute = new HttpRoute(this, `${route.name}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: invoker.integrationFor(`${route.name}Integration`, alias ?? fn),
        authorizer,
        authorizationScopes: [userPoolDefinition.apiScope],
      });
      const limits = ROUTE_THROTTLES[route.name as RouteName];
      if (limits) {
        // A route's own settings replace the stage's defaults, detailed metrics included.
        routeSettings[`${route.method} ${route.path}`] = {
          ThrottlingRateLimit: limits.rateLimit,
          ThrottlingBurstLimit: limits.burstLimit,
          DetailedMetricsEnabled: true,
        };
        // The stage can only name routes that exist.
        this.stage.node.addDependency(httpRoute);
      }
    }
    cfnStage.routeSettings = routeSettings;
    return this;
  }
}
