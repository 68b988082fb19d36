/**
 * A local stack for one test file: `infra/local/start.ts` in a child process (exactly what
 * `npm start` runs) on a free port with its own DATA_DIR, stopped after the file's tests.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { stopStale } from '../../../infra/local/pid-file';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export interface TestStack {
  url: string;
  dataDir: string;
  /** `backendSecret`: what the pool's own port wants of a backend caller (infra/local/cognito/backend-gate.ts). */
  cognito: {
    endpoint: string;
    region: string;
    userPoolId: string;
    clientId: string;
    issuer: string;
    jwksUri: string;
    backendSecret: string;
  };
  dynamoEndpoint: string;
  s3Endpoint: string;
  tableName: string;
  /** Stops it; the data folder goes too unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<void>;
  /** Kills the Node process outright (SIGKILL), as a crash would: nothing cleans up. */
  crash(): Promise<void>;
  pid: number;
}

const root = resolve(__dirname, '../../..');

type TestStackOptions = { seed?: boolean; dataDir?: string; web?: 'none' | 'serve'; env?: Record<string, string> };

/**
 * A stack chooses its free ports before it binds them, so a stack started by another test file in
 * the same moment can take one in between: that start is tried again, on new ports.
 */
export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTestStackOnce(options);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startTestStackOnce(options: TestStackOptions): Promise<TestStack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'aurum-it-'));
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/tsx'), ['infra/local/start.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      SEED: options.seed === false ? 'false' : 'true',
      WEB: options.web ?? 'none',
      NODE_NO_WARNINGS: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await readyUrl(child, 60_000).catch(async (error: unknown) => {
    // A start that is given up is stopped too: it would otherwise run on, unseen, to the run's end.
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      if ((await Promise.race([exited.then(() => 'exited'), delay(10_000)])) !== 'exited') child.kill('SIGKILL');
    }
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  const described = JSON.parse(readFileSync(join(dataDir, 'stack.json'), 'utf8')) as Omit<
    TestStack,
    'stop' | 'dataDir' | 'url'
  >;
  return {
    ...described,
    url,
    dataDir,
    pid: child.pid ?? 0,
    async stop(stopOptions = {}) {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      // The stack stops its DynamoDB Local last; a JVM it left running (its own process group
      // outlives a stack cut short) is stopped by its PID file before the folder goes.
      await stopStale(join(dataDir, 'dynamodb.pid'), 'DynamoDBLocal');
      if (!stopOptions.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The URL a starting stack prints once it is ready ("ready at http://..."), or a failure with
 * everything it printed when it exits first or takes longer than `deadlineMs`.
 */
export function readyUrl(child: ChildProcess, deadlineMs: number): Promise<string> {
  let output = '';
  return new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`stack did not start in ${deadlineMs / 1000} s:\n${output}`)),
      deadlineMs,
    );
    const onData = (d: Buffer) => {
      output += d.toString();
      const match = /ready at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited (${code}):\n${output}`));
    });
  });
}
