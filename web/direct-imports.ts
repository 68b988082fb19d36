/**
 * Sends imports from a few barrels to the files that define each name: Ark's, Chakra's and Zag's
 * own imports from Zag's barrels (`@zag-js/react`, `@zag-js/dom-query`, ...), and the app's from
 * Chakra's theme (`@chakra-ui/react/theme`).
 *
 * Why: esbuild splits code by which entry points can *reach* a file through imports, not by which
 * use it. Ark's field (on the sign-in form) imports `mergeProps` from `@zag-js/react`, whose index
 * also re-exports `useMachine`; `useMachine` is live because the lazy pages' dialogs and avatars
 * use it, and reachable from the first screen through that index, so esbuild put it, and the
 * focus-trap and tabbable helpers of `@zag-js/dom-query` with it, in a chunk the first screen
 * loads. Imported from their own files, the first screen reaches only what it runs.
 *
 * Chakra's theme module is such a barrel too: it re-exports every recipe, so the app's theme
 * (web/src/theme/system.ts) reached the dialog's and the toast's recipes, which the lazy pages
 * give their components, and put them on the first screen. The names it defines itself (the
 * tokens, ...) come from a copy of it without the recipes (`THEME_BASE`).
 *
 * The rewrite is of `import { a, b as c } from "<barrel>"` statements; each name is looked up
 * through the barrel's `export *` / `export { } from` chains.
 * A name that cannot be traced fails the build, so a change in Zag's layout cannot slip through.
 */
import { readFile } from 'node:fs/promises';
import { dirname, resolve as resolvePath } from 'node:path';
import type { Loader, Plugin } from 'esbuild';
import { withoutBareImports } from './bare-imports';

/** Which files' imports from which barrels are rewritten. */
const RULES: {
  importers: RegExp;
  barrels: ReadonlySet<string>;
  loader: (path: string) => Loader;
  withoutBareImports?: readonly string[];
}[] = [
  {
    importers:
      /[\\/]node_modules[\\/](@ark-ui[\\/]react|@chakra-ui[\\/]react|@zag-js[\\/][a-z-]+)[\\/]dist[\\/].*\.m?js$/,
    barrels: new Set(['@zag-js/react', '@zag-js/core', '@zag-js/dom-query', '@zag-js/utils']),
    loader: () => 'js',
  },
  {
    // Amplify's own: its configure imports the token provider through the Cognito barrel, which
    // re-exports every API (SRP sign-in, sign-up, ...), so a signed-in page reached them all; and
    // its sign-out imports from core's barrel, which loads Cache and I18n for their side effects.
    importers: /[\\/]node_modules[\\/](aws-amplify|@aws-amplify[\\/][a-z-]+)[\\/]dist[\\/]esm[\\/].*\.mjs$/,
    barrels: new Set([
      '@aws-amplify/auth/cognito',
      '@aws-amplify/auth',
      '@aws-amplify/core',
      '@aws-amplify/core/internals/utils',
    ]),
    loader: () => 'js',
    // And its bare imports of side-effect-free modules, which reach as far (web/bare-imports.ts).
    withoutBareImports: ['@aws-amplify/core', 'uuid'],
  },
  {
    importers: /[\\/]web[\\/]src[\\/].*\.tsx?$/,
    barrels: new Set(['@chakra-ui/react/theme', 'aws-amplify', 'aws-amplify/auth', 'aws-amplify/utils']),
    loader: (path) => (path.endsWith('.tsx') ? 'tsx' : 'ts'),
  },
];

/** Chakra's theme module; what it defines itself is imported from `THEME_BASE` instead. */
const THEME_INDEX = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/;
const THEME_BASE = 'chakra-theme-base';

/** `import { a, b as c } from "spec";` (named imports only). */
const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["'];?/g;

interface Origin {
  file: string;
  name: string;
}

type ExportMap = Map<string, Origin>;

/** `a, b as c` as [imported/local, exported/local] pairs; TypeScript's `type x` imports are left out. */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => {
      const [from, as] = part.split(/\s+as\s+/);
      return [from!.trim(), (as ?? from)!.trim()];
    });
}

export function directImports(): Plugin {
  return {
    name: 'direct-imports',
    setup(build) {
      const maps = new Map<string, Promise<ExportMap>>();
      const resolveFrom = async (spec: string, file: string) => {
        if (spec.startsWith('.')) return resolvePath(dirname(file), spec);
        const found = await build.resolve(spec, { kind: 'import-statement', resolveDir: dirname(file) });
        if (found.errors.length > 0) throw new Error(`cannot resolve ${spec} from ${file}`);
        return found.path;
      };
      // A barrel's map is kept for every importer; the modules under it are read afresh for each
      // barrel, one after another, so what a cycle cuts off depends on that barrel alone and never on
      // the order esbuild happens to load importers in: two builds of the same sources agree.
      const exportsOf = (barrel: string): Promise<ExportMap> => {
        let map = maps.get(barrel);
        if (!map) maps.set(barrel, (map = exportsUnder(barrel, resolveFrom)));
        return map;
      };

      for (const { importers, barrels, loader, withoutBareImports: bareImportsOf } of RULES) {
        build.onLoad({ filter: importers, namespace: 'file' }, async ({ path }) => {
          const read = await readFile(path, 'utf8');
          const source = bareImportsOf ? withoutBareImports(read, path, bareImportsOf) : read;
          const statements = [...source.matchAll(NAMED_IMPORT)].filter((m) => barrels.has(m[2]!));
          if (statements.length === 0)
            return source === read ? undefined : { contents: source, loader: loader(path), resolveDir: dirname(path) };
          const errors: { text: string }[] = [];
          let contents = source;
          for (const [statement, list, spec] of statements as unknown as [string, string, string][]) {
            const barrel = await resolveFrom(spec, path);
            const exported = await exportsOf(barrel);
            const lines: string[] = [];
            for (const [name, local] of bindings(list)) {
              const origin = exported.get(name);
              if (!origin)
                errors.push({ text: `${spec} (${barrel}) has no traceable export ${name}, imported by ${path}` });
              else
                lines.push(
                  `import { ${origin.name} as ${local} } from ${JSON.stringify(THEME_INDEX.test(origin.file) ? THEME_BASE : origin.file)};`,
                );
            }
            contents = contents.split(statement).join(lines.join('\n'));
          }
          if (errors.length > 0) return { errors };
          return { contents, loader: loader(path), resolveDir: dirname(path) };
        });
      }

      // Chakra's theme module without its recipes: its tokens, styles and settings.
      build.onResolve({ filter: new RegExp(`^${THEME_BASE}$`) }, () => ({ path: THEME_BASE, namespace: THEME_BASE }));
      build.onLoad({ filter: /.*/, namespace: THEME_BASE }, async () => {
        const index = (
          await build.resolve('@chakra-ui/react/theme', { kind: 'import-statement', resolveDir: process.cwd() })
        ).path;
        const source = await readFile(index, 'utf8');
        const withoutRecipes = source
          .replace(/^export \{ \w+ \} from '\.\/recipes\/[\w-]+\.js';$/gm, '')
          .replace(/^import \{ (recipes|slotRecipes) \} from '\.\/(recipes|slot-recipes)\.js';$/gm, '')
          .replace(/^const defaultThemeConfig = defineConfig\(\{[\s\S]*?^\}\);$/m, '')
          .replace(/\bdefaultThemeConfig, |\brecipes, |\bslotRecipes, /g, '');
        if (/recipes\.js'|defaultThemeConfig/.test(withoutRecipes))
          return { errors: [{ text: `Chakra's ${index} changed: its recipes could not be left out` }] };
        return { contents: withoutRecipes, loader: 'js', resolveDir: dirname(index) };
      });
    },
  };
}

/**
 * A barrel's exports, reading the modules under it depth first. `chain`: the modules being read
 * above this one. A module re-exporting one of them (a cycle) gets nothing from it: waiting would
 * never end, and what it would add is already above.
 */
function exportsUnder(
  barrel: string,
  resolveFrom: (spec: string, file: string) => Promise<string>,
): Promise<ExportMap> {
  const read = new Map<string, Promise<ExportMap>>();
  const visit = (file: string, chain: readonly string[]): Promise<ExportMap> => {
    if (chain.includes(file)) return Promise.resolve<ExportMap>(new Map());
    let map = read.get(file);
    if (!map) read.set(file, (map = readExports(file, resolveFrom, (next) => visit(next, [...chain, file]))));
    return map;
  };
  return visit(barrel, []);
}

/** Where each name a module exports is defined: the module itself, or the file it re-exports it from. */
async function readExports(
  file: string,
  resolveFrom: (spec: string, file: string) => Promise<string>,
  exportsOf: (file: string) => Promise<ExportMap>,
): Promise<ExportMap> {
  // Read without comments: Amplify's doc comments hold example imports.
  const source = withoutComments(await readFile(file, 'utf8'));
  const map: ExportMap = new Map();
  const imported = new Map<string, { spec: string; name: string }>();
  for (const match of source.matchAll(NAMED_IMPORT))
    for (const [name, local] of bindings(match[1]!)) imported.set(local, { spec: match[2]!, name });

  for (const match of source.matchAll(/export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) {
    const from = await exportsOf(await resolveFrom(match[2]!, file));
    for (const [name, as] of bindings(match[1]!)) {
      const origin = from.get(name);
      if (origin) map.set(as, origin);
    }
  }
  for (const match of source.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const [local, as] of bindings(match[1]!)) {
      const source = imported.get(local);
      const origin = source
        ? (await exportsOf(await resolveFrom(source.spec, file))).get(source.name)
        : { file, name: as };
      if (origin) map.set(as, origin);
    }
  }
  for (const match of source.matchAll(/export\s+(?:async\s+)?(?:function\*?|const|let|var|class)\s+([\w$]+)/g))
    map.set(match[1]!, { file, name: match[1]! });
  // `export *` last: a module's own exports win over a star's, as in the language.
  for (const match of source.matchAll(/export\s*\*\s*from\s*["']([^"']+)["']/g)) {
    for (const [name, origin] of await exportsOf(await resolveFrom(match[1]!, file)))
      if (!map.has(name)) map.set(name, origin);
  }
  return map;
}

/** The text without block comments and whole-line `//` comments (enough to read the module's imports and exports). */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}
