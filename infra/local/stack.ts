/**
 * The whole product on one machine, no AWS account, no Docker: DynamoDB Local, cognito-local
 * and the Lambda handlers behind one gateway. `npm start` runs it; the integration and e2e tests
 * start their own on free ports with their own DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { handler as balancesExporter } from '../../lambdas/jobs/balances-export';
import { handler as notifier } from '../../lambdas/jobs/notifier';
import { listProfiles } from '../../lambdas/lib/data/indexes';
import { logger } from '../../lambdas/lib/runtime/logger';
import { recordEntry } from '../../lambdas/lib/money/money-moves';
import { configureRuntime, settingsFromEnvironment } from '../../lambdas/lib/runtime/runtime';
import { TABLE_NAME_DEFAULT } from '../../lambdas/lib/data/table';
import { BALANCES_EXPORTER_TABLE_USE, NO_TABLE_USE, NOTIFIER_TABLE_USE, POST_CONFIRMATION_TABLE_USE, PRE_TOKEN_GENERATION_TABLE_USE, WEEKLY_GROWTH_TABLE_USE, routeTableUse } from '../../lambdas/table-uses';
import { handler as customMessage } from '../../lambdas/triggers/custom-message';
import { handler as postConfirmation } from '../../lambdas/triggers/post-confirmation';
import { handler as preSignUp } from '../../lambdas/triggers/pre-sign-up';
import { handler as preTokenGeneration } from '../../lambdas/triggers/pre-token-generation';
import { routes } from '../../shared/api';
import { startLocalCognito } from './cognito';
import { hostedUiCertificate } from './cognito/hosted-ui-tls';
import { ensureTable, localCredentials, startLocalDynamo } from './dynamo';
import { migrateClientListKeys } from '../../lambdas/lib/migrations/migrate-client-list-keys';
import { type ApiHandler, createGateway } from './gateway';
import { Mailbox } from './mailbox';
import { startObjectStore } from './object-store';
import { localFourEyesThresholdCents } from './four-eyes-threshold';
import { freePort, keptPort } from './ports';
import { DEMO_ADMIN, seedDemoData } from './seed';
import { failuresToFile, startStreamPoller } from './stream-poller';
import { enforceTablePermissions, runAs } from './table-permissions';
import { runWeeklyGrowthLocally } from './weekly-growth-run';
import { localSecurityHeaders, staticFiles } from './web-server';

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
  cognito: { endpoint: string; region: string; userPoolId: string; clientId: string; issuer: string; jwksUri: string; hostedUi?: { origin: string; domain: string } };
  dynamoEndpoint: string;
  /** The S3 stand-in's URL (the exports bucket is LOCAL_EXPORTS_BUCKET). */
  s3Endpoint: string;
  tableName: string;
  stop(): Promise<void>;
}

/** The local stack's region: cognito-local's, the handlers' and the S3 stand-in's signing scope. */
const LOCAL_REGION = 'us-east-1';

/** The local exports bucket's name (the CDK stack's is generated). */
export const LOCAL_EXPORTS_BUCKET = 'aurum-exports';

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
  // Read before anything starts: a malformed FOUR_EYES_THRESHOLD_DOLLARS stops the start at once.
  const fourEyesThresholdCents = localFourEyesThresholdCents();

  const dynamo = await startLocalDynamo({ dataDir });
  const stops: (() => Promise<void>)[] = [() => dynamo.stop()];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  };
  try {
    const setup = await ensureTable(dynamo.client, tableName);
    const fresh = setup.created;
    const mailbox = new Mailbox(dataDir);
    // S3 for the balances exports, as the CDK stack's exports bucket (its files in <dataDir>/s3).
    const objects = await startObjectStore({ dir: join(dataDir, 's3'), buckets: [LOCAL_EXPORTS_BUCKET], credentials: localCredentials(), region: LOCAL_REGION });
    stops.push(() => objects.stop());

    // As in AWS, a handler answers only requests that came through the front door (the gateway).
    const originSecret = randomBytes(32).toString('base64url');
    // Quiet unless the developer asks for more (Powertools reads POWERTOOLS_LOG_LEVEL itself).
    if (process.env.POWERTOOLS_LOG_LEVEL === undefined) logger.setLogLevel('WARN');

    // "Continue with Google": a stand-in for Google, and the hosted UI in front of it over TLS (Amplify
    // reaches a hosted UI only over https), on ports kept across restarts with the data folder's certificate.
    // LOCAL_GOOGLE=off starts neither, as a stage without a Google provider.
    let hostedUi: NonNullable<Parameters<typeof startLocalCognito>[0]['hostedUi']> | undefined;
    if (process.env.LOCAL_GOOGLE !== 'off') {
      const hostedUiPort = await keptPort(join(dataDir, 'hosted-ui.port'));
      const googleClient = { clientId: 'aurum-local-hosted-ui', clientSecret: randomBytes(24).toString('base64url') };
      // Loaded only here: the tools that read this module's stack file need no identity provider.
      const { startGoogleStandIn } = await import('./google/stand-in');
      const google = await startGoogleStandIn({ ...googleClient, redirectUri: `https://localhost:${hostedUiPort}/oauth2/idpresponse` });
      stops.push(() => google.stop());
      // The site's own origins, as the browser may name them (Amplify redirects back to the page's origin).
      const siteUrls = [`${url}/`, `http://127.0.0.1:${port}/`];
      hostedUi = {
        google: { issuer: google.issuer, ...googleClient },
        callbackUrls: siteUrls,
        logoutUrls: siteUrls,
        tls: await hostedUiCertificate(join(dataDir, 'hosted-ui-tls')),
        port: hostedUiPort,
      };
    }

    // Tokens name cognito-local's URL as their issuer, so it keeps its port across restarts
    // (when that port is still free): signed-in browsers stay signed in.
    const cognitoPortFile = join(dataDir, 'cognito.port');
    const previousPort = existsSync(cognitoPortFile) ? Number(readFileSync(cognitoPortFile, 'utf8')) : 0;
    const startCognito = (cognitoPort: number) =>
      startLocalCognito({
        port: cognitoPort,
        region: LOCAL_REGION,
        dataDir: join(dataDir, 'cognito'),
        triggers: {
          preSignUp: (event) => runAs('PreSignUp', NO_TABLE_USE, () => preSignUp(event)),
          postConfirmation: (event) => runAs('PostConfirmation', POST_CONFIRMATION_TABLE_USE, () => postConfirmation(event)),
          customMessage: (event) => runAs('CustomMessage', NO_TABLE_USE, () => customMessage(event)),
          preTokenGeneration: (event) => runAs('PreTokenGeneration', PRE_TOKEN_GENERATION_TABLE_USE, () => preTokenGeneration(event)),
        },
        onEmail: (mail) => mailbox.add(mail),
        ...(hostedUi ? { hostedUi } : {}),
      });
    const cognito = await startCognito(previousPort).catch((error: unknown) => {
      // Only cognito-local's own kept port (the hosted UI's is chosen apart, by keptPort).
      const taken = error as NodeJS.ErrnoException & { port?: number };
      if (previousPort && taken.code === 'EADDRINUSE' && taken.port === previousPort) return startCognito(0);
      throw error;
    });
    writeFileSync(cognitoPortFile, String(new URL(cognito.endpoint).port));
    stops.push(() => cognito.stop());

    // Notifications (lambdas/jobs/notifier.ts) land in the mailbox instead of going through SES.
    // LOCAL_MAIL_FAIL_TIMES=n makes the first n sends fail, as SES may: tests prove the retries.
    let mailFailuresLeft = Number(process.env.LOCAL_MAIL_FAIL_TIMES ?? 0) || 0;
    const localMailer = async (mail: { to: string; subject: string; text: string; html: string }) => {
      if (mailFailuresLeft > 0) {
        mailFailuresLeft--;
        throw new Error('local mailer: failing as LOCAL_MAIL_FAIL_TIMES asks');
      }
      mailbox.add({ to: mail.to, subject: mail.subject, body: mail.text, html: mail.html, code: null, sentAt: new Date().toISOString() });
    };

    // What the CDK stack gives each function in its environment, given here explicitly. Nothing
    // awaits between cognito-local's start and this call, so no trigger runs before it.
    configureRuntime(
      {
        tableName,
        region: cognito.region,
        dynamoEndpoint: dynamo.endpoint,
        cognitoEndpoint: cognito.endpoint,
        userPoolId: cognito.userPoolId,
        credentials: localCredentials(),
        originSecret,
        siteUrl: url,
        // The one setting a developer or a test may choose for the stack (ADMIN_RECHECK_SECONDS).
        adminRecheckMs: settingsFromEnvironment().adminRecheckMs,
        // And the weekly job's page size (WEEKLY_GROWTH_PAGE_SIZE), which tests make small; its metrics have nowhere to go here.
        weeklyGrowthPageSize: settingsFromEnvironment().weeklyGrowthPageSize,
        publishMetrics: false,
        exportsBucket: LOCAL_EXPORTS_BUCKET,
        s3Endpoint: objects.endpoint,
        // As the CDK stack gives the routes that call Cognito with a user's token (the user pool's firewall's pass).
        cognitoBackendSecret: randomBytes(32).toString('base64url'),
        // As the CDK stack gives the admin routes the stage's four-eyes threshold (FOUR_EYES_THRESHOLD_DOLLARS, or $10,000).
        fourEyesThresholdCents,
      },
      {
        // The handlers' DynamoDB client, held to each function's declared table use as IAM holds it in AWS.
        onDynamoClient: enforceTablePermissions,
        // The notifier sends through the local mailer (in AWS: SES, from NOTIFY_FROM).
        mailer: localMailer,
        // An export's writer runs beside the request that started it, as Lambda's asynchronous invocation runs it in AWS.
        startExporter: (exportId) =>
          void runAs('BalancesExporter', BALANCES_EXPORTER_TABLE_USE, () => balancesExporter({ exportId })).catch((error: unknown) =>
            console.error(`balances export ${exportId} failed:`, error),
          ),
      },
    );

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
      // The state machine's definition, run here; each step as the job's Lambda, with its table use.
      runWeeklyGrowth: (now) =>
        runWeeklyGrowthLocally(now, {
          around: (work) => runAs('WeeklyGrowth', WEEKLY_GROWTH_TABLE_USE, work),
          ...(process.env.LOCAL_WEEKLY_STEP_BUDGET_MS ? { stepBudgetMs: Number(process.env.LOCAL_WEEKLY_STEP_BUDGET_MS) } : {}),
        }),
      originSecret,
      // Tests prove the enforcement is live by taking a route's table access away (never widening it).
      tableUseOf: (route) => (deniedTable.has(route.name) ? NO_TABLE_USE : routeTableUse(route)),
      staticFiles: web === 'none' ? undefined : staticFiles(join(process.cwd(), 'web', 'dist'), localSecurityHeaders(cognito.hostedUi?.origin)),
    });
    // An older data folder's clients join the admin list's indexes (as the runbook's migration does
    // in AWS), once: a start that was stopped before the migration finished runs it again.
    const listKeysMarker = join(dataDir, 'client-list-keys.migrated');
    if (!setup.created && (setup.addedIndexes.length > 0 || !existsSync(listKeysMarker))) {
      const migrated = await migrateClientListKeys();
      if (migrated.failed > 0) throw new Error(`${migrated.failed} clients could not be put on the admin list's indexes: start again`);
    }
    writeFileSync(listKeysMarker, new Date().toISOString());
    if (fresh && options.seed !== false) {
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
            adminEmail: DEMO_ADMIN,
            entryFor: () => ({ type: 'deposit', amountCents, at }),
            // The demo's deposits read in the activity log as the demo admin's, like the ledger says.
            activity: (before, balanceAfterCents) => ({
              kind: 'deposit',
              actor: DEMO_ADMIN,
              at: now,
              clientId: before.sub,
              clientEmail: before.email,
              amountCents,
              balanceBeforeCents: before.balanceCents,
              balanceAfterCents,
              note,
            }),
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
      JSON.stringify({ pid: process.pid, url, cognito, dynamoEndpoint: dynamo.endpoint, s3Endpoint: objects.endpoint, tableName }, null, 2),
    );
    stops.unshift(async () => rmSync(stackFile(dataDir), { force: true }));
    // The notifier on the table's stream, as Lambda's event source mapping runs it, its position
    // kept in the data folder as the mapping keeps its checkpoint: a restart, even after a crash,
    // resumes after the last handled record. A fresh folder's stream is read from its start, the
    // seed's deposits included (the mapping exists with the table, as in a deploy), and their
    // e-mails are out before the port opens. Stopped before DynamoDB Local.
    const poller = await startStreamPoller({
      endpoint: dynamo.endpoint,
      credentials: localCredentials(),
      region: cognito.region,
      tableName,
      handler: (event) => runAs('Notifier', NOTIFIER_TABLE_USE, () => notifier(event)),
      onFailure: failuresToFile(join(dataDir, 'stream-failures.jsonl')),
      positionsFile: join(dataDir, 'stream-positions.json'),
    });
    stops.push(() => poller.stop());
    if (fresh) await poller.drained();
    await gateway.listen();
    stops.push(() => gateway.close());
    return { url, port, dataDir, cognito, dynamoEndpoint: dynamo.endpoint, s3Endpoint: objects.endpoint, tableName, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
