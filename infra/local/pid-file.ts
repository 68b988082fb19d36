/**
 * Child processes that can outlive a killed parent (DynamoDB Local's JVM does) are recorded in
 * a PID file, and a stale one from a crashed run is stopped at the next start.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the process named in `file` if it is still running and its command line contains `marker`. */
export async function stopStale(file: string, marker: string): Promise<number | null> {
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').trim());
  rmSync(file, { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid) || !commandLineOf(pid).includes(marker)) return null;
  process.kill(pid, 'SIGTERM');
  for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  return pid;
}

export function writePid(file: string, pid: number): void {
  writeFileSync(file, `${pid}\n`);
}

export function removePid(file: string): void {
  rmSync(file, { force: true });
}
