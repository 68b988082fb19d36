/**
 * For the local Cognito's tests: one emulator per test file, on a data folder of its own, with the
 * SDK client the product's code would use and the clock its limits run on; and users made as the
 * administrators' tools make them. Every test makes its own users (uniqueAddress), so each passes
 * alone and in any order.
 */
import { sendBackendHeader } from '../../../../lambdas/lib/cognito/cognito-backend-header';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminCreateUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { type LocalCognitoOptions, type RunningLocalCognito, startLocalCognito } from '../index';
import { srpSignIn, type SrpSignInResult } from '../srp-client';

/** What a test file sets beyond the data folder and the clock. */
export type TestOptions = Omit<LocalCognitoOptions, 'dataDir' | 'now'>;

export interface LocalCognitoUnderTest {
  readonly cognito: RunningLocalCognito;
  readonly sdk: CognitoIdentityProviderClient;
  /** The test file's own folder (the emulator's data folder is its `cognito` subfolder). */
  readonly root: string;
  /** Moves the clock of the emulator's lockouts, attempt limits and sessions: it stands still otherwise. */
  advance(ms: number): void;
  /** Stops the emulator and starts it again on the same data folder; `whileStopped` runs in between. */
  restart(whileStopped?: () => Promise<void>): Promise<void>;
  /** A password sign-in as the web makes it: SRP (the app client allows nothing else). */
  signIn(username: string, password: string): Promise<SrpSignInResult>;
}

/** The backend's client, as the product's functions and tools call the pool: with the stack's secret (backend-gate.ts). */
const sdkFor = (cognito: RunningLocalCognito) => {
  const sdk = new CognitoIdentityProviderClient({
    region: cognito.region,
    endpoint: cognito.endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  sendBackendHeader(sdk, cognito.backendSecret);
  return sdk;
};

/** Starts the emulator before the file's tests and stops it (and removes its folder) after them. */
export function useLocalCognito(
  options: (root: string) => TestOptions | Promise<TestOptions> = () => ({}),
): LocalCognitoUnderTest {
  const root = mkdtempSync(join(tmpdir(), 'local-cognito-test-'));
  let clockNow = Date.now();
  let given: TestOptions = {};
  let running: { cognito: RunningLocalCognito; sdk: CognitoIdentityProviderClient } | undefined;
  const start = async () => {
    const cognito = await startLocalCognito({ ...given, dataDir: join(root, 'cognito'), now: () => clockNow });
    running = { cognito, sdk: sdkFor(cognito) };
  };
  const stop = async () => {
    running?.sdk.destroy();
    await running?.cognito.stop();
    running = undefined;
  };
  const current = () => {
    if (!running) throw new Error('the local Cognito is not running');
    return running;
  };

  beforeAll(async () => {
    given = await options(root);
    await start();
  });
  afterAll(async () => {
    await stop();
    rmSync(root, { recursive: true, force: true });
  });

  return {
    get cognito() {
      return current().cognito;
    },
    get sdk() {
      return current().sdk;
    },
    root,
    advance: (ms) => {
      clockNow += ms;
    },
    async restart(whileStopped) {
      await stop();
      await whileStopped?.();
      await start();
    },
    signIn: (username, password) => srpSignIn(current().sdk, current().cognito, username, password),
  };
}

let addresses = 0;
/** An e-mail address no other test of the process uses: `<name>-<n>@example.com`. */
export const uniqueAddress = (name: string) => `${name}-${(addresses += 1)}@example.com`;

/** A confirmed user with a verified e-mail and a permanent password. */
export async function createConfirmedUser(
  sdk: CognitoIdentityProviderClient,
  userPoolId: string,
  address: string,
  password: string,
): Promise<void> {
  await sdk.send(
    new AdminCreateUserCommand({
      UserPoolId: userPoolId,
      Username: address,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: address },
        { Name: 'email_verified', Value: 'true' },
      ],
    }),
  );
  await sdk.send(
    new AdminSetUserPasswordCommand({ UserPoolId: userPoolId, Username: address, Password: password, Permanent: true }),
  );
}
