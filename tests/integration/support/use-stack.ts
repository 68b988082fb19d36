import { Client } from './client';
import { sharedStack } from './shared-stack';
import { startTestStack, type TestStack } from './stack';
import { TableReader } from './table';

export interface StackContext {
  stack: TestStack;
  client: Client;
  table: TableReader;
}

/** Starts a stack before the file's tests and stops it after; the fields are set once beforeAll has run. */
export function useTestStack(options: Parameters<typeof startTestStack>[0] = {}): StackContext {
  const ctx = {} as StackContext;
  beforeAll(async () => {
    ctx.stack = await startTestStack(options);
    ctx.client = new Client(ctx.stack);
    ctx.table = new TableReader(ctx.stack);
  });
  afterAll(async () => {
    ctx.client?.destroy();
    ctx.table?.destroy();
    await ctx.stack?.stop();
  });
  return ctx;
}

/**
 * The worker's shared stack (seeded, default settings) for the file's tests: started by the first
 * file of the worker that asks, kept for the rest of the run. A file on it makes its own users and
 * never counts what it did not make; a file that changes the stack's settings, restarts or crashes
 * it, moves its clock or asserts on the whole table takes `useTestStack` instead, and says why.
 */
export function useSharedStack(): StackContext {
  const ctx = {} as StackContext;
  beforeAll(async () => {
    ctx.stack = await sharedStack();
    ctx.client = new Client(ctx.stack);
    ctx.table = new TableReader(ctx.stack);
  });
  afterAll(() => {
    ctx.client?.destroy();
    ctx.table?.destroy();
  });
  return ctx;
}
