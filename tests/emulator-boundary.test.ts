/**
 * The Cognito emulator (infra/local/cognito, the workspace package @aurum/cognito-emulator) has
 * one door and one adapter:
 *  - outside the package, files import it only by its name, never a path inside it (neither a
 *    relative path nor a subpath of the name), and the product (shared/, lambdas/, web/) not at all;
 *  - cognito-local is imported by one module of the repository: the package's adapter,
 *    cognito-local-internals.ts, which its private-modules test checks against the pinned release.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const PACKAGE_DIR = 'infra/local/cognito';
const PACKAGE_NAME = '@aurum/cognito-emulator';
const ADAPTER = `${PACKAGE_DIR}/cognito-local-internals.ts`;
const SOURCE_DIRS = ['shared', 'lambdas', 'web', 'tests', 'bench', 'infra'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'cdk.out', '.local']);
const PRODUCT = /^(shared|lambdas|web)\//;

/** Every module specifier of a file: static and type imports, export-from, dynamic import, require. */
const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const files = [...SOURCE_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir))), join(ROOT, 'jest.config.ts')].map(
  (file) => relative(ROOT, file),
);

/** `file`'s module specifiers, each with the repository path it names when it is relative. */
function importsOf(file: string): { specifier: string; path?: string }[] {
  return [...readFileSync(join(ROOT, file), 'utf8').matchAll(SPECIFIER)].map((m) => {
    const specifier = m[1] ?? '';
    return specifier.startsWith('.')
      ? { specifier, path: relative(ROOT, resolve(ROOT, dirname(file), specifier)) }
      : { specifier };
  });
}

const insidePackage = (path: string) => path === PACKAGE_DIR || path.startsWith(`${PACKAGE_DIR}/`);
const namesPackage = (specifier: string) => specifier === PACKAGE_NAME || specifier.startsWith(`${PACKAGE_NAME}/`);
const namesCognitoLocal = (specifier: string) =>
  specifier === 'cognito-local' || specifier.startsWith('cognito-local/');

/** Every import of `files` that `offends`, as `file -> specifier`. */
function offenders(
  of: readonly string[],
  offends: (i: { specifier: string; path?: string }, file: string) => boolean,
): string[] {
  return of.flatMap((file) =>
    importsOf(file)
      .filter((i) => offends(i, file))
      .map((i) => `${file} -> ${i.specifier}`),
  );
}

it('reads the repository, the package and its adapter', () => {
  expect(files.length).toBeGreaterThan(400);
  expect(files).toContain(ADAPTER);
  expect(files).toContain(`${PACKAGE_DIR}/index.ts`);
  expect(importsOf(ADAPTER).filter((i) => namesCognitoLocal(i.specifier)).length).toBeGreaterThan(0);
  expect(offenders(['infra/tools/admin.ts'], (i) => i.specifier === PACKAGE_NAME)).toEqual([
    `infra/tools/admin.ts -> ${PACKAGE_NAME}`,
  ]);
});

it('has one door: the package exports its entry alone, which the repository reaches by name', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, PACKAGE_DIR, 'package.json'), 'utf8')) as {
    name?: string;
    exports?: unknown;
  };
  expect({ name: manifest.name, exports: manifest.exports }).toEqual({
    name: PACKAGE_NAME,
    exports: { '.': './index.ts' },
  });
  const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { workspaces?: unknown };
  expect(root.workspaces).toContain(PACKAGE_DIR);
});

it('is imported from outside only through its entry, never by a path inside it', () => {
  const outside = files.filter((file) => !insidePackage(file));
  const found = offenders(
    outside,
    (i) =>
      (i.path !== undefined && insidePackage(i.path)) || (namesPackage(i.specifier) && i.specifier !== PACKAGE_NAME),
  );
  expect(found).toEqual([]);
});

it('is no dependency of the product: shared/, lambdas/ and web/ do not import it', () => {
  const product = files.filter((file) => PRODUCT.test(file));
  expect(
    offenders(product, (i) => namesPackage(i.specifier) || (i.path !== undefined && insidePackage(i.path))),
  ).toEqual([]);
});

it('reaches cognito-local through one adapter: no other module of the repository imports it', () => {
  expect(
    offenders(
      files.filter((file) => file !== ADAPTER),
      (i) => namesCognitoLocal(i.specifier),
    ),
  ).toEqual([]);
});
