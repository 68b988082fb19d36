/**
 * cognito-local's private modules (`cognito-local/lib/...`) are no API: a release may move or
 * rename any of them. This fails on the first one that is missing or changed, before the local
 * Cognito fails in some less readable way, and says what to re-check. That no other module
 * imports cognito-local is tests/emulator-boundary.test.ts's to hold.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { recordOf } from '../request';

type Internals = typeof import('../cognito-local-internals');

const UPGRADE_HINT =
  'When upgrading cognito-local, re-check every path and export in infra/local/cognito/cognito-local-internals.ts ' +
  "against the new release's lib/ folder (and the .d.ts types the code relies on: Services, Triggers, Messages, " +
  'UserPoolService, User, AppClient), set COGNITO_LOCAL_VERSION there and the exact version in ' +
  'infra/local/cognito/package.json, then run `npx tsc --noEmit -p tsconfig.json`, the unit tests of ' +
  'infra/local/cognito and the local-stack integration tests.';

/** Loaded here rather than imported: a module that moved would stop this file before it could say so. */
let internals: Internals | undefined;
let loadError: unknown;
try {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a load that can fail is caught and reported below
  internals = require('../cognito-local-internals') as Internals;
} catch (e) {
  loadError = e;
}

const INTERNALS_FILE = 'cognito-local-internals.ts';
const PACKAGE = join(__dirname, '..');
/** An import, export-from, dynamic import or require of one of cognito-local's private modules. */
const PRIVATE_IMPORT = /(?:\bfrom|\bimport|\brequire)\s*\(?\s*'(cognito-local\/lib\/[^']+)'/g;

function importedPaths(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(PRIVATE_IMPORT)].map((m) => m[1] ?? '');
}

function versionIn(file: string): unknown {
  const json: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof json === 'object' && json !== null && 'version' in json ? json.version : undefined;
}

function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (typeof value === 'function')
    return /^class[\s{]/.test(Function.prototype.toString.call(value)) ? 'class' : 'function';
  if (typeof value === 'object' && value !== null) return 'object';
  return typeof value;
}

const paths = [...new Set(importedPaths(join(PACKAGE, INTERNALS_FILE)))].sort();

test('cognito-local-internals.ts loads', () => {
  if (loadError !== undefined)
    throw new Error(`${INTERNALS_FILE} does not load: ${String(loadError)}. ${UPGRADE_HINT}`);
});

test('the installed cognito-local is exactly the version the private modules were checked against', () => {
  const expected = internals?.COGNITO_LOCAL_VERSION;
  const installed = versionIn(require.resolve('cognito-local/package.json'));
  if (installed !== expected) {
    throw new Error(
      `cognito-local ${String(installed)} is installed; the private modules were checked against ${String(expected)}. ${UPGRADE_HINT}`,
    );
  }
});

test("the package's package.json pins cognito-local to that exact version", () => {
  const json: unknown = JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8'));
  const pinned =
    typeof json === 'object' && json !== null && 'dependencies' in json
      ? recordOf(json.dependencies)['cognito-local']
      : undefined;
  if (pinned !== internals?.COGNITO_LOCAL_VERSION) {
    throw new Error(
      `package.json asks for cognito-local "${String(pinned)}", not exactly ${String(internals?.COGNITO_LOCAL_VERSION)}. ${UPGRADE_HINT}`,
    );
  }
});

test('COGNITO_LOCAL_EXPORTS lists exactly the private modules cognito-local-internals.ts imports', () => {
  expect(Object.keys(internals?.COGNITO_LOCAL_EXPORTS ?? {}).sort()).toEqual(paths);
});

describe.each(paths)('%s', (path) => {
  test('still exists and exports what the local Cognito uses, of the same kind', () => {
    let loaded: unknown;
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- the path is data: each module cognito-local must still have
      loaded = require(path);
    } catch (e) {
      throw new Error(`cognito-local no longer has ${path} (${String(e)}). ${UPGRADE_HINT}`, { cause: e });
    }
    const exports: Readonly<Record<string, unknown>> =
      typeof loaded === 'object' && loaded !== null ? { ...loaded } : {};
    const expected = internals?.COGNITO_LOCAL_EXPORTS[path] ?? {};
    const wrong = Object.entries(expected)
      .filter(([name, kind]) => kindOf(exports[name]) !== kind)
      .map(([name, kind]) => `${name}: expected a ${kind}, found ${kindOf(exports[name])}`);
    if (wrong.length > 0) throw new Error(`cognito-local's ${path} changed: ${wrong.join('; ')}. ${UPGRADE_HINT}`);
  });
});
