/**
 * The infra project's global setup: an empty folder for this run's synthesized stages
 * (template-reader.ts's `stageTemplates`), named in the environment the test workers inherit.
 * The teardown removes it, so the next run synthesizes from the code as it is then.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEMPLATE_CACHE_ENV } from './template-reader';

export default function setup(): void {
  process.env[TEMPLATE_CACHE_ENV] = mkdtempSync(join(tmpdir(), 'aurum-templates-'));
}
