/**
 * The whole product on one machine, no AWS account, no Docker: DynamoDB Local, the local Cognito
 * and the Lambda handlers behind one gateway. `npm start` runs it; the integration and e2e tests
 * start their own on free ports with their own DATA_DIR.
 *
 * A start is a sequence of named steps (stack/), each started part kept to be stopped in reverse
 * order (stack/stop-list.ts): the table, the exports bucket, Google sign-in, the user pool, the
 * handlers' runtime, the web build, the gateway, the data folder's migration and demo seed, the
 * stack file, the notifier on the table's stream, and last the gateway's port.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { logger } from '../../lambdas/lib/runtime/logger';
import { TABLE_NAME_DEFAULT } from '../../lambdas/lib/runtime/settings';
import { ensureTable, startLocalDynamo } from './dynamo';
import { localAdminDailyLimitCents, localFourEyesThresholdCents } from './four-eyes-threshold';
import { localClientAgreement } from './client-agreement';
import type { ClientAgreement } from '../../shared/client-agreement';
import { localAdminPasskeyRequired } from './admin-passkey-required';
import { localClientSignUp } from './client-sign-up';
import type { ClientSignUp } from '../../shared/client-sign-up';
import { Mailbox } from './mailbox';
import { freePort } from './ports';
import { loadApiHandlers } from './stack/api-handlers';
import { migrateOlderDataFolder } from './stack/data-migration';
import { seedDemo } from './stack/demo-seed';
import { seedDemoStatements } from './stack/demo-statements';
import { startExportsBucket } from './stack/exports-bucket';
import { setUpGateway } from './stack/gateway-setup';
import { startGoogleSignIn } from './stack/google-sign-in';
import { configureHandlers } from './stack/handler-runtime';
import { startNotifierPoller } from './stack/notifier-poller';
import { startSealerPoller } from './stack/sealer-poller';
import { stopStrayStack, writeStackFile } from './stack/stack-file';
import { StopList } from './stack/stop-list';
import { startUserPool } from './stack/user-pool';
import { watchWebBuild } from './stack/web-build';
import { memorySecretStore } from '../../lambdas/lib/http/origin-secrets';

export { LOCAL_EXPORTS_BUCKET } from './stack/local-names';
export { stackFile } from './stack/stack-file';

export interface StackOptions {
  dataDir: string;
  /** 0 = a free port. */
  port: number;
  seed?: boolean;
  tableName?: string;
  /** watch: build the SPA and rebuild on change (npm start); serve: serve web/dist as built; none: API only. */
  web?: 'watch' | 'serve' | 'none';
}

export interface RunningStack {
  url: string;
  port: number;
  dataDir: string;
  /** `backendSecret`: what the pool's own port wants where AWS wants an IAM signature (infra/local/cognito/backend-gate.ts). */
  cognito: {
    endpoint: string;
    region: string;
    userPoolId: string;
    clientId: string;
    issuer: string;
    jwksUri: string;
    backendSecret: string;
    hostedUi?: { origin: string; domain: string };
  };
  dynamoEndpoint: string;
  /** The S3 stand-in's URL (the exports bucket is LOCAL_EXPORTS_BUCKET). */
  s3Endpoint: string;
  tableName: string;
  stop(): Promise<void>;
}

/** What every step of a start knows. */
interface StackPlan {
  dataDir: string;
  port: number;
  url: string;
  tableName: string;
  fourEyesThresholdCents: number;
  adminDailyLimitCents: number;
  clientAgreement: ClientAgreement;
  clientSignUp: ClientSignUp;
  adminPasskeyRequired: boolean;
  seed: boolean;
  web: 'watch' | 'serve' | 'none';
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  stopStrayStack(dataDir);
  const port = options.port || (await freePort());
  const plan: StackPlan = {
    dataDir,
    port,
    url: `http://localhost:${port}`,
    tableName: options.tableName ?? TABLE_NAME_DEFAULT,
    // Read before anything starts: a malformed FOUR_EYES_THRESHOLD_DOLLARS stops the start at once.
    fourEyesThresholdCents: localFourEyesThresholdCents(),
    adminDailyLimitCents: localAdminDailyLimitCents(),
    // And a malformed AGREEMENT_VERSION or AGREEMENT_URL.
    clientAgreement: localClientAgreement(),
    // And a malformed CLIENT_SIGN_UP too.
    clientSignUp: localClientSignUp(),
    // And a malformed ADMIN_PASSKEY_REQUIRED.
    adminPasskeyRequired: localAdminPasskeyRequired(),
    seed: options.seed !== false,
    web: options.web ?? 'none',
  };
  const stops = new StopList();
  try {
    return await startSteps(plan, stops);
  } catch (error) {
    await stops.stopAll();
    throw error;
  }
}

async function startSteps(plan: StackPlan, stops: StopList): Promise<RunningStack> {
  const { dataDir, url, tableName } = plan;
  const dynamo = stops.add(await startLocalDynamo({ dataDir }));
  const setup = await ensureTable(dynamo.client, tableName);
  const mailbox = new Mailbox(dataDir);
  const objects = stops.add(await startExportsBucket(dataDir));
  // As in AWS, a handler answers only requests that came through the front door (the gateway),
  // checked against a store of the stack's own as handlers in AWS check Secrets Manager.
  const originSecret = randomBytes(32).toString('base64url');
  const originSecrets = memorySecretStore(originSecret).source;
  // Quiet unless the developer asks for more (Powertools reads POWERTOOLS_LOG_LEVEL itself).
  if (process.env.POWERTOOLS_LOG_LEVEL === undefined) logger.setLogLevel('WARN');
  // LOCAL_GOOGLE=off starts no Google sign-in, as a stage without a Google provider.
  const google =
    process.env.LOCAL_GOOGLE === 'off'
      ? undefined
      : stops.add(await startGoogleSignIn(dataDir, [`${url}/`, `http://127.0.0.1:${plan.port}/`]));
  const cognito = stops.add(await startUserPool(dataDir, mailbox, google?.hostedUi, url));
  // Nothing awaits I/O between the user pool's start and this call, so no trigger runs before it.
  configureHandlers({
    tableName,
    cognito,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: objects.endpoint,
    originSecrets,
    siteUrl: url,
    fourEyesThresholdCents: plan.fourEyesThresholdCents,
    adminDailyLimitCents: plan.adminDailyLimitCents,
    clientAgreement: plan.clientAgreement,
    clientSignUp: plan.clientSignUp,
    adminPasskeyRequired: plan.adminPasskeyRequired,
    mailbox,
  });
  const handlers = await loadApiHandlers();
  const webBuild = plan.web === 'watch' ? stops.add(await watchWebBuild()) : undefined;
  const gateway = setUpGateway({
    port: plan.port,
    cognito,
    handlers,
    mailbox,
    originSecret,
    serveWeb: plan.web !== 'none',
    clientAgreement: plan.clientAgreement,
  });
  await migrateOlderDataFolder(dataDir, setup);
  if (setup.created && plan.seed) {
    await seedDemo(cognito, mailbox, plan.clientAgreement);
    await seedDemoStatements(Date.now());
  }

  // Only now is the stack what it says it is (demo admin in `admins`, web app written): until
  // this point the port answers nothing, so nobody signs in to a half-made stack.
  await webBuild?.firstBuild;
  stops.addLast(
    writeStackFile(dataDir, { url, cognito, dynamoEndpoint: dynamo.endpoint, s3Endpoint: objects.endpoint, tableName }),
  );
  // Stopped before DynamoDB Local; a fresh folder's seed e-mails are out before the port opens.
  const poller = stops.add(await startNotifierPoller(dataDir, dynamo.endpoint, cognito.region, tableName));
  const sealer = stops.add(await startSealerPoller(dataDir, dynamo.endpoint, cognito.region, tableName));
  if (setup.created) await Promise.all([poller.drained(), sealer.drained()]);
  await gateway.listen();
  stops.add({ stop: () => gateway.close() });
  return {
    url,
    port: plan.port,
    dataDir,
    cognito,
    dynamoEndpoint: dynamo.endpoint,
    s3Endpoint: objects.endpoint,
    tableName,
    stop: () => stops.stopAll(),
  };
}
