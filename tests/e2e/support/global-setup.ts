/**
 * Builds the SPA once for the whole end-to-end run, then starts what the run's files share
 * (support/shared-run.ts): one seeded stack per worker serving this build, and one Chromium
 * trusting the run's hosted-UI certificate.
 */
import { mkdtempSync } from 'node:fs';
import type { Config } from 'jest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostedUiCertificate } from '@aurum/cognito-emulator';
import globalTeardown from './global-teardown';
import { startTestStack } from '../../integration/support/stack';
import { launchBrowserServer } from './browser';
import { certificateDir, E2E_RUN_VARIABLE, type RunHandles, runDataDir, runKey, type SharedRun } from './shared-run';

export default async function globalSetup(globalConfig: Pick<Config, 'maxWorkers'>): Promise<void> {
  const { buildWeb, printReport } = await import('../../../web/build');
  const report = await buildWeb();
  printReport(report, (line) => process.stderr.write(`${line}\n`));

  const handles: RunHandles = { stacks: [], runDir: mkdtempSync(join(tmpdir(), 'aurum-e2e-run-')) };
  // Kept before anything starts: the teardown stops whatever did start, even when the rest failed.
  (globalThis as Record<symbol, RunHandles | undefined>)[runKey] = handles;
  const { spkiSha256 } = await hostedUiCertificate(certificateDir(handles.runDir));
  const workers = Math.max(1, Number(globalConfig.maxWorkers ?? 1));
  const [browser, ...stacks] = await Promise.allSettled([
    launchBrowserServer([spkiSha256]),
    ...Array.from({ length: workers }, () =>
      startTestStack({ seed: true, web: 'serve', dataDir: runDataDir(handles.runDir) }),
    ),
  ]);
  for (const stack of stacks) if (stack.status === 'fulfilled') handles.stacks.push(stack.value);
  if (browser.status === 'fulfilled') handles.browser = browser.value;
  // Jest runs no globalTeardown after a globalSetup that failed: whatever started is stopped here.
  const failed = [browser, ...stacks].find(
    (started): started is PromiseRejectedResult => started.status === 'rejected',
  );
  if (failed || browser.status === 'rejected') {
    await globalTeardown();
    throw failed?.reason;
  }
  process.env[E2E_RUN_VARIABLE] = JSON.stringify({
    stacks: handles.stacks.map(({ stop: _stop, crash: _crash, ...info }) => info),
    browserEndpoint: browser.value.wsEndpoint(),
    runDir: handles.runDir,
  } satisfies SharedRun);
}
