/** A project command (`infra/tools/<name>.ts`) run as an operator runs it, with its output. */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');

export function runTool(
  script: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [`infra/tools/${script}`, ...args], {
      cwd: root,
      env: { ...process.env, NODE_NO_WARNINGS: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, output }));
  });
}
