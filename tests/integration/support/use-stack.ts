import { Client } from './client';
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
