/**
 * `npm start` (infra/local/start.ts) in a process group of its own, for a test that kills all of
 * it at once as a crash would (SIGKILL to the group: tsx and the stack's Node process; DynamoDB
 * Local's JVM runs in a group of its own, outlives them, and the next start stops it by its PID
 * file) and starts it again on the same DATA_DIR. support/stack.ts's stacks share the test
 * runner's group, which a group kill would take down with them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stopStale } from '../../../infra/local/pid-file';
import { eventually } from './eventually';
import { readyUrl, type TestStack } from './stack';

const root = resolve(__dirname, '../../..');
const START_DEADLINE_MS = 90_000;

export interface GroupStack extends TestStack {
  /** The process group (the id of its leader, tsx). */
  pgid: number;
}

export async function startGroupStack(dataDir: string, env: Record<string, string> = {}): Promise<GroupStack> {
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['infra/local/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SEED: 'true', WEB: 'none', NODE_NO_WARNINGS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pgid = child.pid ?? 0;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await readyUrl(child, START_DEADLINE_MS);
  const described = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as Omit<
    TestStack,
    'stop' | 'crash' | 'dataDir' | 'url' | 'pid'
  >;
  return {
    ...described,
    url,
    dataDir,
    pid: pgid,
    pgid,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      // tsx exits once it has passed the signal on, while the stack's own process is still
      // stopping DynamoDB Local, which runs in a group of its own. Both are waited for, so the
      // caller does not remove the data folder under them, and a JVM the stack left running (seen
      // once on a busy machine) is stopped by its PID file, as the stack's next start would.
      const groupGone = await eventually(async () => expect(runningInGroup(pgid)).toEqual([]), 30_000).then(
        () => true,
        () => false,
      );
      if (!groupGone) process.kill(-pgid, 'SIGKILL');
      await stopStale(join(dataDir, 'dynamodb.pid'), 'DynamoDBLocal');
    },
    async crash() {
      process.kill(-pgid, 'SIGKILL');
      await exited;
    },
  };
}

/** /proc/<pid>/stat's state and process group (the command name, in parentheses, may hold spaces). */
function statOf(pid: number): { state: string; pgrp: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: state ?? '', pgrp: Number(pgrp) };
  } catch {
    return null;
  }
}

/**
 * Whether `pid` is a running process. A zombie is not: it is dead, holding no port or file, and
 * waits only for its parent (or, orphaned, for a PID 1 that may never reap it in a container).
 */
export function isRunning(pid: number): boolean {
  const stat = statOf(pid);
  return stat !== null && stat.state !== 'Z';
}

/** The running processes of process group `pgid`. */
export function runningInGroup(pgid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => statOf(pid)?.pgrp === pgid && isRunning(pid));
}
