/**
 * The run's one browser (support/shared-run.ts), connected to per test file, with a fresh browser
 * context (no storage, no cookies) per test; the run's shared stack, or a stack of the file's own
 * where `privateStack` says why the file needs one. A failing test leaves a screenshot and the
 * page's console under .e2e-artifacts/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Download,
  type Page,
  type Response,
} from 'playwright-core';
import { type AnswerOf, matchPath, routeByName, type RouteName } from '../../../shared/api';
import { checkAnswer, Client, freshTotpCode } from '../../integration/support/client';
import { startTestStack, type TestStack } from '../../integration/support/stack';
import { recordPrivateStack, runDataDir, sharedRun, workerStack } from './shared-run';

const ARTIFACTS = resolve(__dirname, '../../../.e2e-artifacts');

export interface E2E {
  stack: TestStack;
  client: Client;
  browser: Browser;
  url(path: string): string;
}

export interface E2EOptions {
  /**
   * Why the file's journeys cannot share the run's stack (they change or count seeded data that
   * other files change too): the file then starts a seeded stack of its own, serving the same build
   * and the run's hosted-UI certificate, so the run's browser trusts it too.
   */
  privateStack?: string;
  /** Settings for the private stack's start, as a developer sets them (CLIENT_SIGN_UP=review); only with privateStack. */
  env?: Record<string, string>;
}

/**
 * The shared stack is the run's: a file on it makes its own users and clients, or reads seeded
 * data no other file on it changes; stopping or crashing it is the run's to do.
 */
function sharedStack(info: ReturnType<typeof workerStack>): TestStack {
  const refuse = () =>
    Promise.reject(
      new Error('the shared e2e stack is stopped by the run, never by one file: use useE2E({ privateStack })'),
    );
  return { ...info, stop: refuse, crash: refuse };
}

export function useE2E(options: E2EOptions = {}): E2E {
  const ctx = {} as E2E;
  let own: TestStack | undefined;
  beforeAll(async () => {
    const run = sharedRun();
    ctx.browser = await chromium.connect(run.browserEndpoint);
    if (options.privateStack) {
      own = await startTestStack({ seed: true, web: 'serve', dataDir: runDataDir(run.runDir), env: options.env });
      recordPrivateStack(run.runDir, basename(expect.getState().testPath ?? 'unknown'));
    }
    ctx.stack = own ?? sharedStack(workerStack(run));
    ctx.client = new Client(ctx.stack);
    ctx.url = (path: string) => `${ctx.stack.url}${path}`;
  });
  afterAll(async () => {
    // Closing a connected browser disconnects this file and drops its contexts; the browser runs on.
    await ctx.browser?.close();
    ctx.client?.destroy();
    await own?.stop();
  });
  return ctx;
}

export interface Session {
  context: BrowserContext;
  page: Page;
  console: string[];
}

/** Runs a journey in a fresh context; on failure, saves what the page showed and said. */
export function journey(
  name: string,
  e2e: E2E,
  run: (s: Session) => Promise<void>,
  options: BrowserContextOptions = {},
  timeout = 90_000,
) {
  it(
    name,
    async () => {
      const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      const consoleLines: string[] = [];
      page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => consoleLines.push(`pageerror: ${e.message}`));
      try {
        await run({ context, page, console: consoleLines });
      } catch (error) {
        const dir = join(ARTIFACTS, name.replace(/[^\w-]+/g, '_').slice(0, 80));
        mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: join(dir, 'screenshot.png'), fullPage: true }).catch(() => undefined);
        writeFileSync(join(dir, 'console.log'), `${page.url()}\n${consoleLines.join('\n')}\n`);
        throw error;
      } finally {
        await context.close();
      }
    },
    timeout,
  );
}

export const DEMO_PASSWORD = 'Passw0rd!';

/**
 * Signs in on `/` as a person would. A user whose authenticator secret the test client knows (the
 * demo admin, anyone set up through it) then types the app's current code on the code step.
 */
export async function signIn(page: Page, e2e: E2E, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(e2e.url('/'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const secret = e2e.client.totpSecretOf(email);
  if (secret === undefined) return;
  await page.getByLabel('Authentication code').fill(await freshTotpCode(secret, e2e.stack.dataDir));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Runs `run` on the console, signed in as the demo administrator in a browser context of its own
 * (a desktop window), beside the journey's own page: the firm's side of a client's journey.
 */
export async function asDemoAdmin(e2e: E2E, run: (page: Page) => Promise<void>): Promise<void> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    await signIn(page, e2e, DEMO_ADMIN_EMAIL);
    await page.waitForURL(/\/admin$/);
    await run(page);
  } finally {
    await context.close();
  }
}

/** The seeded demo administrator's address (its password is DEMO_PASSWORD). */
export const DEMO_ADMIN_EMAIL = 'admin@example.com';

/** For `page.waitForResponse`: whether a response answers `route` (its method and path, by the route table). */
export function answers(route: RouteName): (response: Response) => boolean {
  const { method, path } = routeByName(route);
  return (response) =>
    response.request().method() === method && matchPath(path, new URL(response.url()).pathname) !== null;
}

/** The page's answer of `route`, checked against the route's declared answer as the integration tests check theirs. */
export async function answerOf<N extends RouteName>(route: N, response: Response): Promise<AnswerOf<N>> {
  const body: unknown = routeByName(route).answer === 'csv' ? await response.text() : await response.json();
  checkAnswer(route, response.status(), body, response.headers()['content-type'] ?? null);
  return body as AnswerOf<N>;
}

/** Holds the app's scripts until `release` is called: the page is its prerendered HTML and head script alone meanwhile. */
export async function holdScripts(page: Page) {
  const held: (() => Promise<void>)[] = [];
  let released = false;
  await page.route('**/assets/*.js', (route) => (released ? route.continue() : void held.push(() => route.continue())));
  return async () => {
    released = true;
    for (const go of held.splice(0)) await go();
  };
}

/**
 * A download's content, read through the browser connection: the run's browser is a server the
 * file connects to, so the downloaded file is on its side and `download.path()` is refused.
 */
export async function downloadedText(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
