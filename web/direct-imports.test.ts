/**
 * @jest-environment node
 *
 * What the barrel rewrite keeps out of reach: esbuild puts a live module in the chunks of every
 * entry that can reach it, so what an entry's import graph reaches is what it may load.
 */
import { build, type Plugin } from 'esbuild';
import { chakraTreeShaking } from './chakra-tree-shaking';
import { directImports } from './direct-imports';

async function reachedFrom(entry: string, plugins: Plugin[]): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    outdir: 'unused',
    metafile: true,
    logLevel: 'silent',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins,
  });
  return Object.keys(metafile.inputs);
}

const rewritten = [directImports(), chakraTreeShaking];

it("keeps the recipes and state machines of the lazy pages' components out of the app's theme", async () => {
  const lazyOnly = [
    'theme/recipes/dialog.js',
    'theme/recipes/toast.js',
    '@zag-js/react/dist/machine.mjs',
    '@zag-js/dialog/dist/dialog.machine',
    '@zag-js/avatar/dist/avatar.machine',
  ];
  const reached = await reachedFrom('web/src/theme/system.ts', rewritten);
  expect(lazyOnly.filter((m) => reached.some((input) => input.includes(m)))).toEqual([]);
  // What the system uses is still there, from its own files.
  expect(reached.some((input) => input.endsWith('theme/recipes/button.js'))).toBe(true);
  // Without the rewrite the same graph reaches them: the check above can fail.
  const plain = await reachedFrom('web/src/theme/system.ts', [chakraTreeShaking]);
  expect(lazyOnly.filter((m) => plain.some((input) => input.includes(m))).length).toBeGreaterThan(0);
}, 60_000);

it("keeps Amplify's sign-in code (SRP, sign-up), and the Cache and I18n of its core's barrel, out of its session part", async () => {
  const notSession = [
    'srp/BigInteger/BigInteger.mjs',
    'utils/signInHelpers.mjs',
    'apis/signUp.mjs',
    'Cache/StorageCacheCommon.mjs',
    'I18n/I18n.mjs',
  ];
  const reached = await reachedFrom('web/src/auth/amplify.ts', rewritten);
  expect(notSession.filter((m) => reached.some((input) => input.includes(m)))).toEqual([]);
  expect(reached.some((input) => input.includes('tokenProvider/TokenOrchestrator.mjs'))).toBe(true);
  const plain = await reachedFrom('web/src/auth/amplify.ts', [chakraTreeShaking]);
  expect(notSession.filter((m) => plain.some((input) => input.includes(m)))).toEqual(notSession);
  // The sign-in part keeps what completes a Google redirect.
  const signIn = await reachedFrom('web/src/auth/amplify-sign-in.ts', rewritten);
  expect(signIn.some((input) => input.endsWith('utils/oauth/enableOAuthListener.mjs'))).toBe(true);
}, 60_000);

it('keeps what Amplify imports bare, only for its types, out of its session part: the table of every Cognito error', async () => {
  const errorTable = 'providers/cognito/types/errors.mjs';
  const reached = await reachedFrom('web/src/auth/amplify.ts', rewritten);
  expect(reached.filter((input) => input.endsWith(errorTable))).toEqual([]);
  // Sign-in uses it: there it stays.
  const signIn = await reachedFrom('web/src/auth/amplify-sign-in.ts', rewritten);
  expect(signIn.some((input) => input.endsWith(errorTable))).toBe(true);
  // Without the rewrite sign-out's bare import reaches it.
  const plain = await reachedFrom('web/src/auth/amplify.ts', [chakraTreeShaking]);
  expect(plain.some((input) => input.endsWith(errorTable))).toBe(true);
}, 60_000);

it("keeps Ark's field parts the first screen does not show (the textarea and its auto-resize) out of reach of its inputs", async () => {
  const textareaOnly = ['components/field/field-textarea.js', '@zag-js/auto-resize'];
  const reached = await reachedFrom('web/src/components/form-field.tsx', rewritten);
  expect(textareaOnly.filter((m) => reached.some((input) => input.includes(m)))).toEqual([]);
  // What an input uses is still there, from its own file.
  expect(reached.some((input) => input.endsWith('components/field/field-root.js'))).toBe(true);
  // Without the rewrite Ark's field namespace reaches them: the check above can fail.
  const plain = await reachedFrom('web/src/components/form-field.tsx', [directImports()]);
  expect(textareaOnly.filter((m) => plain.some((input) => input.includes(m)))).toEqual(textareaOnly);
  // The textarea itself still gets its part, where a page shows one.
  const textarea = await reachedFrom(
    'node_modules/@chakra-ui/react/dist/esm/components/textarea/textarea.js',
    rewritten,
  );
  expect(textarea.some((input) => input.endsWith('components/field/field-textarea.js'))).toBe(true);
}, 60_000);
