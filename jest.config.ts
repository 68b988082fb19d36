/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';

// TypeScript is compiled by SWC (no type checking here: `npm run typecheck` does that once),
// to CommonJS so Jest needs no experimental ESM mode.
const swc: Config['transform'] = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic' } },
        target: 'es2022',
      },
      module: { type: 'commonjs' },
    },
  ],
};

const base = {
  transform: swc,
  // ESM-only packages the local stack loads (the Google stand-in): compiled to CommonJS like our code.
  transformIgnorePatterns: ['/node_modules/(?!(oidc-provider|jose)/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testPathIgnorePatterns: ['/node_modules/', '/cdk.out/', '/web/dist/', '/.local/'],
};

const config: Config = {
  reporters: ['default', '<rootDir>/infra/tools/jest-summary-reporter.cjs'],
  projects: [
    {
      ...base,
      displayName: 'unit',
      testEnvironment: 'node',
      setupFilesAfterEnv: ['<rootDir>/tests/support/unit-timeout.ts'],
      testPathIgnorePatterns: [
        ...base.testPathIgnorePatterns,
        '/tests/integration/',
        '/tests/e2e/',
        '/infra/local/cognito/test/stack/',
      ],
      testMatch: [
        '<rootDir>/tests/*.test.ts',
        '<rootDir>/shared/**/*.test.ts',
        '<rootDir>/lambdas/**/*.test.ts',
        '<rootDir>/infra/local/**/*.test.ts',
      ],
    },
    {
      ...base,
      displayName: 'integration',
      testEnvironment: 'node',
      // One shared stack per worker, kept by Jest's own process for the whole run (support/stack-keeper.ts).
      globalSetup: '<rootDir>/tests/integration/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/integration/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/integration/support/timeout.ts'],
      // The emulator's own tests on a whole stack sit beside it, in its package.
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts', '<rootDir>/infra/local/cognito/test/stack/*.test.ts'],
    },
    {
      ...base,
      displayName: 'infra',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/infra/aws/**/*.test.ts'],
      // One folder of synthesized stages per run, shared by every file (template-reader.ts).
      globalSetup: '<rootDir>/infra/aws/test-support/template-cache-setup.ts',
      globalTeardown: '<rootDir>/infra/aws/test-support/template-cache-teardown.ts',
    },
    {
      ...base,
      displayName: 'web',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/web/src/test/setup.ts'],
      testMatch: ['<rootDir>/web/src/**/*.test.ts?(x)', '<rootDir>/web/*.test.ts'],
      testPathIgnorePatterns: [...base.testPathIgnorePatterns, '/web/build\\.test\\.ts$'],
    },
    {
      // The build's own checks run in a pass of their own, before the stacks of the other
      // projects load the machine: the two builds they compare take seconds each, not minutes.
      ...base,
      displayName: 'build',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/web/src/test/setup.ts'],
      testMatch: ['<rootDir>/web/build.test.ts'],
    },
    {
      ...base,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/e2e/**/*.e2e.ts'],
      // One shared stack per worker and one browser for the run, kept by Jest's own process (support/shared-run.ts).
      globalSetup: '<rootDir>/tests/e2e/support/global-setup.ts',
      globalTeardown: '<rootDir>/tests/e2e/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/e2e/support/timeout.ts'],
    },
    {
      // The bench's small run (bench/bench.test.ts): its own stack, browser and `cdk synth`, in
      // a step of its own after the journeys, so it loads the machine alone.
      ...base,
      displayName: 'bench',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/bench/**/*.test.ts'],
    },
  ],
};

export default config;
