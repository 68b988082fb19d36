/**
 * The browser the end-to-end suite drives: CHROME_PATH, else a system Chromium (Debian's
 * `chromium`, which .ci/run installs when missing), launched headless with a fresh profile.
 */
import { existsSync } from 'node:fs';
import { type BrowserServer, chromium } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChrome(): string {
  const explicit = process.env.CHROME_PATH;
  if (explicit) {
    if (!existsSync(explicit)) throw new Error(`CHROME_PATH=${explicit} does not exist`);
    return explicit;
  }
  const found = CANDIDATES.find((path) => existsSync(path));
  if (!found) throw new Error('No Chromium found: set CHROME_PATH, or run infra/tools/install-system-deps.sh');
  return found;
}

/** Flags that work on these machines: no sandbox as root, no GPU, and no background network calls. */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The run's one browser, as a server test files connect to (`chromium.connect`). `trustSpki`:
 * base64 SHA-256 public-key hashes whose certificates the browser trusts (the local hosted UI's),
 * and no other certificate error.
 */
export function launchBrowserServer(trustSpki: readonly string[] = []): Promise<BrowserServer> {
  // playwright-core gives each launch a new, empty profile.
  const trust = trustSpki.length > 0 ? [`--ignore-certificate-errors-spki-list=${trustSpki.join(',')}`] : [];
  return chromium.launchServer({ executablePath: findChrome(), args: [...CHROME_FLAGS, ...trust] });
}
