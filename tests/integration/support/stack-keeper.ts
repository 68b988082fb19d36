/**
 * The run's shared stacks: one local stack per Jest worker, started when a file of that worker
 * first asks for it, reused by every later file of that worker, stopped when the run ends.
 *
 * Jest's own process keeps them (the integration project's globalSetup starts this keeper and its
 * globalTeardown stops it): it lives the whole run, so a stack outlives the file that started it
 * and its output is read to the end. A test file asks for its worker's stack over HTTP on
 * localhost (support/shared-stack.ts). Jest has no hook that shares a resource with its workers,
 * and the stack is a process tree of our own making, so no library serves.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestStack, type TestStack } from './stack';

/** Where test files find the keeper: set in Jest's process before its workers start, inherited by them. */
export const KEEPER_URL_VARIABLE = 'AURUM_STACK_KEEPER_URL';

/** What a test file gets of a shared stack: everything but the process handles, which stay with the keeper. */
export type SharedStackInfo = Omit<TestStack, 'stop' | 'crash'>;

export interface StackKeeper {
  url: string;
  /** Stops every stack it started and the keeper itself; says how many it started and how long each took. */
  stop(): Promise<{ started: number; startSeconds: number[] }>;
}

export async function startStackKeeper(): Promise<StackKeeper> {
  const stacks = new Map<string, Promise<TestStack>>();
  const startSeconds: number[] = [];
  const stackFor = (worker: string) => {
    let stack = stacks.get(worker);
    if (!stack) {
      const began = Date.now();
      stack = startTestStack({ seed: true }).then(
        (started) => {
          startSeconds.push((Date.now() - began) / 1000);
          return started;
        },
        (error: unknown) => {
          // The worker's next file tries again rather than failing on this start too.
          stacks.delete(worker);
          throw error;
        },
      );
      stacks.set(worker, stack);
    }
    return stack;
  };
  const server: Server = createServer((req, res) => {
    const worker = /^\/stacks\/(\d+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'GET' || !worker) {
      res.writeHead(404).end();
      return;
    }
    stackFor(worker).then(
      ({ stop: _stop, crash: _crash, ...info }) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(info satisfies SharedStackInfo)),
      (error: unknown) =>
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String((error as Error).message ?? error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      // A start that failed has nothing to stop.
      const started = await Promise.all([...stacks.values()].map((stack) => stack.catch(() => undefined)));
      await Promise.all(started.filter((stack) => stack !== undefined).map((stack) => stack.stop()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return { started: startSeconds.length, startSeconds };
    },
  };
}
