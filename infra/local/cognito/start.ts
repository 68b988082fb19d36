/**
 * cognito-local, run in this process, as the local stand-in for the product's Cognito user pool
 * (README.md: what it emulates, what it does not, and the module map). index.ts, the package's
 * entry, loads this module when an emulator is started.
 *
 * cognito-local's services (JSON database, user pools, app clients, groups) and its targets
 * (SignUp, InitiateAuth, ...) do the work; the modules here replace the parts that differ from
 * real Cognito:
 *  - provisioning.ts: the data folder, the signing key, and the product's pool, client and group;
 *  - triggers.ts, messages.ts, token-issuer.ts: its Lambda service, message delivery and token
 *    generator (services.ts hands them to cognito-local);
 *  - operations/: real Cognito's checks and errors in front of its targets, and the operations
 *    it lacks (password sign-in over SRP: operations/password-verifier.ts with srp-server.ts;
 *    two-factor sign-in with an authenticator app: operations/two-factor.ts);
 *  - server.ts and server-*.ts: the HTTP layer;
 *  - hosted-ui.ts and hosted-ui-*.ts: the hosted UI ("Continue with Google") over TLS, in front
 *    of the stack's Google stand-in (infra/local/google/), when asked for;
 *  - cognito-local-internals.ts: the only module that imports cognito-local's private modules.
 */
import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { gateOf } from './backend-gate';
import type { Context } from './cognito-local-internals';
import { createAttemptLimits } from './limits';
import { createMessages } from './messages';
import { createOperations, type OperationContext } from './operations';
import { setUpSoftwareTokenMfa } from './operations/two-factor';
import { openDataDir, provisionUserPool } from './provisioning';
import { startServer } from './server';
import { createServices, targetCaller } from './services';
import { createTokenIssuer } from './token-issuer';
import { createTriggers } from './triggers';
import { createHostedUi } from './hosted-ui';
import { type RunningHostedUi, startHostedUiServer } from './hosted-ui-server';
import type { LocalCognitoOptions, RunningLocalCognito } from './types';

export async function startLocalCognito(options: LocalCognitoOptions): Promise<RunningLocalCognito> {
  const host = options.host ?? '127.0.0.1';
  const region = options.region ?? 'us-east-1';
  const logger = pino({ level: (options.quiet ?? true) ? 'silent' : 'info' });
  const ctx: Context = { logger };
  const { key, clock, cognito } = await openDataDir(options.dataDir, ctx);

  /** Set once the server listens (the port may be chosen by the OS); tokens name it as their issuer. */
  let endpoint = '';
  const issuerOf = (userPoolId: string) => `${endpoint}/${userPoolId}`;
  /** Set once the hosted UI listens: the pool's OpenID configuration then names its endpoints. */
  const late: { hostedUiOrigin?: string } = {};

  const triggers = createTriggers({ region, triggers: options.triggers, logger });
  const messages = createMessages({ logger, triggers, onEmail: options.onEmail });
  const { issueTokens } = createTokenIssuer(key, issuerOf, triggers.preTokenGeneration);
  const services = createServices({ clock, cognito, messages, triggers: triggers.cognitoLocal });
  const { userPoolId, clientId, pool } = await provisionUserPool(services, ctx, region, options.hostedUi !== undefined);

  const now = options.now ?? Date.now;
  const env: OperationContext = {
    ctx,
    clock,
    cognito,
    pool,
    userPoolId,
    limits: createAttemptLimits(now),
    now,
    key,
    issuerOf,
    issueTokens,
    services,
    triggers,
    messages,
    ...(options.webAuthn ? { webAuthn: options.webAuthn } : {}),
    callTarget: targetCaller(services, ctx),
  };
  const dispatch = createOperations(env);
  const backendSecret = options.backendSecret ?? randomBytes(32).toString('base64url');
  const server = await startServer({
    gate: gateOf(backendSecret),
    host,
    port: options.port ?? 0,
    logger,
    dispatch,
    jwk: key.jwk,
    issuerOf,
    hostedUiOrigin: () => late.hostedUiOrigin,
  });
  endpoint = server.endpoint;

  // "Continue with Google": the hosted UI, in front of the stack's Google stand-in.
  let hostedUi: RunningHostedUi | undefined;
  if (options.hostedUi) {
    const given = options.hostedUi;
    hostedUi = await startHostedUiServer({
      host,
      port: given.port ?? 0,
      tls: given.tls,
      handler: (origin) => createHostedUi(env, given, origin),
    }).catch(async (error: unknown) => {
      await server.stop();
      throw error;
    });
  }
  late.hostedUiOrigin = hostedUi?.origin;

  return {
    endpoint,
    region,
    userPoolId,
    clientId,
    issuer: issuerOf(userPoolId),
    jwksUri: `${issuerOf(userPoolId)}/.well-known/jwks.json`,
    ...(hostedUi ? { hostedUi: { origin: hostedUi.origin, domain: new URL(hostedUi.origin).host } } : {}),
    stop: async () => {
      await hostedUi?.stop();
      await server.stop();
    },
    backendSecret,
    setUpSoftwareTokenMfa: (username, secret) => setUpSoftwareTokenMfa(env, username, secret),
  };
}
