/** Stops the run's shared stacks and browser, and says how many stacks and browsers the run started. */
import { rmSync } from 'node:fs';
import { privateStacks, type RunHandles, runKey } from './shared-run';

export default async function globalTeardown(): Promise<void> {
  const handles = (globalThis as Record<symbol, RunHandles | undefined>)[runKey];
  if (!handles) return;
  const own = privateStacks(handles.runDir);
  await Promise.allSettled([handles.browser?.close(), ...handles.stacks.map((stack) => stack.stop())]);
  rmSync(handles.runDir, { recursive: true, force: true });
  const shared = handles.stacks.length;
  process.stderr.write(
    `\nE2E: ${shared + own.length} stacks started (${shared} shared, ${own.length} private: ${own.join(', ') || 'none'}), ${handles.browser ? 1 : 0} browser.\n`,
  );
}
