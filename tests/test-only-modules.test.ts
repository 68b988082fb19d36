/**
 * A product folder holds what the product runs: a module there that only tests import (directly,
 * or through other such modules) is a test helper that reads as product code. It belongs in a
 * test-support/ folder beside the tests that use it, or in tests/. Entry points (a Lambda's
 * handler, a CLI, the CDK app) are imported by nothing and are not flagged.
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
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]|import\(\s*['"`](\.{1,2}\/[^'"`]+)['"`]\s*\)|jest\.mock\(\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The repository's workspace packages (package.json `workspaces`), by name: the entry each exports as `.`. */
const WORKSPACE_ENTRIES = new Map(
  (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces?: string[] }).workspaces?.map((dir) => {
    const manifest = JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')) as {
      name: string;
      exports: { '.': string };
    };
    return [manifest.name, join(dir, manifest.exports['.'])] as const;
  }) ?? [],
);
const PACKAGE_IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](@[^'"]+)['"]|import\(\s*['"](@[^'"]+)['"]\s*\)/g;

/** The files a module imports by relative path or through a workspace package's entry, resolved as TypeScript does. */
function importsOf(file: string): string[] {
  const found: string[] = [];
  for (const m of readFileSync(file, 'utf8').matchAll(PACKAGE_IMPORT)) {
    const entry = WORKSPACE_ENTRIES.get(m[1] ?? m[2] ?? '');
    if (entry) found.push(entry);
  }
  for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (!spec || spec.includes('${')) continue;
    const base = resolve(dirname(file), spec.replace(/\.js$/, ''));
    const target = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
      (p) => existsSync(p) && statSync(p).isFile(),
    );
    if (target) found.push(relative(ROOT, target));
  }
  return found;
}

/** A test, or a module kept for tests: test files, tests/, test-support folders and modules, the web's test setup, e2e journeys. */
const isTestCode = (path: string) =>
  /^tests\/|\.test\.tsx?$|\.e2e\.ts$|(^|\/)test-support(\/|\.tsx?$)|^web\/src\/test\//.test(path);

/**
 * Test-only modules whose tests are another suite's to move: the Google sign-in walk is imported
 * by the emulator's hosted-UI tests and the integration suite, and goes where they go.
 */
const AWAITING_THEIR_TESTS = ['infra/local/google/sign-in-walk.ts'];

/**
 * The modules of product folders imported only by tests, or by modules that are themselves
 * imported only by tests: grown to a fixed point, so a chain of helpers is found whole.
 */
function testOnlyModules(files: readonly string[], importsOfFile: (file: string) => string[]): string[] {
  const importers = new Map<string, string[]>();
  for (const file of files)
    for (const target of importsOfFile(file)) importers.set(target, [...(importers.get(target) ?? []), file]);
  const testOnly = new Set<string>();
  for (let grown = true; grown;) {
    grown = false;
    for (const file of files) {
      const by = importers.get(file) ?? [];
      if (isTestCode(file) || testOnly.has(file) || by.length === 0) continue;
      if (by.every((importer) => isTestCode(importer) || testOnly.has(importer))) {
        testOnly.add(file);
        grown = true;
      }
    }
  }
  return [...testOnly].sort();
}

describe('test-only modules', () => {
  it('finds none in a product folder', () => {
    const files = SOURCE_DIRS.flatMap((d) => sourceFiles(join(ROOT, d))).map((f) => relative(ROOT, f));
    expect(files.length).toBeGreaterThan(150);
    const graph = new Map(files.map((f) => [f, importsOf(join(ROOT, f))]));
    expect(testOnlyModules(files, (f) => graph.get(f) ?? []).filter((f) => !AWAITING_THEIR_TESTS.includes(f))).toEqual(
      [],
    );
  });

  it('flags a helper only tests import, and one only such a helper imports, but not an entry point or a module the product uses', () => {
    // Under a made-up root, so these stand-ins are not read as paths of this repository.
    const graph: Record<string, string[]> = {
      'repo/lambdas/http/getThing.ts': ['repo/lambdas/lib/thing.ts'],
      'repo/lambdas/lib/thing.ts': [],
      'repo/lambdas/lib/thing.test.ts': ['repo/lambdas/lib/thing.ts', 'repo/lambdas/lib/thing-fixtures.ts'],
      'repo/lambdas/lib/thing-fixtures.ts': ['repo/lambdas/lib/fixture-names.ts'],
      'repo/lambdas/lib/fixture-names.ts': [],
      'repo/tests/e2e/thing.e2e.ts': ['repo/web/src/thing-driver.ts'],
      'repo/web/src/thing-driver.ts': [],
      'repo/lambdas/lib/test-support/fakes.ts': [],
      'repo/infra/local/test-support.ts': [],
      'repo/infra/aws/app.ts': [],
    };
    graph['repo/lambdas/lib/thing.test.ts']?.push(
      'repo/lambdas/lib/test-support/fakes.ts',
      'repo/infra/local/test-support.ts',
    );
    expect(testOnlyModules(Object.keys(graph), (f) => graph[f] ?? [])).toEqual([
      'repo/lambdas/lib/fixture-names.ts',
      'repo/lambdas/lib/thing-fixtures.ts',
      'repo/web/src/thing-driver.ts',
    ]);
  });
});
