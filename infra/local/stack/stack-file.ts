/**
 * `<dataDir>/stack.json`: a running stack describes itself there (for `npm run admin` and the
 * tools), and a stack left running on the same data folder is stopped before another starts.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The file a running stack describes itself in (for `npm run admin` and stray clean-up). */
export const stackFile = (dataDir: string) => join(dataDir, 'stack.json');

/** Stops the stack the data folder's file names, if it is still running (and is a local stack), and removes the file. */
export function stopStrayStack(dataDir: string): void {
  const file = stackFile(dataDir);
  if (!existsSync(file)) return;
  try {
    const { pid } = JSON.parse(readFileSync(file, 'utf8')) as { pid?: number };
    if (pid && pid !== process.pid) {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('infra/local')) process.kill(pid, 'SIGTERM');
    }
  } catch {
    // not running any more
  }
  rmSync(file, { force: true });
}

/** Writes this process's description of the stack; the answer removes it. */
export function writeStackFile(dataDir: string, description: Record<string, unknown>): () => Promise<void> {
  // It holds the user pool's backend secret (what `npm run admin` calls the pool with): this user's only.
  writeFileSync(stackFile(dataDir), JSON.stringify({ pid: process.pid, ...description }, null, 2), { mode: 0o600 });
  return async () => rmSync(stackFile(dataDir), { force: true });
}
