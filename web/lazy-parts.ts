/**
 * Gives each page and component the app loads lazily (an `import('./...')` under web/src whose
 * module is in web/src/pages or web/src/components) an import of the app itself (web/src/App.tsx),
 * so that the first screen comes in a few files instead of one for each way the lazy parts share it.
 *
 * Why: esbuild puts a module in one chunk per set of entry points (the app and each lazy part)
 * that reach it. Each lazy part reaches a different piece of the first screen (the dashboard its
 * cards and form fields, the footer only the logo, ...), so the first screen's modules fell into
 * 22 files; gzip compresses each file alone, and each imports its neighbours' names: 6 KB gzip of
 * the 148 KB the first screen was. A lazy part runs only inside the app, after the app loaded,
 * so the import runs nothing new; through it every lazy part reaches the whole first screen,
 * whose modules then share one set, and one chunk. esbuild has no option that groups modules
 * into chunks by hand (it has no `manualChunks`), so no setting served.
 *
 * Each `import()` of a lazy part is sent to a module of the plugin's that re-exports the part and
 * imports the app; the part itself loads as before (the other plugins rewrite it as they would).
 * The path is found without `build.resolve`, at once: a path handed to esbuild late, at a time
 * that varies, changes how it numbers the modules, and so the bytes it writes. Amplify's chunks
 * (web/src/auth) share nothing of the first screen and are left as they are.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, relative, resolve as resolvePath } from 'node:path';
import type { Plugin } from 'esbuild';

const NAMESPACE = 'lazy-part';
const EXTENSIONS = ['.tsx', '.ts', '/index.tsx', '/index.ts'];

/** The source file an entry point of the metafile stands for (`lazy-part:/abs/web/src/pages/Dashboard.tsx` is `web/src/pages/Dashboard.tsx`). */
export function entrySource(entryPoint: string): string {
  return entryPoint.startsWith(`${NAMESPACE}:`)
    ? relative(process.cwd(), entryPoint.slice(NAMESPACE.length + 1))
        .split('\\')
        .join('/')
    : entryPoint;
}

export function lazyPartsShareTheApp(srcDir: string, appEntry: string): Plugin {
  const scope = [join(srcDir, 'pages'), join(srcDir, 'components')];
  return {
    name: 'lazy-parts-share-the-app',
    setup(build) {
      build.onResolve({ filter: /^\.\.?\// }, ({ kind, path, importer, namespace, resolveDir }) => {
        if (kind !== 'dynamic-import' || namespace !== 'file' || !importer.startsWith(srcDir)) return undefined;
        const base = resolvePath(resolveDir, path);
        const part = EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(file));
        return part && scope.some((dir) => part.startsWith(dir)) ? { path: part, namespace: NAMESPACE } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async ({ path }) => {
        const part = JSON.stringify(path);
        const hasDefault = /^export default\b|\bas default\b/m.test(await readFile(path, 'utf8'));
        const lines = [
          `export * from ${part};`,
          ...(hasDefault ? [`export { default } from ${part};`] : []),
          `import ${JSON.stringify(appEntry)};`,
        ];
        // Watched (npm start): a part that gains or loses its default export gets a new wrapper.
        return { contents: lines.join('\n'), loader: 'js', resolveDir: dirname(path), watchFiles: [path] };
      });
    },
  };
}
