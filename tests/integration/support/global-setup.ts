/** Starts the keeper of the run's shared stacks (support/stack-keeper.ts); the stacks start as workers ask. */
import { KEEPER_URL_VARIABLE, type StackKeeper, startStackKeeper } from './stack-keeper';

/** Jest runs globalSetup and globalTeardown in its own process: the keeper passes between them here. */
export const keeperKey = Symbol.for('aurum.integration.stack-keeper');

export default async function globalSetup(): Promise<void> {
  const keeper = await startStackKeeper();
  process.env[KEEPER_URL_VARIABLE] = keeper.url;
  (globalThis as Record<symbol, StackKeeper | undefined>)[keeperKey] = keeper;
}
