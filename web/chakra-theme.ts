/**
 * Lets esbuild drop what the app does not use of `@chakra-ui/react/theme`. That module exports
 * each recipe and token set, and also builds Chakra's default theme config at load
 * (`const defaultThemeConfig = defineConfig({... every recipe ...})`). `defineConfig` is the
 * identity function, but esbuild cannot know a call is free of side effects, so the statement,
 * and with it all 76 recipes, stayed in the bundle. Marked pure, it goes when unused (the app
 * builds its own config: web/src/theme/system.ts). The build fails if the statement changes.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';

const THEME_MODULE = /[\\/]@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]index\.js$/;
const STATEMENT = 'const defaultThemeConfig = defineConfig(';

export const chakraThemeTreeShaking: Plugin = {
  name: 'chakra-theme-tree-shaking',
  setup(build) {
    build.onLoad({ filter: THEME_MODULE }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes(STATEMENT)) return { errors: [{ text: `Chakra's theme module changed: "${STATEMENT}" not found in ${path}` }] };
      return { contents: source.replace(STATEMENT, 'const defaultThemeConfig = /* @__PURE__ */ defineConfig('), loader: 'js' };
    });
  },
};
