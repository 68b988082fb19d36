/**
 * The deploy workflow's smoke test of a stage just deployed (smoke-checks.ts):
 *
 *   tsx infra/tools/smoke-test.ts <outputs file of cdk deploy --outputs-file> <stack name> [--attempts n] [--wait-ms ms]
 *
 * Prints each check and exits 1 when one fails. The workflow runs the bundle of this file from
 * the release artifact (infra/tools/pack-release.sh).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { smokeTest, targetFromOutputs } from './smoke-checks';

async function main(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { attempts: { type: 'string' }, 'wait-ms': { type: 'string' } },
  });
  const attempts = values.attempts === undefined ? undefined : Number(values.attempts);
  const waitMs = values['wait-ms'] === undefined ? undefined : Number(values['wait-ms']);
  const whole = (n: number | undefined, least: number) => n === undefined || (Number.isInteger(n) && n >= least);
  if (positionals.length !== 2 || !whole(attempts, 1) || !whole(waitMs, 0)) {
    console.error('usage: smoke-test.ts <outputs file> <stack name> [--attempts n] [--wait-ms ms]');
    return 2;
  }
  const [file, stackName] = positionals as [string, string];
  const target = targetFromOutputs(JSON.parse(readFileSync(file, 'utf8')), stackName);
  console.log(`Smoke test of ${stackName} at ${target.siteUrl}`);
  const checks = await smokeTest(target, { attempts, waitMs });
  for (const check of checks)
    console.log(`${check.ok ? 'pass' : 'FAIL'}  ${check.name}${check.ok ? '' : `: ${check.detail}`}`);
  return checks.every((c) => c.ok) ? 0 : 1;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
