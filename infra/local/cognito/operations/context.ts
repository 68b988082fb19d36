/** What the operations the product adds or fixes work with: the running pool and its parts. */
import type {
  AppClient,
  Clock,
  CognitoService,
  Context,
  Messages,
  Services,
  UserPoolService,
} from '../cognito-local-internals';
import type { AttemptLimits } from '../limits';
import type { CognitoRequest, CognitoResponse } from '../request';
import type { CallTarget } from '../services';
import type { IssueTokens } from '../token-issuer';
import type { SigningKey } from '../tokens';
import type { LocalTriggers } from '../triggers';
import type { WebAuthnOptions } from '../types';

export interface OperationContext {
  ctx: Context;
  clock: Clock;
  cognito: CognitoService;
  /** The product's user pool (the only one). */
  pool: UserPoolService;
  userPoolId: string;
  limits: AttemptLimits;
  /**
   * The clock (epoch ms) of the attempt limits and of sign-in challenge sessions (their
   * 3-minute life): LocalCognitoOptions.now, so tests move it instead of waiting.
   */
  now: () => number;
  key: SigningKey;
  issuerOf: (userPoolId: string) => string;
  issueTokens: IssueTokens;
  services: Services;
  triggers: LocalTriggers;
  messages: Messages;
  /** The pool's relying party and the site's origins, when passkeys are set up. */
  webAuthn?: WebAuthnOptions;
  /** cognito-local's own operation, for the work that is left to it. */
  callTarget: CallTarget;
}

export type Operation = (req: CognitoRequest) => Promise<CognitoResponse>;
export type Operations = Record<string, Operation>;

export interface ClientAndPool {
  client: AppClient;
  pool: UserPoolService;
}
