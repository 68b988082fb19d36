/**
 * The whole product on one machine, no AWS account, no Docker: DynamoDB Local, cognito-local
 * and the Lambda handlers behind one gateway. `npm start` runs it; the integration and e2e tests
 * start their own on free ports with their own DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CustomMessageTriggerEvent, PostConfirmationTriggerEvent, PreSignUpTriggerEvent } from 'aws-lambda';
import { NO_TABLE_USE, POST_CONFIRMATION_TABLE_USE, WEEKLY_GROWTH_TABLE_USE } from '../../lambdas/table-uses';
import { routes } from '../../shared/api';
import { TABLE_NAME_DEFAULT } from '../../lambdas/lib/table';
import { startLocalCognito } from './cognito';
import { ensureTable, localCredentials, startLocalDynamo } from './dynamo';
import { type ApiHandler, createGateway } from './gateway';
import { Mailbox } from './mailbox';
import { freePort } from './ports';
import { seedDemoData } from './seed';
import { enforceTablePermissions, runAs } from './table-permissions';
import { staticFiles } from './web-server';

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
  cognito: { endpoint: string; region: string; userPoolId: string; clientId: string; issuer: string; jwksUri: string };
  dynamoEndpoint: string;
  tableName: string;
  stop(): Promise<void>;
}

type Trigger<E> = { handler: (event: E) => Promise<E> };

/** The file a running stack describes itself in (for `npm run admin` and stray clean-up). */
export const stackFile = (dataDir: string) => join(dataDir, 'stack.json');

function stopStrayStack(dataDir: string): void {
  const file = stackFile(dataDir);
  if (!existsSync(file)) return;
  try {
    const { pid } = JSON.parse(readFileSync(file, 'utf8')) as { pid?: number };
    if (pid && pid !== process.pid) {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('infra/local')) process.kill(pid, 'SIGTERM');
    }
  } catch {
    // not running any more
  }
  rmSync(file, { force: true });
}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true });
  stopStrayStack(dataDir);
  const port = options.port || (await freePort());
  const url = `http://localhost:${port}`;
  const tableName = options.tableName ?? TABLE_NAME_DEFAULT;

  const dynamo = await startLocalDynamo({ dataDir });
  const stops: (() => Promise<void>)[] = [() => dynamo.stop()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const fresh = await ensureTable(dynamo.client, tableName);
    const mailbox = new Mailbox(dataDir);

    // What a Lambda would find in its environment, set before any handler module is loaded.
    const credentials = localCredentials();
    // As in AWS, a handler answers only requests that came through the front door (the gateway).
    const originSecret = randomBytes(32).toString('base64url');
    Object.assign(process.env, {
      ORIGIN_VERIFY: originSecret,
      TABLE_NAME: tableName,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: credentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      SITE_URL: url,
      POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
      POWERTOOLS_DEV: 'true',
    });

    let preSignUp: Trigger<PreSignUpTriggerEvent> | undefined;
    let postConfirmation: Trigger<PostConfirmationTriggerEvent> | undefined;
    let customMessage: Trigger<CustomMessageTriggerEvent> | undefined;
    // Tokens name cognito-local's URL as their issuer, so it keeps its port across restarts
    // (when that port is still free): signed-in browsers stay signed in.
    const cognitoPortFile = join(dataDir, 'cognito.port');
    const previousPort = existsSync(cognitoPortFile) ? Number(readFileSync(cognitoPortFile, 'utf8')) : 0;
    const startCognito = (cognitoPort: number) =>
      startLocalCognito({
        port: cognitoPort,
        dataDir: join(dataDir, 'cognito'),
        triggers: {
          preSignUp: (event) => (preSignUp ? runAs('PreSignUp', NO_TABLE_USE, () => (preSignUp as Trigger<PreSignUpTriggerEvent>).handler(event)) : Promise.resolve(event)),
          postConfirmation: (event) =>
            postConfirmation ? runAs('PostConfirmation', POST_CONFIRMATION_TABLE_USE, () => (postConfirmation as Trigger<PostConfirmationTriggerEvent>).handler(event)) : Promise.resolve(event),
          customMessage: (event) =>
            customMessage ? runAs('CustomMessage', NO_TABLE_USE, () => (customMessage as Trigger<CustomMessageTriggerEvent>).handler(event)) : Promise.resolve(event),
        },
        onEmail: (mail) => mailbox.add(mail),
      });
    const cognito = await startCognito(previousPort).catch((error: unknown) => {
      if (previousPort && (error as NodeJS.ErrnoException).code === 'EADDRINUSE') return startCognito(0);
      throw error;
    });
    writeFileSync(cognitoPortFile, String(new URL(cognito.endpoint).port));
    stops.push(() => cognito.stop());
    Object.assign(process.env, { COGNITO_ENDPOINT: cognito.endpoint, USER_POOL_ID: cognito.userPoolId });

    preSignUp = (await import('../../lambdas/triggers/pre-sign-up')) as Trigger<PreSignUpTriggerEvent>;
    postConfirmation = (await import('../../lambdas/triggers/post-confirmation')) as Trigger<PostConfirmationTriggerEvent>;
    customMessage = (await import('../../lambdas/triggers/custom-message')) as Trigger<CustomMessageTriggerEvent>;
    const weeklyGrowth = await import('../../lambdas/jobs/weekly-growth');
    // The handlers' one DynamoDB client, held to each function's declared table use as IAM holds it in AWS.
    enforceTablePermissions((await import('../../lambdas/lib/db')).ddb);
    const handlers = new Map<string, ApiHandler>();
    for (const route of routes) {
      const module = (await import(`../../lambdas/http/${route.name}`)) as { handler: ApiHandler };
      handlers.set(route.name, module.handler);
    }

    const web = options.web ?? 'none';
    // The port opens only once the first build is written: a browser never meets a half-built app.
    let firstBuild: Promise<void> = Promise.resolve();
    if (web === 'watch') {
      const { watchWeb, printReport } = await import('../../web/build');
      let built: () => void = () => undefined;
      firstBuild = new Promise<void>((resolveBuilt) => {
        built = resolveBuilt;
      });
      let first = true;
      const watcher = await watchWeb((report) => {
        if (report instanceof Error) console.error(`web build failed: ${report.message}`);
        else if (first) printReport(report);
        else console.log('web rebuilt');
        first = false;
        built();
      });
      stops.push(() => watcher.stop());
    }
    const deniedTable = new Set((process.env.LOCAL_IAM_DENY ?? '').split(',').filter(Boolean));
    const gateway = createGateway({
      port,
      cognito,
      handlers,
      mailbox,
      runWeeklyGrowth: (now) => runAs('WeeklyGrowth', WEEKLY_GROWTH_TABLE_USE, () => weeklyGrowth.runWeeklyGrowth(now)),
      originSecret,
      // Tests prove the enforcement is live by taking a route's table access away (never widening it).
      tableUseOf: (route) => (deniedTable.has(route.name) ? NO_TABLE_USE : route.table),
      staticFiles: web === 'none' ? undefined : staticFiles(join(process.cwd(), 'web', 'dist')),
    });
    if (fresh && options.seed !== false) {
      const { recordEntry } = await import('../../lambdas/lib/money-moves');
      const { listProfiles } = await import('../../lambdas/lib/indexes');
      const now = Date.now();
      await seedDemoData({
        cognito,
        mailbox,
        now,
        deposit: async (email, amountCents, at, note) => {
          const profile = (await listProfiles()).find((p) => p.email === email);
          if (!profile) throw new Error(`no profile for ${email}`);
          await recordEntry({
            sub: profile.sub,
            now,
            note,
            adminEmail: 'admin@example.com',
            entryFor: () => ({ type: 'deposit', amountCents, at }),
            answer: () => ({ body: null }),
          });
        },
      });
    }

    // Only now is the stack what it says it is (demo admin in `admins`, web app written): until
    // this point the port answers nothing, so nobody signs in to a half-made stack.
    await firstBuild;
    writeFileSync(
      stackFile(dataDir),
      JSON.stringify({ pid: process.pid, url, cognito, dynamoEndpoint: dynamo.endpoint, tableName }, null, 2),
    );
    stops.unshift(async () => rmSync(stackFile(dataDir), { force: true }));
    await gateway.listen();
    stops.push(() => gateway.close());
    return { url, port, dataDir, cognito, dynamoEndpoint: dynamo.endpoint, tableName, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
