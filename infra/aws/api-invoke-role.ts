/**
 * How API Gateway invokes the route functions: with one role of its own, named as each
 * integration's credentials, instead of a resource-based permission on every function. The reach
 * is the same (this API's integrations, these functions or their `live` aliases, nothing else),
 * and it costs the portal stack one resource instead of one per route, which keeps its headroom
 * under CloudFormation's 500 as routes are added.
 *
 * CDK's HttpLambdaIntegration always adds a permission and takes no credentials: hence the small
 * integration below, which is what HttpLambdaIntegration binds minus the permission.
 */
import { Lazy } from 'aws-cdk-lib';
import {
  HttpIntegrationType,
  HttpRouteIntegration,
  type HttpRouteIntegrationConfig,
  IntegrationCredentials,
  PayloadFormatVersion,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { PolicyDocument, PolicyStatement, type IRole, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/** A Lambda proxy integration (payload 2.0) that API Gateway calls with the given role. */
class RoleInvokedLambda extends HttpRouteIntegration {
  constructor(
    id: string,
    private readonly handler: IFunction,
    private readonly role: IRole,
  ) {
    super(id);
  }

  bind(): HttpRouteIntegrationConfig {
    return {
      type: HttpIntegrationType.AWS_PROXY,
      uri: this.handler.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
      credentials: IntegrationCredentials.fromRole(this.role),
    };
  }
}

export class ApiInvokeRole extends Construct {
  readonly role: Role;
  private readonly targets: string[] = [];

  constructor(scope: Construct, id: string) {
    super(scope, id);
    // Only API Gateway may assume it, and only an integration of this account can name it: naming
    // a role as an integration's credentials takes iam:PassRole on it, which no other account has.
    this.role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      description: "API Gateway's invocation of the route functions: exactly these functions, or their live aliases",
      inlinePolicies: {
        InvokeRoutes: new PolicyDocument({
          statements: [
            new PolicyStatement({
              actions: ['lambda:InvokeFunction'],
              resources: Lazy.list({ produce: () => this.targets }),
            }),
          ],
        }),
      },
    });
  }

  /** The route's integration: API Gateway invokes `handler` (a function or its alias) with this role, and nothing else is granted. */
  integrationFor(id: string, handler: IFunction): HttpRouteIntegration {
    this.targets.push(handler.functionArn);
    return new RoleInvokedLambda(id, handler, this.role);
  }
}
