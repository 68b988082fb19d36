/**
 * cognito-local's services with this product's replacements for the parts that differ from real
 * Cognito (triggers.ts, messages.ts, token-issuer.ts), and its router over them minus the TOTP
 * targets (see cognito-local-internals.ts; operations/two-factor.ts does their work). Its targets
 * still do the storage work of most operations.
 */
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import { userPoolDefinition as def } from '../../../shared/user-pool';
import {
  DefaultConfig,
  UnsupportedError,
  cognitoLocalTarget,
  createServer,
  otp,
  type Clock,
  type CognitoLocalRoute,
  type CognitoService,
  type Context,
  type Messages,
  type Services,
  type TokenGenerator,
  type Triggers,
} from './cognito-local-internals';
import type { CognitoRequest, CognitoResponse } from './request';

export function createServices(parts: { clock: Clock; cognito: CognitoService; messages: Messages; tokenGenerator: TokenGenerator; triggers: Triggers }): Services {
  return {
    ...parts,
    config: { ...DefaultConfig, UserPoolDefaults: { UsernameAttributes: [...def.usernameAttributes] }, TriggerFunctions: {} },
    otp,
  };
}

/** cognito-local's operation for `target`, run on `services`; an operation it lacks is refused as unsupported. */
export function cognitoLocalRoute(services: Services, target: string): CognitoLocalRoute {
  const make = cognitoLocalTarget(target);
  if (!make) return () => Promise.reject(new UnsupportedError(`Unsupported x-amz-target header "${target}"`));
  return make(services);
}

export type CallTarget = (target: string, req: CognitoRequest) => Promise<CognitoResponse>;

/** Runs cognito-local's operations with the one context (logger) this process uses. */
export function targetCaller(services: Services, ctx: Context): CallTarget {
  return (target, req) => cognitoLocalRoute(services, target)(ctx, req);
}

/**
 * cognito-local's express app, for the routes server.ts lets through to it (/health and its
 * OAuth2 endpoints); its own POST / would run any operation behind every check here.
 */
export function cognitoLocalExpressApp(services: Services, logger: Logger): RequestListener {
  const router = (target: string) => cognitoLocalRoute(services, target);
  const application: RequestListener = createServer(router, logger, { development: false, https: false }, services).application;
  return application;
}
