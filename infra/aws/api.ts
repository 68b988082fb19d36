/**
 * The HTTP API: one PortalFunction per route of the shared route table, every route behind the
 * Cognito JWT authorizer with the access-token scope (so ID tokens are refused), access logs,
 * throttling, no CORS (the browser reaches it through CloudFront, same origin).
 */
import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpRoute, HttpRouteKey, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routes } from '../../shared/api';
import { userPoolDefinition } from '../definitions/user-pool';
import { PortalFunction } from './portal-function';

export interface RoutesProps {
  table: ITable;
  userPool: IUserPool;
  client: IUserPoolClient;
}

/** Per-stage limits: generous for people, a ceiling for scripts gone wrong. */
export const API_THROTTLE = { rateLimit: 50, burstLimit: 100 };

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

  /** The API itself comes first (CloudFront needs its domain); the routes come once the user pool exists. */
  constructor(scope: Construct, id: string) {
    super(scope, id);
    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: RetentionDays.THREE_MONTHS });
    this.httpApi = new HttpApi(this, 'Http', {
      apiName: 'aurum-portal',
      description: 'Aurum client portal API (reached through CloudFront at /api/*)',
      createDefaultStage: false,
    });
    this.httpApi.addStage('Stage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: API_THROTTLE,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: ACCESS_LOG_FORMAT },
    });
  }

  /** One PortalFunction and one route per entry of the shared route table. */
  addRoutes(props: RoutesProps): this {
    const authorizer = new HttpUserPoolAuthorizer('Cognito', props.userPool, { userPoolClients: [props.client] });

    for (const route of routes) {
      const fn = new PortalFunction(this, route.name, {
        entry: `lambdas/http/${route.name}.ts`,
        description: `${route.method} ${route.path}`,
        table: props.table,
        tableAccess: route.access,
        environment: 'cognitoActions' in route ? { USER_POOL_ID: props.userPool.userPoolId } : {},
        timeout: Duration.seconds(route.name === 'deleteClient' ? 30 : 10),
      });
      if ('cognitoActions' in route) {
        fn.addToRolePolicy(
          new PolicyStatement({ actions: route.cognitoActions.map((a) => `cognito-idp:${a}`), resources: [props.userPool.userPoolArn] }),
        );
      }
      this.functions.set(route.name, fn);
      new HttpRoute(this, `${route.name}Route`, {
        httpApi: this.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${route.name}Integration`, fn),
        authorizer,
        authorizationScopes: [userPoolDefinition.apiScope],
      });
    }
    return this;
  }
}
