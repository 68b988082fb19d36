/**
 * This worker's shared stack (support/stack-keeper.ts): the same stack for every file the worker
 * runs, so a file on it makes its own users and clients and reads only its own data. Stopping it
 * is the run's to do: `stop` and `crash` refuse.
 */
import { KEEPER_URL_VARIABLE, type SharedStackInfo } from './stack-keeper';
import type { TestStack } from './stack';

export async function sharedStack(): Promise<TestStack> {
  const keeper = process.env[KEEPER_URL_VARIABLE];
  if (!keeper)
    throw new Error(
      `${KEEPER_URL_VARIABLE} is not set: run the file in the integration project, whose globalSetup starts the stack keeper`,
    );
  // One worker runs one file at a time; outside a worker pool (a single file), Jest runs as worker 1.
  const res = await fetch(`${keeper}/stacks/${process.env.JEST_WORKER_ID ?? '1'}`);
  if (!res.ok) throw new Error(`the shared stack did not start: ${await res.text()}`);
  const info = (await res.json()) as SharedStackInfo;
  const refuse = () =>
    Promise.reject(
      new Error('a shared stack is stopped by the run, never by one file: use useTestStack for a stack of its own'),
    );
  return { ...info, stop: refuse, crash: refuse };
}
