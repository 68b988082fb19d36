/**
 * @jest-environment node
 *
 * The production build: the budget is a size (deterministic), so it is checked here; the first
 * screen must not pull the admin pages or zod.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUDGET_KB, buildWeb, DIST, pruneAssets } from './build';

it('builds within the gzip budget, with modulepreload for the first screen only', async () => {
  const report = await buildWeb();
  expect(report.totals.initialGzip).toBeLessThanOrEqual(BUDGET_KB.initial * 1024);
  expect(report.totals.adminGzip).toBeLessThanOrEqual(BUDGET_KB.admin * 1024);
  expect(report.admin.length).toBeGreaterThan(0);
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  expect(html).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js"><\/script>/);
  for (const file of report.initial.filter((f) => !f.file.includes('main-'))) expect(html).toContain(`<link rel="modulepreload" href="/${file.file}" />`);
  for (const file of report.admin) expect(html).not.toContain(file.file);
  expect(html.indexOf('/theme.js')).toBeLessThan(html.indexOf('/assets/main-'));
  const initialCode = report.initial.map((f) => readFileSync(join(DIST, f.file), 'utf8')).join('\n');
  expect(initialCode).not.toContain('Admin Dashboard');
  expect(initialCode).not.toMatch(/ZodError|_zod/);
  expect(existsSync(join(DIST, 'theme.js'))).toBe(true);
}, 120_000);

it('a rebuild keeps the chunks of the build before it (a page loaded then still finds them), and only those', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'));
  const file = (name: string) => join(dir, name);
  for (const name of ['main-OLD.js', 'chunk-OLD.js', 'main-OLDER.js', 'main-NEW.js', 'chunk-SHARED.js']) writeFileSync(file(name), '');
  pruneAssets(dir, new Set([file('main-NEW.js'), file('chunk-SHARED.js')]), new Set([file('main-OLD.js'), file('chunk-OLD.js'), file('chunk-SHARED.js')]));
  expect(readdirSync(dir).sort()).toEqual(['chunk-OLD.js', 'chunk-SHARED.js', 'main-NEW.js', 'main-OLD.js']);
  rmSync(dir, { recursive: true, force: true });
});
