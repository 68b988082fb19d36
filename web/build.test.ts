/**
 * @jest-environment node
 *
 * The production build: the budget is a size (deterministic), so it is checked here; the first
 * screen must not pull the admin pages or zod; and the build writes the same bytes every time.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createHash } from 'node:crypto';
import { HEAD_SCRIPT_HASH, PRERENDERED_PAGES, SPA_INDEX } from '../shared/site/site-rules';
import { BUDGET_KB, type BuildReport, buildWeb, DIST, pruneAssets, watchWeb } from './build';
import { HEAD_SCRIPT } from '../shared/site/head-script';

let report: BuildReport;
beforeAll(async () => {
  report = await buildWeb();
}, 120_000);

it('builds within the gzip budget: the shell loads the first screen at once, each prerendered page after its first paint', () => {
  expect(report.totals.initialGzip).toBeLessThanOrEqual(BUDGET_KB.initial * 1024);
  expect(report.totals.initialGzip + report.totals.dashboardGzip).toBeLessThanOrEqual(BUDGET_KB.dashboard * 1024);
  expect(report.totals.adminGzip).toBeLessThanOrEqual(BUDGET_KB.admin * 1024);
  expect(report.admin.length).toBeGreaterThan(0);
  // The lazy parts import the app (web/lazy-parts.test.ts), so the first screen comes in a few files, not one per way they share it.
  expect(report.initial.length).toBeLessThanOrEqual(8);
  const read = (file: string) => readFileSync(join(DIST, file), 'utf8');
  const initialFiles = report.initial.map((f) => `/${f.file}`);

  // The shell (every route not prerendered): the entry and modulepreload for the first screen only.
  const shell = read(SPA_INDEX);
  expect(shell).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js"><\/script>/);
  for (const file of initialFiles.filter((f) => !f.includes('/main-')))
    expect(shell).toContain(`<link rel="modulepreload" href="${file}" />`);
  expect(shell).toContain('<div id="root"></div>');

  // Each prerendered page: its text in the HTML, its scripts listed (entry first) for the head
  // script to load after the first paint, none loaded by the HTML itself.
  const texts: Record<string, string> = {
    '/': 'Welcome Back',
    '/signup': 'Create Account',
    '/forgot-password': 'Reset',
  };
  for (const [route, file] of Object.entries(PRERENDERED_PAGES)) {
    const html = read(file.slice(1));
    expect({ route, hasText: html.includes(texts[route] ?? '?') }).toEqual({ route, hasText: true });
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const listed = /<meta name="aurum-scripts" content="([^"]+)" \/>/.exec(html)?.[1]?.split(' ') ?? [];
    expect(listed[0]).toMatch(/^\/assets\/main-[A-Z0-9]+\.js$/);
    for (const f of initialFiles) expect(listed).toContain(f);
    // Sign-in loads nothing of the admin pages (sign-up may share a chunk with them).
    if (route === '/') for (const f of report.admin) expect(html).not.toContain(f.file);
    // The stored colour mode and the scripts' loading before anything else runs, allowed by the policy's hash of exactly it.
    expect(html).toContain(`<script>${HEAD_SCRIPT}</script>`);
    expect((html.match(/<script>/g) ?? []).length).toBe(1);
  }
  expect(HEAD_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`);
  const initialCode = report.initial.map((f) => readFileSync(join(DIST, f.file), 'utf8')).join('\n');
  expect(initialCode).not.toContain('Admin Dashboard');
  expect(initialCode).not.toMatch(/ZodError|_zod/);
  // React Router's components the app does not use (its scroll restoration) are left out (web/react-router-tree-shaking.ts).
  expect(initialCode).not.toContain('react-router-scroll-positions');
  expect(existsSync(join(DIST, 'favicon.svg'))).toBe(true);
});

/** Every file under `dir` (its path in it) and its bytes. */
function filesUnder(dir: string): Map<string, Buffer> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return new Map(
    files.map((entry) => [
      relative(dir, join(entry.parentPath, entry.name)),
      readFileSync(join(entry.parentPath, entry.name)),
    ]),
  );
}

it('two builds from clean write the same files, byte for byte', async () => {
  const first = filesUnder(DIST);
  const second = await buildWeb();
  const written = filesUnder(DIST);
  expect([...written.keys()].sort()).toEqual([...first.keys()].sort());
  const differing = [...first].filter(([file, bytes]) => !written.get(file)?.equals(bytes)).map(([file]) => file);
  expect(differing).toEqual([]);
  expect(second).toEqual(report);
}, 120_000);

it("npm start's watch build writes what npm run build writes: the same files and sizes", async () => {
  let resolveFirst: (r: BuildReport | Error) => void = () => undefined;
  const first = new Promise<BuildReport | Error>((resolve) => {
    resolveFirst = resolve;
  });
  const watcher = await watchWeb((r) => resolveFirst(r));
  try {
    const watched = await first;
    if (watched instanceof Error) throw watched;
    expect(watched).toEqual(report);
  } finally {
    await watcher.stop();
  }
}, 120_000);

it('a rebuild keeps the chunks of the build before it (a page loaded then still finds them), and only those', () => {
  const dir = mkdtempSync(join(tmpdir(), 'assets-'));
  const file = (name: string) => join(dir, name);
  for (const name of ['main-OLD.js', 'chunk-OLD.js', 'main-OLDER.js', 'main-NEW.js', 'chunk-SHARED.js'])
    writeFileSync(file(name), '');
  pruneAssets(
    dir,
    new Set([file('main-NEW.js'), file('chunk-SHARED.js')]),
    new Set([file('main-OLD.js'), file('chunk-OLD.js'), file('chunk-SHARED.js')]),
  );
  expect(readdirSync(dir).sort()).toEqual(['chunk-OLD.js', 'chunk-SHARED.js', 'main-NEW.js', 'main-OLD.js']);
  rmSync(dir, { recursive: true, force: true });
});
