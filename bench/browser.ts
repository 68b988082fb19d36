/**
 * Figures 4 and 5 of the bench, in the headless Chromium of the e2e suite: Lighthouse on the
 * signed-out pages (mobile, and `/` on desktop) and on `/dashboard` signed in, and the admin page with every bench client: time to its first
 * rows, then how long a search and a sort take to show.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type Locator, type Page } from 'playwright-core';
import { CHROME_FLAGS, findChrome } from '../tests/e2e/support/browser';
import { type AddRow, fmt, median, runs } from './stats';
import { routeByName } from '../shared/api';
import { freshTotpCode } from '../tests/integration/support/totp';

/**
 * The admin page's client rows, found as assistive technology finds them: the table named
 * "Clients", its body's rows (each named by the client's e-mail). The web's own tests and the
 * journeys read the table by the same name, so a change to it fails there first.
 */
const clientRows = (page: Page) => page.getByRole('table', { name: 'Clients' }).locator('tbody').getByRole('row');
const LIGHTHOUSE_PORT = 9333;

/** The pages a visitor sees signed out, prerendered at build time (the targets: >= 95 on mobile). */
const SIGNED_OUT_PAGES = ['/', '/signup', '/forgot-password'] as const;

/** One page measured `reps` times on one preset, reported as three rows (score, LCP, TBT) of medians with every run. */
interface LighthouseRun {
  url: string;
  /** The rows' name for the page, e.g. "/signup (mobile)". */
  label: string;
  preset: 'mobile' | 'desktop';
  /** Keep the browser's storage (a signed-in session) instead of clearing it first. */
  keepStorage?: boolean;
  /** Said at the head of the score row's detail, after the number of runs. */
  about: string;
  /** Said after the LCP and TBT runs. */
  lcpNote: string;
  tbtNote: string;
}

async function runLighthouse(
  run: LighthouseRun,
  reps: number,
  row: AddRow,
  progress: (m: string) => void,
): Promise<void> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const score: number[] = [];
  const lcp: number[] = [];
  const tbt: number[] = [];
  const fcp: number[] = [];
  const cls: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    const result = await lighthouse(
      run.url,
      {
        port: LIGHTHOUSE_PORT,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(run.keepStorage ? { disableStorageReset: true } : {}),
      },
      run.preset === 'desktop' ? desktopConfig : undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error('Lighthouse gave no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(run.url).pathname)
      throw new Error(`Lighthouse ended on ${lhr.finalDisplayedUrl}, not ${run.url}`);
    score.push((lhr.categories.performance?.score ?? Number.NaN) * 100);
    lcp.push(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN);
    tbt.push(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN);
    fcp.push(lhr.audits['first-contentful-paint']?.numericValue ?? Number.NaN);
    cls.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN);
    progress(
      `lighthouse ${run.label} ${rep + 1}/${reps}: score ${fmt(score.at(-1) ?? 0, 0)}, LCP ${fmt(lcp.at(-1) ?? 0, 0)} ms, TBT ${fmt(tbt.at(-1) ?? 0, 0)} ms`,
    );
  }
  row(
    `4. Lighthouse ${run.label}: performance score`,
    fmt(median(score), 0),
    '/ 100',
    `median of ${reps}; ${run.about}; runs ${runs(score, 0)}; CLS ${fmt(median(cls), 3)}`,
    score.length,
  );
  row(
    `4. Lighthouse ${run.label}: LCP`,
    fmt(median(lcp), 0),
    'ms',
    `runs ${runs(lcp, 0)}; FCP ${fmt(median(fcp), 0)} ms; ${run.lcpNote}`,
    lcp.length,
  );
  row(`4. Lighthouse ${run.label}: TBT`, fmt(median(tbt), 0), 'ms', `runs ${runs(tbt, 0)}; ${run.tbtNote}`, tbt.length);
}

export async function measureLighthouse(
  baseUrl: string,
  reps: number,
  row: AddRow,
  progress: (m: string) => void,
): Promise<void> {
  const browser = await chromium.launch({
    executablePath: findChrome(),
    args: [...CHROME_FLAGS, `--remote-debugging-port=${LIGHTHOUSE_PORT}`],
  });
  try {
    // The signed-out pages (prerendered): each on the mobile preset, sign-in on the desktop one too.
    const runsToMake = [
      ...SIGNED_OUT_PAGES.map((path) => ({ preset: 'mobile' as const, path })),
      { preset: 'desktop' as const, path: '/' },
    ];
    for (const { preset, path } of runsToMake) {
      // The targets on the mobile preset; desktop stays at 100.
      const mobile = preset === 'mobile';
      const about = `Lighthouse ${preset} preset (simulated throttling${mobile ? ': slow 4G, 4× CPU' : ''}); target ${mobile ? '>= 95, CLS 0' : '100'}`;
      const notes = mobile
        ? { lcpNote: 'target ≤ 1,500 ms', tbtNote: 'target ≤ 150 ms' }
        : { lcpNote: 'good is ≤ 2,500 ms', tbtNote: 'good is ≤ 200 ms' };
      await runLighthouse(
        { url: `${baseUrl}${path}`, label: `${path} (${preset})`, preset, about, ...notes },
        reps,
        row,
        progress,
      );
    }
  } finally {
    await browser.close();
  }
}

/**
 * Lighthouse on `/dashboard` signed in as a client with data (mobile preset): a persistent
 * profile whose storage holds the session (signed in through the page, as a person would), which
 * Lighthouse is told to keep; a run that ends anywhere but the dashboard is an error.
 */
export async function measureDashboardLighthouse(
  baseUrl: string,
  reps: number,
  client: { email: string; password: string },
  row: AddRow,
  progress: (m: string) => void,
): Promise<void> {
  const profile = mkdtempSync(join(tmpdir(), 'aurum-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChrome(),
    args: [...CHROME_FLAGS, `--remote-debugging-port=${LIGHTHOUSE_PORT}`],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signIn(page, baseUrl, client.email, client.password);
    await page.getByTestId('balance').waitFor();
    await runLighthouse(
      {
        url: `${baseUrl}/dashboard`,
        label: '/dashboard (mobile, signed in)',
        preset: 'mobile',
        keepStorage: true,
        about: `signed in as ${client.email}; mobile preset; targets >= 90, LCP <= 2,500 ms, TBT <= 200 ms, CLS <= 0.02`,
        lcpNote: 'target ≤ 2,500 ms',
        tbtNote: 'target ≤ 200 ms',
      },
      reps,
      row,
      progress,
    );
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A password sign-in; `totpSecret` answers the code step of a user with two-factor sign-in (every admin). */
async function signIn(
  page: Page,
  baseUrl: string,
  email: string,
  password: string,
  totpSecret?: string,
): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  if (totpSecret) {
    // Each code once, as Cognito takes it: a code the bench's own sign-in used is not sent again.
    await page.getByLabel('Authentication code').fill(await freshTotpCode(totpSecret));
    await page.getByRole('button', { name: 'Verify' }).click();
  }
  await page.waitForURL(/\/(dashboard|admin)/);
}

/** Until exactly `n` rows show: the row after the last gone, the last one there. */
async function untilRowCount(rows: Locator, n: number): Promise<void> {
  do {
    await Promise.all([rows.nth(n).waitFor({ state: 'detached' }), rows.nth(n - 1).waitFor({ state: 'attached' })]);
  } while ((await rows.count()) !== n);
}

/** Milliseconds from `act` until `done` holds in the page. */
async function timed(page: Page, act: () => Promise<unknown>, done: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await act();
  await done();
  return performance.now() - t;
}

export async function measureAdminPage(
  baseUrl: string,
  admin: { email: string; password: string; totpSecret: string },
  expectClients: number,
  reps: number,
  row: AddRow,
  progress: (m: string) => void,
): Promise<void> {
  const browser = await chromium.launch({ executablePath: findChrome(), args: CHROME_FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(120_000);
    await signIn(page, baseUrl, admin.email, admin.password, admin.totpSecret);
    const firstRows: number[] = [];
    const apiMs: number[] = [];
    const wire: number[] = [];
    const search: number[] = [];
    const sort: number[] = [];
    let rendered = 0;
    let total = '';
    for (let rep = 0; rep < reps; rep++) {
      // A fresh load of /admin: the app, the session, the admin check and the list.
      const rows = clientRows(page);
      firstRows.push(
        await timed(
          page,
          () => page.goto(`${baseUrl}/admin`),
          () => rows.first().waitFor(),
        ),
      );
      const timing = await page.evaluate((listPath) => {
        const entry = performance.getEntriesByType('resource').find((e) => e.name.endsWith(listPath)) as
          PerformanceResourceTiming | undefined;
        return entry ? { ms: entry.responseEnd - entry.startTime, bytes: entry.transferSize } : null;
      }, routeByName('listClients').path);
      if (timing) {
        apiMs.push(timing.ms);
        wire.push(timing.bytes);
      }
      rendered = await rows.count();
      total = (await page.getByText('Total Clients').locator('..').textContent()) ?? '';

      // A search that narrows the clients to one (on the server, after the page's 300 ms pause for typing), then back.
      const box = page.getByRole('searchbox', { name: 'Search clients by email...' });
      const needle = `bench-${Math.floor(expectClients / 2) + rep}@`;
      search.push(
        await timed(
          page,
          () => box.fill(needle),
          () => untilRowCount(rows, 1),
        ),
      );
      if (!(await rows.first().getAttribute('aria-label'))?.startsWith(needle))
        throw new Error(`the search for ${needle} showed another client`);
      await box.fill('');
      await untilRowCount(rows, rendered);

      // A sort of every client by balance: done when the first row is another client's.
      const before = (await rows.first().getAttribute('aria-label')) ?? '';
      const stillFirst = rows.first().and(page.getByRole('row', { name: before, exact: true }));
      sort.push(
        await timed(
          page,
          () => page.getByRole('button', { name: 'Highest First' }).click(),
          () => stillFirst.waitFor({ state: 'detached' }),
        ),
      );
      progress(
        `admin page ${rep + 1}/${reps}: first rows ${fmt(firstRows.at(-1) ?? 0, 0)} ms, search ${fmt(search.at(-1) ?? 0, 0)} ms, sort ${fmt(sort.at(-1) ?? 0, 0)} ms; ${rendered} rows in the page`,
      );
    }
    const clientsShown = total.replace(/\D/g, '');
    if (Number(clientsShown) < expectClients)
      throw new Error(`the admin page counted ${clientsShown} clients, expected at least ${expectClients}`);
    const n = Number(clientsShown).toLocaleString('en-US');
    row(
      `5. /admin with ${n} clients: time to first rows`,
      fmt(median(firstRows), 0),
      'ms',
      `navigation to the first client row, median of ${reps}; runs ${runs(firstRows, 0)}; ${rendered} rows rendered at once`,
      firstRows.length,
    );
    if (apiMs.length) {
      row(
        `5. /admin with ${n} clients: GET ${routeByName('listClients').path} in the page`,
        fmt(median(apiMs), 0),
        'ms',
        `request to last byte; ${fmt(median(wire) / 1024, 0)} KB on the wire`,
        apiMs.length,
      );
    }
    row(
      `5. /admin with ${n} clients: search to one match`,
      fmt(median(search), 0),
      'ms',
      `typing an e-mail until one row shows, the 300 ms typing pause included; runs ${runs(search, 0)}`,
      search.length,
    );
    row(
      `5. /admin with ${n} clients: sort Highest First`,
      fmt(median(sort), 0),
      'ms',
      `click until the first row changes; runs ${runs(sort, 0)}`,
      sort.length,
    );
    await context.close();
  } finally {
    await browser.close();
  }
}
