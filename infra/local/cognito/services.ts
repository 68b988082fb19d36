/**
 * cognito-local's services with this product's replacements for the parts that differ from real
 * Cognito (triggers.ts, messages.ts, token-issuer.ts), and its targets by name over them (those
 * cognito-local-internals.ts loads). Its targets still do the storage work of most operations.
 */
import { userPoolDefinition as def } from '../../../shared/user-pool';
import {
  DefaultConfig,
  UnsupportedError,
  cognitoLocalTarget,
  otp,
  type Clock,
  type CognitoLocalRoute,
  type CognitoService,
  type Context,
  type Messages,
  type Services,
  type Triggers,
} from './cognito-local-internals';
import type { CognitoRequest, CognitoResponse } from './request';

/** No target loaded here issues tokens (the sign-in operations do, with token-issuer.ts): a call would be a bug. */
const noTokensFromTargets: Services['tokenGenerator'] = {
  generate: () =>
    Promise.reject(new UnsupportedError('tokens are issued by operations/sign-in.ts, never by a cognito-local target')),
};

export function createServices(parts: {
  clock: Clock;
  cognito: CognitoService;
  messages: Messages;
  triggers: Triggers;
}): Services {
  return {
    ...parts,
    tokenGenerator: noTokensFromTargets,
    config: {
      ...DefaultConfig,
      UserPoolDefaults: { UsernameAttributes: [...def.usernameAttributes] },
      TriggerFunctions: {},
    },
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
