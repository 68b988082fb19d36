/**
 * The Chakra system the app renders with: Chakra's own default theme (tokens, semantic tokens,
 * text and layer styles, global CSS), but only the recipes of the components the app uses.
 * Chakra's `defaultSystem` carries all 76 recipes, ~117 KB minified on the first screen, and its
 * slot recipes import their components' anatomies through Ark's barrel, which pulls state machines
 * (dialog, menu, ...) in with them. Nothing is ejected: each recipe is Chakra's own, as
 * `@chakra-ui/react/theme` exports it. (That module also builds Chakra's whole default config at
 * load, which kept every recipe in the bundle: web/chakra-tree-shaking.ts lets esbuild drop it.)
 *
 * The recipes of components only the signed-in pages show are left out on purpose and given to
 * their components where they are used (the `recipe` prop): the dialog's and the toast's (in the
 * system, their anatomies would bring their state machines to the first screen, which shows
 * neither), and the badge's (components/badge.tsx), stat's, empty state's and alert's; and the
 * code's, which only the 404 page shows (a lazy page too).
 * Whatever the system holds, the first screen loads.
 *
 * A component whose recipe is missing here renders unstyled without a word from Chakra: in
 * development the system reports it (`missingRecipes`), and the web tests fail on any.
 */
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { createSystem, defineConfig, mergeConfigs } from '@chakra-ui/react/styled-system';
import {
  animationStyles,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  textStyles,
  tokens,
} from '@chakra-ui/react/theme';

const recipes = {
  button: buttonRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  spinner: spinnerRecipe,
};

const slotRecipes = {
  card: cardSlotRecipe,
  field: fieldSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
};

/**
 * The backdrop behind a dialog (the dialog's and the drawer's recipes paint it blackAlpha.500, and
 * nothing else does): Chakra's 36% black in light mode, 80% in dark, where 36% black over a page
 * that is nearly black already leaves the page as bright as before and the dialog hard to tell
 * from it.
 */
const dialogBackdrop = defineConfig({
  theme: {
    semanticTokens: {
      colors: { blackAlpha: { 500: { value: { _light: 'rgba(0, 0, 0, 0.36)', _dark: '{colors.blackAlpha.800}' } } } },
    },
  },
});

/** Chakra's defaultConfig (preset.ts), with the recipes above instead of all of them. */
const config = mergeConfigs(
  defaultBaseConfig,
  defineConfig({
    preflight: true,
    cssVarsPrefix,
    cssVarsRoot,
    globalCss,
    theme: {
      breakpoints,
      keyframes,
      tokens,
      semanticTokens,
      recipes,
      slotRecipes,
      textStyles,
      layerStyles,
      animationStyles,
    },
  }),
  dialogBackdrop,
);

export const system = createSystem(config);

/** Recipe keys a component asked for that the system lacks (development only). */
export const missingRecipes = new Set<string>();

/** Keys Chakra's components ask for that have no recipe in Chakra's own theme either (Text's). */
const RECIPE_LESS = new Set(['text']);

if (process.env.NODE_ENV !== 'production') {
  const getRecipeFn = system.getRecipeFn.bind(system);
  const getSlotRecipeFn = system.getSlotRecipeFn.bind(system);
  // Chakra types a recipe function as `any`; the wrappers hand it on untouched, as `unknown`.
  system.getRecipeFn = (key, fallback): unknown => {
    if (!system.isRecipe(key) && !RECIPE_LESS.has(key)) missingRecipes.add(key);
    return getRecipeFn(key, fallback) as unknown;
  };
  system.getSlotRecipeFn = (key, fallback): unknown => {
    if (!system.isSlotRecipe(key)) missingRecipes.add(key);
    return getSlotRecipeFn(key, fallback) as unknown;
  };
}
