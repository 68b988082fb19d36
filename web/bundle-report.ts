/**
 * What each package costs each budgeted page, in gzip bytes: `npx tsx web/bundle-report.ts`
 * (`--packages` lists every package, not only the groups). It builds in memory with the build's
 * own options (web/build.ts) and writes nothing.
 *
 * esbuild's metafile says how many bytes of each output file every input module wrote; gzip
 * compresses a file as a whole, so a file's gzip size is shared among its modules in proportion
 * to those bytes (what no module wrote, esbuild's own glue between them, is a row of its own).
 * The shares add up to the budgets' figures exactly. Tools such as source-map-explorer attribute
 * raw bytes only, and esbuild's analyzer (`analyzeMetafile`) does not know which files a page
 * loads, so neither gives the figure a budget counts.
 */
import { relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { context, type Metafile } from 'esbuild';
import { budgetedScripts, WEB_BUILD_OPTIONS } from './build';

/** The rows a package is counted in (a package not listed is its own row). */
const GROUPS: readonly [group: string, test: RegExp][] = [
  ['Amplify', /^(aws-amplify|@aws-amplify\/|@aws-crypto\/|@smithy\/|@aws-sdk\/|js-cookie|tslib|uuid)/],
  ['@chakra-ui/react', /^@chakra-ui\//],
  ['@ark-ui/react', /^@ark-ui\//],
  ['@zag-js/*', /^@zag-js\//],
  ['@emotion/* (with stylis)', /^(@emotion\/|stylis|hoist-non-react-statics|@babel\/runtime|react-is)/],
  ['react-dom (with scheduler)', /^(react-dom|scheduler)$/],
  ['react', /^react$/],
  ['react-router', /^(react-router|react-router-dom|cookie|set-cookie-parser)$/],
  ['swr', /^(swr|dequal|use-sync-external-store)$/],
  [
    'the chart (recharts and what it brings)',
    /^(recharts|victory-vendor|d3-|@reduxjs\/|redux|reselect|immer|react-redux|es-toolkit|eventemitter3|decimal\.js-light|tiny-invariant|internmap|clsx)/,
  ],
  ['zod', /^zod$/],
  ['our code (web/src, shared)', /^(web\/src|shared)\//],
];

/** The package an input module belongs to: its last `node_modules/<name>`, our folders, or a plugin's namespace. */
export function packageOf(input: string): string {
  const inModules = input.split('node_modules/').pop()!;
  if (inModules !== input)
    return inModules.startsWith('@') ? inModules.split('/').slice(0, 2).join('/') : inModules.split('/')[0]!;
  if (input.startsWith('chakra-theme-base:')) return '@chakra-ui/react';
  if (/^[a-z-]+:/.test(input)) return "(the plugins' re-exports)";
  return input.startsWith('web/src/') ? 'web/src/' : input.startsWith('shared/') ? 'shared/' : input;
}

export const groupOf = (pkg: string): string => GROUPS.find(([, test]) => test.test(pkg))?.[0] ?? pkg;

export type Page = 'initial' | 'dashboard' | 'admin';

/** Gzip bytes by package for each page (`/`, `/dashboard` in all, the admin chunk's own). */
export function attribute(
  meta: Metafile,
  contents: ReadonlyMap<string, Uint8Array>,
): Record<Page, Map<string, number>> {
  const scripts = budgetedScripts(meta);
  const files: Record<Page, string[]> = {
    initial: scripts.initial,
    dashboard: [...scripts.initial, ...scripts.dashboard],
    admin: scripts.admin,
  };
  const byFile = new Map<string, Map<string, number>>();
  const sharesOf = (file: string) => {
    const bytes = contents.get(file);
    if (!bytes) throw new Error(`no output ${file}`);
    const gzip = gzipSync(bytes, { level: 9 }).length;
    const shares = new Map<string, number>();
    let written = 0;
    for (const [input, { bytesInOutput }] of Object.entries(meta.outputs[file]?.inputs ?? {})) {
      const pkg = packageOf(input);
      shares.set(pkg, (shares.get(pkg) ?? 0) + (gzip * bytesInOutput) / bytes.length);
      written += bytesInOutput;
    }
    shares.set(
      "(esbuild's glue)",
      (shares.get("(esbuild's glue)") ?? 0) + (gzip * (bytes.length - written)) / bytes.length,
    );
    return shares;
  };
  const pages = {} as Record<Page, Map<string, number>>;
  for (const page of ['initial', 'dashboard', 'admin'] as const) {
    const total = new Map<string, number>();
    for (const file of files[page]) {
      if (!byFile.has(file)) byFile.set(file, sharesOf(file));
      for (const [pkg, gzip] of byFile.get(file)!) total.set(pkg, (total.get(pkg) ?? 0) + gzip);
    }
    pages[page] = total;
  }
  return pages;
}

/** The table, in Markdown: a row for each group (or package), largest on the dashboard first, and the totals. */
export function reportTable(
  pages: Record<Page, Map<string, number>>,
  rowOf: (pkg: string) => string = groupOf,
): string[] {
  const rows = new Map<string, Record<Page, number>>();
  for (const page of ['initial', 'dashboard', 'admin'] as const) {
    for (const [pkg, gzip] of pages[page]) {
      const row = rows.get(rowOf(pkg)) ?? { initial: 0, dashboard: 0, admin: 0 };
      row[page] += gzip;
      rows.set(rowOf(pkg), row);
    }
  }
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const sorted = [...rows].sort(
    ([a, x], [b, y]) => y.dashboard - x.dashboard || y.admin - x.admin || a.localeCompare(b),
  );
  const sum = (page: Page) => [...rows.values()].reduce((s, row) => s + row[page], 0);
  return [
    '| package | `/` | `/dashboard` in all | admin chunk |',
    '| --- | ---: | ---: | ---: |',
    ...sorted.map(([name, row]) => `| ${name} | ${kb(row.initial)} | ${kb(row.dashboard)} | ${kb(row.admin)} |`),
    `| **total** | **${kb(sum('initial'))}** | **${kb(sum('dashboard'))}** | **${kb(sum('admin'))}** |`,
  ];
}

async function main(): Promise<void> {
  const ctx = await context({ ...WEB_BUILD_OPTIONS, write: false });
  const result = await ctx.rebuild().finally(() => ctx.dispose());
  if (!result.metafile || !result.outputFiles) throw new Error('esbuild gave no metafile or no files');
  const contents = new Map(
    result.outputFiles.map((f) => [relative(process.cwd(), resolve(f.path)).split('\\').join('/'), f.contents]),
  );
  const pages = attribute(result.metafile, contents);
  const perPackage = process.argv.includes('--packages');
  for (const line of reportTable(pages, perPackage ? (pkg) => pkg : groupOf)) console.log(line);
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
