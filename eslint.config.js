// The linter: typescript-eslint's type-aware rules over the whole TypeScript tree (one TypeScript
// program, the one `tsconfig.json` describes), React's hook rules over the web client.
// docs/testing.md ("Style") says what each group of rules catches and why.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    'cdk.out/',
    'web/dist/',
    'web/.prerender/',
    '.local/',
    '.bench/',
    '.e2e-artifacts/',
    'coverage/',
    'release/',
    '.scratch/',
  ]),

  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // Every TypeScript file is in tsconfig.json, so the project service never falls back to a
        // default project (which would type-check each such file on its own, slowly).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its rejection: in a Lambda handler the error never reaches
      // the log, in a test the assertion runs after the test has passed.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // The web client routes with a declarative <BrowserRouter>, whose navigate returns
          // nothing to wait for (the promise in its type is a data router's).
          allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // A switch over a union type handles every member, so a member added later is a compile-time
      // finding, not a silent fall through to whatever follows the switch.
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: false, requireDefaultForNonUnion: false },
      ],
      // Off: an `async` function without `await` still turns a throw into a rejected promise and
      // fits the promise-returning signatures handlers, emulator operations and fakes implement;
      // dropping `async` to please this rule would change how their errors surface.
      '@typescript-eslint/require-await': 'off',
      // An `unknown` input narrowed by a null check is `{}` to TypeScript: String() of it, to read or
      // to quote a value given on the command line, is as deliberate as String() of `unknown`,
      // which the rule allows.
      '@typescript-eslint/no-base-to-string': [
        'error',
        { ignoredTypeNames: ['Error', 'RegExp', 'URL', 'URLSearchParams', '{}'] },
      ],
      // Unused code goes; an argument a signature needs but the body does not use says so with `_`.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'all',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  {
    files: ['**/*.test.{ts,tsx}', 'tests/**/*.{ts,tsx}', '**/test-support/**/*.ts', 'web/src/test/**/*.{ts,tsx}'],
    rules: {
      // Off in tests: tests read untyped JSON on purpose (a synthesized template's `toJSON()`, an
      // HTTP body), and Jest's asymmetric matchers (`expect.any(String)`) are typed `any`, so the
      // rules that follow an `any` would report most expectations. Product code keeps them.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Off in tests: `expect(fake.signIn).toHaveBeenCalled()` hands a mock over unbound on purpose;
      // Jest reads its calls and never calls it with a `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  {
    files: ['web/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    rules: {
      // The preset only warns about these; the tree is kept at no findings, so they are errors.
      'react-hooks/exhaustive-deps': 'error',
      'react-hooks/incompatible-library': 'error',
      'react-hooks/unsupported-syntax': 'error',
    },
  },

  {
    // The one CommonJS file: Jest's reporter interface loads it with `require`.
    files: ['**/*.cjs'],
    extends: [js.configs.recommended],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { process: 'readonly' },
    },
  },
]);
