/**
 * What the end-to-end run shares with its test files: one seeded stack per Jest worker serving the
 * build (a worker runs its files one after another, so files on one stack never overlap), one
 * Chromium (a playwright browser server) for every worker, and one hosted-UI certificate that
 * every stack of the run serves, so the one browser, told to trust its key, trusts them all.
 *
 * Jest's own process starts them (support/global-setup.ts) and stops them
 * (support/global-teardown.ts); test files read where they are from an environment variable set
 * before the workers start, which the workers inherit.
 */
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserServer } from 'playwright-core';
import type { TestStack } from '../../integration/support/stack';

/** Where test files find the run's stacks and browser. */
export const E2E_RUN_VARIABLE = 'AURUM_E2E_RUN';

export interface SharedRun {
  /** The shared stacks, one per worker, without their process handles, which stay with Jest's process. */
  stacks: Omit<TestStack, 'stop' | 'crash'>[];
  /** The browser server's endpoint for `chromium.connect`. */
  browserEndpoint: string;
  /** The run's folder: the hosted-UI certificate every stack serves, and the record of private stacks. */
  runDir: string;
}

/** Jest runs globalSetup and globalTeardown in its own process: the run's handles pass between them here. */
export const runKey = Symbol.for('aurum.e2e.shared-run');

export interface RunHandles {
  stacks: TestStack[];
  browser?: BrowserServer;
  runDir: string;
}

export const certificateDir = (runDir: string) => join(runDir, 'hosted-ui-tls');

/** A data folder for a stack of the run: empty but for the run's hosted-UI certificate, which the stack keeps. */
export function runDataDir(runDir: string): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'aurum-e2e-'));
  cpSync(certificateDir(runDir), join(dataDir, 'hosted-ui-tls'), { recursive: true });
  return dataDir;
}

export function sharedRun(): SharedRun {
  const described = process.env[E2E_RUN_VARIABLE];
  if (!described)
    throw new Error(
      `${E2E_RUN_VARIABLE} is not set: run the file in the e2e project, whose globalSetup starts the stacks and the browser`,
    );
  return JSON.parse(described) as SharedRun;
}

/** The shared stack of the worker running this file (Jest numbers its workers from 1). */
export function workerStack(run: SharedRun): SharedRun['stacks'][number] {
  const worker = Number(process.env.JEST_WORKER_ID ?? '1');
  const stack = run.stacks[worker - 1];
  if (!stack) throw new Error(`no shared e2e stack for worker ${worker} of ${run.stacks.length}`);
  return stack;
}

const privateStacksFile = (runDir: string) => join(runDir, 'private-stacks.txt');

/** Notes that `file` started a stack of its own, for the run's closing count. */
export function recordPrivateStack(runDir: string, file: string): void {
  appendFileSync(privateStacksFile(runDir), `${file}\n`);
}

export function privateStacks(runDir: string): string[] {
  const path = privateStacksFile(runDir);
  return existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : [];
}
