/**
 * Lets esbuild drop what the app does not use of two Chakra modules that do work at load:
 *
 *   theme/index.js  builds Chakra's whole default config (`const defaultThemeConfig =
 *                   defineConfig({... every recipe ...})`), which kept all 76 recipes;
 *   anatomy.js      extends Ark's anatomies (`const dialogAnatomy = dialogAnatomy$1.extendWith(...)`),
 *                   which kept every Ark anatomy, and with each the module of its state machine
 *                   (dialog, menu, select, ...: Zag ships a component's anatomy and machine in one
 *                   module).
 *
 * `defineConfig` is the identity and `extendWith` returns a new anatomy, but esbuild cannot know a
 * call is free of side effects, so it kept them. Marked pure, they go when unused (the app builds
 * its own config: web/src/theme/system.ts). The build fails if either module changes shape.
 *
 * And a few of Chakra's modules import from Ark's barrel (`@ark-ui/react`), a bundled file that
 * builds a namespace object of every Ark component at load: any module that reaches it reaches
 * every component's state machine, so esbuild put the machines of every component a lazy page
 * uses (dialog, toast, avatar, ...) in a chunk the first screen loads. Chakra's imports from the
 * barrel are sent to Ark's own per-component entry points instead; a name Chakra imports that is
 * not listed fails the build. For the same reason Chakra's anatomy module, which imports each
 * anatomy from its Ark component's entry point (and so reaches its machine), is sent to Ark's
 * anatomy file of that component, and that file to Zag's `anatomy` entry point; so are the
 * recipes that import their anatomy from Ark directly (the avatar's, whose machine the first
 * screen loaded through the system's avatar recipe).
 *
 * And Ark's field namespace (`Field`, which Chakra's field, input, textarea and native select
 * import from `@ark-ui/react/field`) is an object built at load with every part of a field: the
 * textarea's (with Zag's auto-resize), the select's, ... all on the first screen, which shows only
 * inputs. Chakra's components get it as a module namespace of Ark's field.js instead, whose parts
 * esbuild keeps only where they are used.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve as resolvePath } from 'node:path';
import type { Plugin } from 'esbuild';

interface PureCalls {
  module: RegExp;
  /** The calls to mark, and how many at least the module must have. */
  call: RegExp;
  atLeast: number;
}

const CHAKRA_ESM = String.raw`[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]`;

const PURE_CALLS: PureCalls[] = [
  { module: new RegExp(`${CHAKRA_ESM}theme[\\\\/]index\\.js$`), call: /(?<== )defineConfig\(/g, atLeast: 1 },
  { module: new RegExp(`${CHAKRA_ESM}anatomy\\.js$`), call: /(?<== )\w+\$1\.extendWith\(/g, atLeast: 10 },
];

const ARK_COMPONENTS = resolvePath('node_modules/@ark-ui/react/dist/components');

/** Chakra's components that use Ark's field namespace (`Field.Root`). */
const CHAKRA_FIELD_USERS = new RegExp(
  `${CHAKRA_ESM}components[\\\\/](field[\\\\/]field|input[\\\\/]input|textarea[\\\\/]textarea|native-select[\\\\/]native-select)\\.js$`,
);
const ARK_FIELD_NAMES = /(?:import|export) \{ ([^}]*) \} from '@ark-ui\/react\/field';/g;

interface ArkField {
  /** Each part of the namespace by the name Chakra uses (`Root`): its name in its file (`FieldRoot`) and the file. */
  parts: Map<string, { local: string; file: string }>;
  /** Each name Ark's field index exports, and the file that defines it. */
  files: Map<string, string>;
}

/** Read from Ark's field.js (`import { FieldRoot } from "./field-root.js"`, `FieldRoot as Root`) and index.js. */
async function readArkField(): Promise<ArkField> {
  const dir = realpathSync(resolvePath(ARK_COMPONENTS, 'field'));
  const importsOf = (source: string) =>
    new Map(
      [...source.matchAll(/import \{ (\w+) \} from "\.\/([\w.-]+\.js)";/g)].map((m) => [
        m[1]!,
        resolvePath(dir, m[2]!),
      ]),
    );
  const namespace = await readFile(resolvePath(dir, 'field.js'), 'utf8');
  const partFiles = importsOf(namespace);
  const parts = new Map<string, { local: string; file: string }>();
  for (const [, local, name] of namespace.matchAll(/(\w+) as (\w+)/g)) {
    const file = partFiles.get(local!);
    if (file) parts.set(name!, { local: local!, file });
  }
  return { parts, files: importsOf(await readFile(resolvePath(dir, 'index.js'), 'utf8')) };
}

/** Ark's anatomy file of a component (`components/dialog/dialog.anatomy.js`). */
const ARK_ANATOMY_FILE = /[\\/]@ark-ui[\\/]react[\\/]dist[\\/]components[\\/][a-z-]+[\\/][a-z-]+\.anatomy\.js$/;
const ZAG_PACKAGES = resolvePath('node_modules/@zag-js');

/** Whether Zag's package of a component has an `anatomy` entry point of its own (`@zag-js/dialog/anatomy`). */
function hasAnatomyEntry(zagPackage: string): boolean {
  const manifest = resolvePath(ZAG_PACKAGES, zagPackage, 'package.json');
  if (!existsSync(manifest)) return false;
  const exported = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports?: Record<string, unknown> }).exports ?? {};
  return './anatomy' in exported;
}

/** An Ark anatomy file's imports from Zag's component packages, sent to their `anatomy` entry points. */
function toZagAnatomy(source: string): string {
  return source.replace(/from\s*(["'])@zag-js\/([a-z-]+)\1/g, (statement: string, quote: string, zagPackage: string) =>
    hasAnatomyEntry(zagPackage) ? `from ${quote}@zag-js/${zagPackage}/anatomy${quote}` : statement,
  );
}

let arkField: Promise<ArkField> | null = null;

/** The names a Chakra module takes from Ark's field index (`FieldItem as Item` is FieldItem). */
const arkFieldNamesOf = (source: string) =>
  [...source.matchAll(ARK_FIELD_NAMES)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean),
  );

/** What a Chakra module takes from Ark's field index, each name from the file that defines it. */
async function arkFieldBarrelFor(importer: string): Promise<{ contents: string } | { errors: { text: string }[] }> {
  const { files } = await (arkField ??= readArkField());
  const names = arkFieldNamesOf(await readFile(importer, 'utf8')).filter(
    (name) => name !== 'Field' || !CHAKRA_FIELD_USERS.test(importer),
  );
  const missing = names.filter((name) => !files.has(name));
  if (missing.length > 0)
    return {
      errors: [
        {
          text: `${importer} imports ${missing.join(', ')} from Ark's field, which its index.js does not import from a file of its own`,
        },
      ],
    };
  return { contents: names.map((name) => `export { ${name} } from ${JSON.stringify(files.get(name))};`).join('\n') };
}

/** Chakra's use of Ark's field namespace, `Field.Root`, as `Field$Root` imported from the part's own file. */
async function withFieldParts(
  source: string,
  path: string,
): Promise<{ contents: string } | { errors: { text: string }[] }> {
  const { parts } = await (arkField ??= readArkField());
  const used = [...new Set([...source.matchAll(/\bField\.(\w+)/g)].map((m) => m[1]!))];
  const unknown = used.filter((name) => !parts.has(name));
  if (used.length === 0 || unknown.length > 0)
    return {
      errors: [
        {
          text: `${path} uses Field.${unknown.join(', Field.') || '(nothing)'}, which Ark's field.js does not name as expected`,
        },
      ],
    };
  const imports = used
    .map(
      (name) => `import { ${parts.get(name)!.local} as Field$${name} } from ${JSON.stringify(parts.get(name)!.file)};`,
    )
    .join(' ');
  const withoutNamespace = source.replace(ARK_FIELD_NAMES, (statement: string, names: string) => {
    const others = names
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && name !== 'Field');
    return others.length > 0 ? statement.replace(names, others.join(', ')) : '';
  });
  return {
    contents: `${imports}\n${withoutNamespace.replace(/\bField\.(\w+)/g, (_, name: string) => `Field$${name}`)}`,
  };
}

/**
 * What Chakra imports from Ark's barrel, from where Ark exports it alone (the combobox's anatomy
 * from its anatomy file: the component's entry point reaches its machine, and Zag's React runtime).
 * Each Chakra module gets a barrel of its own with only the names it imports, so the anatomy
 * module (on the first screen) does not reach the tree view's machine through one shared barrel.
 */
const ARK_BARREL_NAMES: Readonly<Record<string, string>> = {
  dataAttr: '@ark-ui/react/utils',
  useEnvironmentContext: '@ark-ui/react/environment',
  comboboxAnatomy: resolvePath(ARK_COMPONENTS, 'combobox', 'combobox.anatomy.js'),
  TreeView: '@ark-ui/react/tree-view',
  useTreeViewContext: '@ark-ui/react/tree-view',
};

/** The names a module imports from Ark's barrel, as a barrel of its own; null when one is not listed. */
function arkBarrelFor(source: string): { contents: string } | { missing: string[] } {
  const names = [...source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@ark-ui\/react['"]/g)].flatMap((m) =>
    m[1]!
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim(),
      )
      .filter(Boolean),
  );
  const missing = names.filter((name) => !(name in ARK_BARREL_NAMES));
  if (missing.length > 0) return { missing };
  return {
    contents: names.map((name) => `export { ${name} } from ${JSON.stringify(ARK_BARREL_NAMES[name])};`).join('\n'),
  };
}

export const chakraTreeShaking: Plugin = {
  name: 'chakra-tree-shaking',
  setup(build) {
    build.onResolve({ filter: /^@ark-ui\/react$/ }, ({ importer, resolveDir }) =>
      /[\\/]@chakra-ui[\\/]react[\\/]/.test(importer)
        ? { path: `ark-barrel-for:${importer}`, namespace: 'chakra-tree-shaking', pluginData: { importer, resolveDir } }
        : undefined,
    );
    // Anatomies alone: Chakra's anatomy module and recipes -> Ark's <component>.anatomy.js -> Zag's <component>/anatomy.
    build.onResolve({ filter: /^@ark-ui\/react\/[a-z-]+$/ }, ({ path, importer }) => {
      if (!/[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/](anatomy|theme[\\/]recipes[\\/][a-z-]+)\.js$/.test(importer))
        return undefined;
      const component = path.slice('@ark-ui/react/'.length);
      const file = resolvePath(ARK_COMPONENTS, component, `${component}.anatomy.js`);
      return existsSync(file) ? { path: file } : undefined;
    });
    // Ark's anatomy file -> Zag's `anatomy` entry point, by rewriting the file's import: an
    // asynchronous onResolve (one that awaits build.resolve) hands esbuild its path at a time that
    // varies from build to build, and esbuild then numbers the modules, and so names the minified
    // identifiers and the chunks, differently. An onLoad's text is the same whenever it arrives.
    build.onLoad({ filter: ARK_ANATOMY_FILE }, async ({ path }) => ({
      contents: toZagAnatomy(await readFile(path, 'utf8')),
      loader: 'js',
    }));
    build.onResolve({ filter: /^@ark-ui\/react\/field$/ }, ({ importer }) =>
      /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]components[\\/]/.test(importer)
        ? { path: `ark-field-for:${importer}`, namespace: 'chakra-ark-field', pluginData: { importer } }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: 'chakra-ark-field' }, async ({ pluginData }) => {
      const { importer } = pluginData as { importer: string };
      const barrel = await arkFieldBarrelFor(importer);
      return 'errors' in barrel ? barrel : { contents: barrel.contents, loader: 'js', resolveDir: dirname(importer) };
    });
    build.onLoad({ filter: CHAKRA_FIELD_USERS, namespace: 'file' }, async ({ path }) => {
      const rewritten = await withFieldParts(await readFile(path, 'utf8'), path);
      return 'errors' in rewritten ? rewritten : { contents: rewritten.contents, loader: 'js' };
    });
    build.onLoad({ filter: /.*/, namespace: 'chakra-tree-shaking' }, async ({ pluginData }) => {
      const { importer, resolveDir } = pluginData as { importer: string; resolveDir: string };
      const barrel = arkBarrelFor(await readFile(importer, 'utf8'));
      if ('missing' in barrel)
        return {
          errors: [
            {
              text: `${importer} imports ${barrel.missing.join(', ')} from Ark's barrel: list where Ark exports it alone`,
            },
          ],
        };
      return { contents: barrel.contents, loader: 'js', resolveDir };
    });
    for (const { module, call, atLeast } of PURE_CALLS) {
      build.onLoad({ filter: module }, async ({ path }) => {
        const source = await readFile(path, 'utf8');
        const found = source.match(call)?.length ?? 0;
        if (found < atLeast)
          return {
            errors: [{ text: `Chakra's ${path} changed: ${found} calls like ${call} where ${atLeast}+ were expected` }],
          };
        return { contents: source.replace(call, (match) => `/* @__PURE__ */ ${match}`), loader: 'js' };
      });
    }
  },
};
