/**
 * The layering the codebase promises: no import cycles anywhere, and nothing that runs in a
 * Lambda or the browser imports infra/ (the CDK app and the local stack depend on the runtime
 * code, never the other way round). Relative imports only: packages cannot form our cycles.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const SOURCE_DIRS = ['shared', 'lambdas', 'web', 'tests', 'bench', 'infra'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"`](\.{1,2}\/[^'"`]+)['"`]\s*\)/g;

/** The files a module imports by relative path, resolved as TypeScript does. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (!spec || spec.includes('${')) continue;
    const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    if (target && /\.(ts|tsx)$/.test(target)) found.push(target);
  }
  return found;
}

const files = SOURCE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d)));
const graph = new Map(files.map((f) => [f, importsOf(f)]));
const rel = (f: string) => relative(ROOT, f);

it('reads the whole codebase', () => {
  expect(files.length).toBeGreaterThan(150);
  expect(graph.get(join(ROOT, 'web/src/App.tsx'))?.map(rel)).toContain('web/src/config-context.tsx');
});

it('has no import cycle', () => {
  const cycles: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'visiting');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'visiting')
        cycles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of files) if (!state.has(file)) visit(file);
  expect(cycles).toEqual([]);
});

/**
 * The floors, lowest first, and what each may import besides itself. Tests (test files, test
 * support) and tools stand above every floor: they may import anything, and nothing of the product
 * imports them.
 */
const FLOORS: readonly (readonly [floor: string, mayImport: readonly string[]])[] = [
  ['shared/', []],
  ['lambdas/lib/', ['shared/']],
  ['lambdas/table-uses.ts', ['shared/']],
  ['lambdas/notifications/', ['shared/', 'lambdas/lib/']],
  ['lambdas/', ['shared/', 'lambdas/lib/', 'lambdas/notifications/']],
  ['web/', ['shared/']],
  ['infra/sharded-job-flow.ts', ['shared/', 'lambdas/']],
  ['infra/weekly-growth-flow.ts', ['shared/', 'lambdas/', 'infra/sharded-job-flow.ts']],
  ['infra/monthly-statements-flow.ts', ['shared/', 'lambdas/', 'infra/sharded-job-flow.ts']],
  [
    'infra/aws/',
    ['shared/', 'lambdas/', 'infra/weekly-growth-flow.ts', 'infra/monthly-statements-flow.ts', 'infra/stages.ts'],
  ],
  ['infra/stages.ts', ['infra/aws/']],
  [
    'infra/local/',
    [
      'shared/',
      'lambdas/',
      'web/',
      'infra/aws/',
      'infra/sharded-job-flow.ts',
      'infra/weekly-growth-flow.ts',
      'infra/monthly-statements-flow.ts',
    ],
  ],
  ['infra/tools/', ['shared/', 'lambdas/', 'infra/local/']],
];
const isTestOrTool = (path: string) => /^(tests|bench)\/|\.test\.tsx?$|\/test-support\/|^web\/src\/test\//.test(path);
const floorOf = (path: string) => FLOORS.find(([floor]) => path.startsWith(floor));

it('keeps every arrow pointing down a floor: nothing of the product imports a test, a tool or a floor above it', () => {
  const product = files.map(rel).filter((f) => !isTestOrTool(f));
  expect(product.filter((f) => !floorOf(f))).toEqual([]);
  const offenders = product.flatMap((f) => {
    const [floor, mayImport] = floorOf(f) ?? ['', []];
    const allowed = (t: string) => !isTestOrTool(t) && [floor, ...mayImport].some((p) => t.startsWith(p));
    return (graph.get(join(ROOT, f)) ?? [])
      .map(rel)
      .filter((t) => !allowed(t))
      .map((t) => `${f} -> ${t}`);
  });
  expect(offenders).toEqual([]);
});

it('keeps shared/ pure: it imports nothing from lambdas/ or web/', () => {
  const offenders = files
    .filter((f) => rel(f).startsWith('shared/'))
    .flatMap((f) =>
      (graph.get(f) ?? []).filter((t) => /^(lambdas|web|infra)\//.test(rel(t))).map((t) => `${rel(f)} -> ${rel(t)}`),
    );
  expect(offenders).toEqual([]);
});

/** The files a module loads at run time: its relative imports, less `import type` / `export type`. */
function valueImportsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8').replace(
    /(?:^|\n)\s*(?:import|export)\s+type\s[^;]*?from\s+['"][^'"]+['"]/g,
    '',
  );
  return importsOf(file).filter((target) => {
    const spec = relative(dirname(file), target).replace(/\.tsx?$/, '');
    const name = spec.split('/').pop() ?? '';
    return new RegExp(`from\\s+['"][^'"]*\\b${name}['"]|import\\(\\s*['"][^'"]*\\b${name}['"]`).test(text);
  });
}

it('keeps zod out of the browser: nothing the web app loads at run time imports it (the contract reaches the web as types)', () => {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of valueImportsOf(file)) visit(next);
  };
  visit(join(ROOT, 'web/src/main.tsx'));
  expect([...seen].map(rel)).toContain('web/src/api/calls.ts');
  const offenders = [...seen]
    .filter((f) => /from\s+['"]zod(\/mini)?['"]/.test(readFileSync(f, 'utf8').replace(/import\s+type\s[^;]*;/g, '')))
    .map(rel);
  expect(offenders).toEqual([]);
});

it("lets no screen write an API path or say what an answer is: only the contract's client (web/src/api) does", () => {
  const offenders = files
    // web/src/auth talks to Cognito (its own fetches), never to the API.
    .filter(
      (f) =>
        rel(f).startsWith('web/src/') &&
        !/^web\/src\/(api|auth)\//.test(rel(f)) &&
        !/\.test\.tsx?$|\/test\//.test(rel(f)),
    )
    .flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      return [/['"`]\/api\//.test(text) && 'an /api/ path', /\bapi<|\bfetch\(/.test(text) && 'a raw API call']
        .filter(Boolean)
        .map((what) => `${rel(f)}: ${what}`);
    });
  expect(offenders).toEqual([]);
});

/**
 * The floors inside lambdas/lib, lowest first: a module imports only from its own folder, a folder
 * on a floor below, or a folder its own floor lets it reach sideways. `runtime` (settings, SDK
 * clients, the local stack's hooks) knows nothing of the product; `data` (the table's items and
 * the domain's refusals) stands on it; `cognito`, `money`, `migrations` and `documents` work the
 * domain over the data; `http` (the handler wrapper, auth, the HTTP answers) is on top. On the
 * third floor money reaches sideways, to cognito: whether an account is an administrator's is
 * Cognito's to say (account-owners.ts), while Cognito's calls never need a money move; and
 * documents to money, for the same question (a statement regenerated on one's own account).
 */
const LIB_FLOORS: Readonly<Record<string, number>> = {
  runtime: 0,
  data: 1,
  cognito: 2,
  money: 2,
  documents: 2,
  migrations: 2,
  http: 3,
};
const LIB_SIDEWAYS: Readonly<Record<string, readonly string[]>> = { money: ['cognito'], documents: ['money'] };
const LIB = join(ROOT, 'lambdas/lib');
const libFolderOf = (file: string) => relative(LIB, file).split('/')[0] ?? '';
/** The product modules of lambdas/lib: its unit tests stand above every floor, as tests do everywhere (isTestOrTool). */
const libFiles = files.filter((f) => !relative(LIB, f).startsWith('..') && !isTestOrTool(rel(f)));

/** Every import of a lambdas/lib module that reaches a floor above its own, or sideways where its floor does not let it. */
function upwardImports(): string[] {
  return libFiles.flatMap((f) => {
    const from = libFolderOf(f);
    return (graph.get(f) ?? [])
      .filter((t) => !relative(LIB, t).startsWith('..'))
      .flatMap((t) => {
        const to = libFolderOf(t);
        const [own, theirs] = [LIB_FLOORS[from], LIB_FLOORS[to]];
        if (own === undefined || theirs === undefined || to === from || theirs < own) return [];
        if (theirs === own && LIB_SIDEWAYS[from]?.includes(to)) return [];
        return [`${rel(f)} imports ${rel(t)}: ${from} (floor ${own}) -> ${to} (floor ${theirs})`];
      });
  });
}

it('gives every folder of lambdas/lib a floor', () => {
  const folders = readdirSync(LIB, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
  expect(folders.filter((folder) => LIB_FLOORS[folder] === undefined)).toEqual([]);
  expect(libFiles.filter((f) => !relative(LIB, f).includes('/')).map(rel)).toEqual([]);
});

it('keeps every import in lambdas/lib on its own floor or a floor below', () => {
  expect(libFiles.length).toBeGreaterThan(60);
  expect(upwardImports()).toEqual([]);
});

it('keeps the data layer free of HTTP: no data/ module imports http/, its errors included', () => {
  const offenders = libFiles
    .filter((f) => libFolderOf(f) === 'data')
    .flatMap((f) =>
      (graph.get(f) ?? [])
        .filter((t) => libFolderOf(t) === 'http' && !relative(LIB, t).startsWith('..'))
        .map((t) => `${rel(f)} -> ${rel(t)}`),
    );
  expect(offenders).toEqual([]);
});
