/**
 * Lets esbuild drop what the app does not use of React Router (NavLink, Form, ScrollRestoration,
 * the data routers' contexts, ...): ~3 KB gzip on every page.
 *
 * React Router ships one module of everything, and at load it makes its contexts and components
 * (`React.createContext(...)`, `React.forwardRef(...)`, `React.memo(...)`) and names them for
 * React's developer tools (`NavLink.displayName = "NavLink"`). esbuild cannot know those calls are
 * free of side effects, and an assignment to a property is one, so it kept every component with
 * all it calls, whether the app used it or not. The calls are marked pure and the names are left
 * out: a name is read only by the developer tools, which a production build does not serve. The
 * build fails if the module changes shape (fewer of either than expected). React Router has no
 * build without them, and esbuild no option that drops such statements.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

/** React Router's bundled modules (`dist/development/chunk-*.mjs`, and the production build's). */
const ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/](development|production)[\\/]chunk-[A-Z0-9]+\.mjs$/;
const NAMING = /^\w+\.displayName = "\w+";$/gm;
const MAKING = /(?<![\w.])React\d*\.(?:forwardRef|createContext|memo)\(/g;

/** The least of each a module that defines the router's components has (16 names and 17 calls in 7.18). */
const AT_LEAST = { namings: 10, makings: 10 };

/** The module's text with its components' making marked pure and their names left out; null when it defines no components. */
export function withoutNamings(source: string): { contents: string } | { error: string } | null {
  const namings = source.match(NAMING)?.length ?? 0;
  const makings = source.match(MAKING)?.length ?? 0;
  if (namings === 0 && makings === 0) return null;
  if (namings < AT_LEAST.namings || makings < AT_LEAST.makings)
    return {
      error: `${namings} displayName assignments and ${makings} React calls where at least ${AT_LEAST.namings} and ${AT_LEAST.makings} were expected`,
    };
  return { contents: source.replace(NAMING, '').replace(MAKING, (call) => `/* @__PURE__ */ ${call}`) };
}

export const reactRouterTreeShaking: Plugin = {
  name: 'react-router-tree-shaking',
  setup(build) {
    build.onLoad({ filter: ROUTER_CHUNK }, async ({ path }) => {
      const rewritten = withoutNamings(await readFile(path, 'utf8'));
      if (rewritten === null) return undefined;
      if ('error' in rewritten) return { errors: [{ text: `React Router's ${path} changed: ${rewritten.error}` }] };
      return { contents: rewritten.contents, loader: 'js' };
    });
  },
};
