/**
 * One local stack and one browser per test file; a fresh browser context (no storage, no
 * cookies) per test. A failing test leaves a screenshot and the page's console under
 * .e2e-artifacts/.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page, Response } from 'playwright-core';
import { type AnswerOf, matchPath, routeByName, type RouteName } from '../../../shared/api';
import { checkAnswer, Client, freshTotpCode } from '../../integration/support/client';
import { startTestStack, type TestStack } from '../../integration/support/stack';
import { launchBrowser } from './browser';
import { spkiHashOf } from '@aurum/cognito-emulator';

const ARTIFACTS = resolve(__dirname, '../../../.e2e-artifacts');

export interface E2E {
  stack: TestStack;
  client: Client;
  browser: Browser;
  url(path: string): string;
}

export function useE2E(): E2E {
  const ctx = {} as E2E;
  beforeAll(async () => {
    ctx.stack = await startTestStack({ seed: true, web: 'serve' });
    ctx.client = new Client(ctx.stack);
    // The local hosted UI's certificate (Google sign-in), trusted as a developer trusts it once.
    ctx.browser = await launchBrowser([
      spkiHashOf(readFileSync(join(ctx.stack.dataDir, 'hosted-ui-tls', 'cert.pem'), 'utf8')),
    ]);
    ctx.url = (path: string) => `${ctx.stack.url}${path}`;
  });
  afterAll(async () => {
    await ctx.browser?.close();
    ctx.client?.destroy();
    await ctx.stack?.stop();
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
  await page.getByRole('button', { name: 'Sign In' }).click();
  const secret = e2e.client.totpSecretOf(email);
  if (secret === undefined) return;
  await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

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
