/** Stops the run's shared stacks and says how many were started and what each start cost. */
import { keeperKey } from './global-setup';
import type { StackKeeper } from './stack-keeper';

export default async function globalTeardown(): Promise<void> {
  const keeper = (globalThis as Record<symbol, StackKeeper | undefined>)[keeperKey];
  if (!keeper) return;
  const { started, startSeconds } = await keeper.stop();
  const each = startSeconds.map((s) => `${s.toFixed(1)} s`).join(', ');
  process.stderr.write(`\nShared stacks: ${started} started${started ? ` (${each})` : ''}.\n`);
}
