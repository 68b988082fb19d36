/**
 * Every page and component the app loads lazily imports the app itself. esbuild puts a module in
 * one chunk per set of entry points (the app and each lazy part) that reach it; each lazy part
 * reached a different piece of the first screen, so the first screen came in 22 files, each
 * compressed alone and importing its neighbours' names (about 6 KB gzip). Through an import of the
 * app, which has loaded before any lazy part runs, every part reaches the whole first screen,
 * which then comes in a few files. The import is in the source, not added by a build plugin: a
 * plugin's stand-in module for each part made esbuild's minified names differ from build to build.
 * Amplify's chunks (web/src/auth) share nothing of the first screen and are left out.
 *
 * @jest-environment node
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = join(__dirname, 'src');
const SCOPE = ['pages', 'components'].map((dir) => join(SRC, dir));
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

const sources = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
  .map((e) => join(e.parentPath, e.name))
  .filter((file) => !file.includes(`${join(SRC, 'test')}/`));

/** The files under pages/ and components/ that some module of the app imports with `import()`. */
function lazyParts(): string[] {
  const parts = new Set<string>();
  for (const file of sources)
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/\bimport\(\s*'(\.\.?\/[^']+)'\s*\)/g)) {
      const base = resolve(dirname(file), spec!);
      const target = EXTENSIONS.map((ext) => base + ext).find((candidate) => existsSync(candidate));
      if (target && SCOPE.some((dir) => target.startsWith(`${dir}/`))) parts.add(target);
    }
  return [...parts].sort();
}

/** Whether `file` imports web/src/App.tsx for its effect alone (`import '../App';`). */
function importsTheApp(file: string): boolean {
  const app = relative(dirname(file), join(SRC, 'App')).split('\\').join('/');
  const spec = app.startsWith('.') ? app : `./${app}`;
  return new RegExp(`^import '${spec.replace(/[.]/g, '\\.')}';$`, 'm').test(readFileSync(file, 'utf8'));
}

it('finds the lazy parts: the pages after sign-in, the footer, the toasts and the dashboard chunks', () => {
  const found = lazyParts().map((file) => relative(SRC, file));
  expect(found).toEqual(
    expect.arrayContaining([
      'pages/Dashboard.tsx',
      'pages/admin/AdminRoutes.tsx',
      'components/footer-view.tsx',
      'pages/dashboard/history-views.tsx',
    ]),
  );
});

it.each(lazyParts().map((file) => [relative(SRC, file), file]))('%s imports the app', (_, file) => {
  expect(importsTheApp(file)).toBe(true);
});
