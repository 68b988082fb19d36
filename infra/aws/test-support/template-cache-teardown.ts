/**
 * The infra project's global teardown: says how many stages the run synthesized against how many
 * its files asked for, then removes this run's synthesized stages (template-cache-setup.ts).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { SYNTH_LOG, TEMPLATE_CACHE_ENV } from './template-reader';

export default function teardown(): void {
  const dir = process.env[TEMPLATE_CACHE_ENV];
  if (!dir) return;
  const log = join(dir, SYNTH_LOG);
  const lines = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : [];
  const count = (kind: string) => lines.filter((l) => l.startsWith(`${kind} `)).length;
  const distinct = new Set(lines.filter((l) => l.startsWith('asked ')).map((l) => l.slice(6))).size;
  process.stderr.write(
    `infra stages: ${count('asked')} asked for by stageTemplates (${distinct} distinct configs), ${count('synthesized')} synthesized; ${count('direct')} synthStage calls for constructs\n`,
  );
  rmSync(dir, { recursive: true, force: true });
  delete process.env[TEMPLATE_CACHE_ENV];
}
