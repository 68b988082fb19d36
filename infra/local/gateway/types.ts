/** What the gateway's routes are given, and what a route is: shared by gateway.ts and its routes here. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDef, TableUse } from '../../../shared/api';
import type { LocalCognito } from '@aurum/cognito-emulator';
import type { Mailbox } from '../mailbox';
import type { ClientAgreement } from '../../../shared/client-agreement';

export type ApiHandler = (event: APIGatewayProxyEventV2WithJWTAuthorizer) => Promise<APIGatewayProxyStructuredResultV2>;

/** What the gateway needs to know of the local user pool. */
export type CognitoTarget = Omit<LocalCognito, 'stop'>;

export interface GatewayOptions {
  host?: string;
  port: number;
  cognito: CognitoTarget;
  handlers: ReadonlyMap<string, ApiHandler>;
  mailbox: Mailbox;
  runWeeklyGrowth: (now: number) => Promise<unknown>;
  /** Runs the monthly statements job as scheduled at `time` (absent where a test's gateway has no job). */
  runMonthlyStatements?: (time: number) => Promise<unknown>;
  /** Added to every API request as CloudFront adds it in AWS (a viewer's own copy is replaced). */
  originSecret: string;
  /** The table actions a route's function may issue (as its IAM role allows in AWS); default its grant (lambdas/table-uses.ts). */
  tableUseOf?: (route: RouteDef) => TableUse;
  /** The client agreement config.json gives the web (the stack's; none where a test's gateway has none). */
  clientAgreement?: ClientAgreement;
  /** Serves everything that is not API, Cognito or local (the SPA). */
  staticFiles?: (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
}

/** One of the gateway's paths: which requests it takes, and its answer to them. */
export interface GatewayRoute {
  matches(pathname: string): boolean;
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>;
}
