/**
 * The SPA build: esbuild, ESM with code splitting and content-hashed chunks; the documents (the
 * app's shell, and the signed-out pages prerendered into theirs) with `modulepreload` for the
 * chunks each first screen needs; and the size budget (gzip) printed and
 * enforced (BUDGET_KB). `watchWeb` (npm start) builds with exactly the same options and plugins
 * as `buildWeb` (npm run build): the local site is the product CloudFront serves, byte for byte.
 */
import { copyFileSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { type BuildOptions, build, context, type Metafile } from 'esbuild';
import { createRequire } from 'node:module';
import { PRERENDERED_PAGES, SPA_INDEX } from '../shared/site/site-rules';
import { chakraTreeShaking } from './chakra-tree-shaking';
import { directImports } from './direct-imports';
import { reactRouterTreeShaking } from './react-router-tree-shaking';
import { HEAD_SCRIPT } from '../shared/site/head-script';

export const WEB_ROOT = resolve(process.cwd(), 'web');
export const DIST = join(WEB_ROOT, 'dist');
const ASSETS = join(DIST, 'assets');
/** Where the build-time prerenderer is bundled to, then imported from (git-ignored). */
const PRERENDER_DIR = join(WEB_ROOT, '.prerender');

// The budgets: the first screen (/) and /dashboard in all (the first screen's JS and what the
// page adds), both gzip; the admin chunk's own.
export const BUDGET_KB = { initial: 140, dashboard: 185, admin: 60 };
const ADMIN_ENTRY = 'web/src/pages/admin/AdminRoutes.tsx';
const DASHBOARD_ENTRY = 'web/src/pages/Dashboard.tsx';
/** The app, which main.tsx loads at once in a task of its own. */
const APP_ENTRY = 'web/src/App.tsx';
/** Amplify's session part: not on the first screen (auth/lazy-backend.ts), but loaded by every signed-in page. */
const AUTH_ENTRY = 'web/src/auth/amplify.ts';

/**
 * The one definition of the SPA build. The esbuild plugins are part of it: without them the
 * first screen carries Chakra's barrels and React Router's unused components in 22 files, and a
 * signed-in page Amplify's sign-in code (`/` 192 KB gzip instead of 139, `/dashboard` 259 instead
 * of 183). `npx tsx web/bundle-report.ts` says what each package costs each page.
 */
export const WEB_BUILD_OPTIONS: BuildOptions = {
  entryPoints: [join(WEB_ROOT, 'src/main.tsx')],
  bundle: true,
  splitting: true,
  format: 'esm',
  outdir: ASSETS,
  entryNames: '[name]-[hash]',
  chunkNames: 'chunk-[hash]',
  minify: true,
  sourcemap: 'linked',
  target: ['es2022', 'chrome110', 'firefox110', 'safari16'],
  jsx: 'automatic',
  legalComments: 'none',
  metafile: true,
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  logLevel: 'warning',
  plugins: [directImports(), chakraTreeShaking, reactRouterTreeShaking],
};

export interface Sizes {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

function sizeOf(file: string): Sizes {
  const bytes = readFileSync(file);
  return {
    file: relative(DIST, file),
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes).length,
  };
}

/** The output file of an entry point, and every chunk it imports statically, transitively. */
function staticClosure(meta: Metafile, start: string): string[] {
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out)) return;
    seen.add(out);
    for (const imp of meta.outputs[out]?.imports ?? [])
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
  };
  visit(start);
  return [...seen];
}

function outputFor(meta: Metafile, entry: string): string {
  const found = Object.entries(meta.outputs).find(([, o]) => o.entryPoint !== undefined && o.entryPoint === entry);
  if (!found) throw new Error(`no output for ${entry}`);
  return found[0];
}

export interface BuildReport {
  initial: Sizes[];
  admin: Sizes[];
  /** What /dashboard loads on top of the initial JS: the page and Amplify (its chart is a further lazy chunk). */
  dashboard: Sizes[];
  totals: {
    initialGzip: number;
    initialBrotli: number;
    adminGzip: number;
    dashboardGzip: number;
    dashboardBrotli: number;
  };
  withinBudget: boolean;
}

/** The lazy page each prerendered route shows (null: sign-in, in the main chunk); preloaded with its document. */
const PAGE_ENTRIES: Readonly<Record<string, string | null>> = {
  '/': null,
  '/signup': 'web/src/pages/signed-out-pages.ts',
  '/forgot-password': 'web/src/pages/signed-out-pages.ts',
};

/**
 * The documents, from web/index.html: the app's shell (app.html, an empty root, for every route
 * that is not prerendered) and each prerendered page (index.html for `/`, signup.html, ...)
 * with its HTML in the root. Each has the entry script and modulepreload links for what its
 * first screen runs.
 */
/** The JavaScript files the entries load (each file once, as esbuild names them), except those in `loaded`. */
function scriptsOf(meta: Metafile, entries: string[], loaded: readonly string[] = []): string[] {
  return [...new Set(entries.flatMap((entry) => staticClosure(meta, outputFor(meta, entry))))].filter(
    (f) => f.endsWith('.js') && !loaded.includes(f),
  );
}

/** The files each budget counts: the first screen's, what /dashboard adds to them, and the admin pages'. */
export function budgetedScripts(meta: Metafile): { initial: string[]; dashboard: string[]; admin: string[] } {
  // main.tsx imports the app itself (App.tsx) dynamically, at once: both are the first screen's.
  const initial = scriptsOf(meta, ['web/src/main.tsx', APP_ENTRY]);
  return {
    initial,
    dashboard: scriptsOf(meta, [DASHBOARD_ENTRY, AUTH_ENTRY], initial),
    admin: scriptsOf(meta, [ADMIN_ENTRY], initial),
  };
}

async function writeDocuments(meta: Metafile, prerender: (path: string) => Promise<string>): Promise<BuildReport> {
  const main = outputFor(meta, 'web/src/main.tsx');
  const { initial, dashboard, admin } = budgetedScripts(meta);
  const url = (out: string) => `/${relative(DIST, resolve(out)).split('\\').join('/')}`;
  const css = Object.keys(meta.outputs).filter((f) => f.endsWith('.css') && meta.outputs[f]?.entryPoint === undefined);
  const template = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8').replace(
    '<!-- head-script -->',
    () => `<script>${HEAD_SCRIPT}</script>`,
  );
  /**
   * The shell loads its scripts at once (nothing shows without them); a prerendered page lists
   * them for the head script to request after the first paint (shared/site/head-script.ts).
   */
  const documentWith = (preloaded: string[], root: string) => {
    const others = preloaded.filter((f) => f !== main);
    const scripts = root
      ? `<meta name="aurum-scripts" content="${[main, ...others].map(url).join(' ')}" />`
      : [
          ...others.map((f) => `<link rel="modulepreload" href="${url(f)}" />`),
          `<script type="module" src="${url(main)}"></script>`,
        ].join('\n    ');
    return (
      template
        .replace('<!-- scripts -->', () => scripts)
        .replace('<!-- styles -->', () => css.map((f) => `<link rel="stylesheet" href="${url(f)}" />`).join('\n'))
        // Functions, not strings: `$` in the page or the script is not a replacement pattern.
        .replace('<div id="root"></div>', () => `<div id="root">${root}</div>`)
    );
  };
  copyFileSync(join(WEB_ROOT, 'public', 'favicon.svg'), join(DIST, 'favicon.svg'));
  // Written aside and renamed: a browser asking for a page mid-write gets the old one or the new one, whole.
  const write = (name: string, html: string) => {
    const file = join(DIST, name);
    writeFileSync(`${file}.tmp`, html);
    renameSync(`${file}.tmp`, file);
  };
  write(SPA_INDEX.slice(1), documentWith(initial, ''));
  for (const [route, document] of Object.entries(PRERENDERED_PAGES)) {
    const entry = PAGE_ENTRIES[route];
    if (entry === undefined) throw new Error(`no page entry for the prerendered route ${route}`);
    const page = entry ? scriptsOf(meta, [entry], initial) : [];
    write(document.slice(1), documentWith([...initial, ...page], await prerender(route)));
  }

  const initialSizes = initial.map((f) => sizeOf(resolve(f)));
  const adminSizes = admin.map((f) => sizeOf(resolve(f)));
  const dashboardSizes = dashboard.map((f) => sizeOf(resolve(f)));
  const sum = (list: Sizes[], key: 'gzip' | 'brotli') => list.reduce((s, x) => s + x[key], 0);
  const totals = {
    initialGzip: sum(initialSizes, 'gzip'),
    initialBrotli: sum(initialSizes, 'brotli'),
    adminGzip: sum(adminSizes, 'gzip'),
    dashboardGzip: sum(dashboardSizes, 'gzip'),
    dashboardBrotli: sum(dashboardSizes, 'brotli'),
  };
  return {
    initial: initialSizes,
    admin: adminSizes,
    dashboard: dashboardSizes,
    totals,
    withinBudget:
      totals.initialGzip <= BUDGET_KB.initial * 1024 &&
      totals.initialGzip + totals.dashboardGzip <= BUDGET_KB.dashboard * 1024 &&
      totals.adminGzip <= BUDGET_KB.admin * 1024,
  };
}

/**
 * The prerenderer (web/src/prerender.tsx) built for Node from the same sources and imported
 * fresh: what renders each signed-out page at build time.
 */
async function loadPrerenderer(): Promise<(path: string) => Promise<string>> {
  mkdirSync(PRERENDER_DIR, { recursive: true });
  const outfile = join(PRERENDER_DIR, `prerender-${Date.now()}.cjs`);
  await build({
    entryPoints: [join(WEB_ROOT, 'src/prerender.tsx')],
    bundle: true,
    platform: 'node',
    target: 'node24',
    // CommonJS, loaded with require: the same in tsx (npm run build, npm start) and in Jest.
    format: 'cjs',
    outfile,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    plugins: [directImports(), chakraTreeShaking],
  });
  try {
    const { prerenderPage } = createRequire(outfile)(outfile) as { prerenderPage: (path: string) => Promise<string> };
    return prerenderPage;
  } finally {
    rmSync(outfile, { force: true });
  }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function printReport(report: BuildReport, log: (line: string) => void = console.log): void {
  log('web build                                   gzip      brotli');
  log(
    `  initial JS for /  (${report.initial.length} files)           ${kb(report.totals.initialGzip).padStart(9)} ${kb(report.totals.initialBrotli).padStart(10)}   budget ${BUDGET_KB.initial} KB gzip`,
  );
  log(
    `  /dashboard adds   (${report.dashboard.length} files)         ${kb(report.totals.dashboardGzip).padStart(9)} ${kb(report.totals.dashboardBrotli).padStart(10)}   the page and Amplify's session part`,
  );
  log(
    `  /dashboard in all (${report.initial.length + report.dashboard.length} files)         ${kb(report.totals.initialGzip + report.totals.dashboardGzip).padStart(9)} ${kb(report.totals.initialBrotli + report.totals.dashboardBrotli).padStart(10)}   budget ${BUDGET_KB.dashboard} KB gzip`,
  );
  log(
    `  admin chunk       (${report.admin.length} files)           ${kb(report.totals.adminGzip).padStart(9)}              budget ${BUDGET_KB.admin} KB gzip`,
  );
  log(report.withinBudget ? '  within budget' : '  OVER BUDGET');
}

export async function buildWeb(): Promise<BuildReport> {
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(ASSETS, { recursive: true });
  // Through a context, as watchWeb builds: esbuild's minifier names symbols differently in a
  // context than in a one-off build(), and the two commands must write the same bytes.
  const ctx = await context(WEB_BUILD_OPTIONS);
  const result = await ctx.rebuild().finally(() => ctx.dispose());
  if (!result.metafile) throw new Error('esbuild gave no metafile');
  return writeDocuments(result.metafile, await loadPrerenderer());
}

/** Deletes the files in `dir` that neither the current nor the previous build wrote (absolute paths). */
export function pruneAssets(dir: string, current: ReadonlySet<string>, previous: ReadonlySet<string>): void {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!current.has(file) && !previous.has(file)) rmSync(file, { force: true });
  }
}

/**
 * Rebuilds on every change under web/src and shared/ (npm start); `onBuild` hears each result.
 * A rebuild never leaves index.html pointing at a missing file: new chunks are written beside the
 * old ones, index.html is swapped in whole (rename), and a chunk goes only when neither the
 * current nor the previous build uses it, so a page loaded just before a rebuild can still load
 * its lazy chunks.
 */
export async function watchWeb(onBuild: (report: BuildReport | Error) => void): Promise<{ stop(): Promise<void> }> {
  mkdirSync(ASSETS, { recursive: true });
  let previous = new Set<string>();
  const ctx = await context({
    ...WEB_BUILD_OPTIONS,
    plugins: [
      ...(WEB_BUILD_OPTIONS.plugins ?? []),
      {
        name: 'index-html',
        setup(b) {
          b.onEnd(async (result) => {
            if (result.errors.length > 0 || !result.metafile)
              return onBuild(new Error(`${result.errors.length} build errors`));
            let report: BuildReport;
            try {
              report = await writeDocuments(result.metafile, await loadPrerenderer());
            } catch (error) {
              return onBuild(error as Error);
            }
            const current = new Set(Object.keys(result.metafile.outputs).map((f) => resolve(f)));
            pruneAssets(ASSETS, current, previous);
            previous = current;
            onBuild(report);
          });
        },
      },
    ],
  });
  await ctx.watch();
  return { stop: () => ctx.dispose() };
}
