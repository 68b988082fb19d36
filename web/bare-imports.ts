/**
 * Drops the bare imports (`import '../types/errors.mjs';`) that Amplify's compiled modules keep
 * of modules its packages declare free of side effects (package.json `sideEffects`).
 *
 * Why: TypeScript leaves such an import where a module used only types from another; it runs
 * nothing, but esbuild puts a live module in the chunk of every entry that reaches it, and a bare
 * import reaches. Amplify's sign-out reached the table of every Cognito error (17 KB, live
 * because sign-in uses it) and the session part carried it; its singleton reached the parsers and
 * helpers it imports only for types. A module whose package lists it as having side effects keeps
 * its bare imports (the OAuth listener's), and so does a package that declares nothing.
 * esbuild drops a bare import of a side-effect-free module only when nothing at all uses that
 * module, so no option of its own served.
 *
 * Everything is read synchronously from the importing file's package: the same text for every build.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';

const BARE_IMPORT = /^import\s*(["'])([^"']+)\1;$/gm;

interface PackageFacts {
  dir: string;
  /** The files the package lists as having side effects (absolute); null when it declares nothing (all may). */
  sideEffects: ReadonlySet<string> | null;
}

const packages = new Map<string, PackageFacts>();

/** The package a file belongs to: the nearest package.json with a name above it. */
function packageOf(file: string): PackageFacts {
  let dir = dirname(file);
  for (;;) {
    const manifest = resolvePath(dir, 'package.json');
    if (existsSync(manifest)) {
      const json = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; sideEffects?: unknown };
      if (json.name !== undefined) {
        const known = packages.get(dir);
        if (known) return known;
        const { sideEffects } = json;
        const facts = {
          dir,
          sideEffects:
            sideEffects === false
              ? new Set<string>()
              : Array.isArray(sideEffects)
                ? new Set(sideEffects.map((f: string) => resolvePath(dir, f)))
                : null,
        };
        packages.set(dir, facts);
        return facts;
      }
    }
    if (dirname(dir) === dir) throw new Error(`no package.json with a name above ${file}`);
    dir = dirname(dir);
  }
}

/**
 * The module's text without its bare imports of side-effect-free modules: relative ones its own
 * package does not list, and those of the packages named (whose entry points, the modules a bare
 * import of a package name reaches, their package.json declares free of side effects).
 */
export function withoutBareImports(source: string, file: string, packagesWithoutEffects: readonly string[]): string {
  const own = packageOf(file);
  return source.replace(BARE_IMPORT, (statement: string, _quote: string, spec: string) => {
    if (spec.startsWith('.')) {
      const target = resolvePath(dirname(file), spec);
      return own.sideEffects === null || own.sideEffects.has(target) ? statement : '';
    }
    const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
    return packagesWithoutEffects.includes(name) ? '' : statement;
  });
}
