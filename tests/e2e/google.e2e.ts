/**
 * "Continue with Google" in Chromium on the local stack: the web app's own Amplify code goes to
 * the local hosted UI (over TLS), the Google stand-in's account page, and back, as in AWS.
 */
import type { Page } from 'playwright-core';
import { DEMO_GOOGLE_ACCOUNTS } from '../../infra/local/google/demo-accounts';
import { runTool } from '../integration/support/tool';
import { notices } from '../../shared/messages';
import { agreementWords } from '../../shared/client-agreement';
import { expect as expectPage } from './support/expect';
import { answers, holdScripts, journey, useE2E } from './support/e2e';

const e2e = useE2E();
const [grace, alan, katherine] = DEMO_GOOGLE_ACCOUNTS as [
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
  (typeof DEMO_GOOGLE_ACCOUNTS)[number],
];
const fullName = (a: { givenName: string; familyName: string }) => `${a.givenName} ${a.familyName}`;

/** Clicks the page's Google button and picks `account` on Google's (the stand-in's) account page. */
async function withGoogle(page: Page, button: string, account: (typeof DEMO_GOOGLE_ACCOUNTS)[number]): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
  await page.getByRole('button', { name: new RegExp(fullName(account)) }).click();
}

/** A Google sign-up has ticked no box: the dashboard asks for the client agreement first, and opens once accepted. */
async function acceptAgreementPrompt(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Accept the client agreement' }).waitFor();
  await page.getByRole('checkbox', { name: agreementWords.accept }).check();
  await page.getByRole('button', { name: 'Accept' }).click();
  await page.getByTestId('balance').waitFor();
}

/** The portfolio the dashboard reads: its id, from the call the page makes. */
const portfolioCall = (page: Page) => page.waitForResponse(answers('getPortfolio'));

journey(
  '"Continue with Google" on / asks a new client for the client agreement, then the empty dashboard; the next sign-in the same portfolio',
  e2e,
  async ({ page }) => {
    await page.goto(e2e.url('/'));
    const first = portfolioCall(page);
    await withGoogle(page, 'Continue with Google', grace);
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText(`Welcome, ${grace.givenName}`);
    await acceptAgreementPrompt(page);
    expect((await page.getByTestId('balance').innerText()).trim()).toBe('$0.00');
    const firstId = new URL((await first).url()).pathname;
    expect((await first).status()).toBe(200);

    await page.getByRole('button', { name: /^sign out$/i }).click();
    await page.waitForURL(/\/$/);
    const second = portfolioCall(page);
    await withGoogle(page, 'Continue with Google', grace);
    await page.waitForURL(/\/dashboard$/);
    expect(new URL((await second).url()).pathname).toBe(firstId);
    // Accepted once: the next sign-in is not asked again.
    await page.getByTestId('balance').waitFor();
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
  },
);

journey(
  '"Sign up with Google" on /signup asks for the client agreement, then lands on an empty dashboard',
  e2e,
  async ({ page }) => {
    await page.goto(e2e.url('/signup'));
    await withGoogle(page, 'Sign up with Google', alan);
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText(`Welcome, ${alan.givenName}`);
    await acceptAgreementPrompt(page);
    expect((await page.getByTestId('balance').innerText()).trim()).toBe('$0.00');
  },
);

journey(
  'cancelling at Google comes back to the sign-in page, signed out, saying so calmly (no failure)',
  e2e,
  async ({ page }) => {
    await page.goto(e2e.url('/'));
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectPage(page).toShowText(notices.googleSignInCancelled);
    // A status under the button, not an alert, and no toast.
    expect(await page.getByRole('status').filter({ hasText: notices.googleSignInCancelled }).count()).toBe(1);
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await page.locator('[data-scope="toast"][data-part="root"]').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: 'Continue with Google' }).waitFor();
  },
);

journey('a Google user made an administrator with `npm run admin -- add` lands on /admin', e2e, async ({ page }) => {
  await page.goto(e2e.url('/'));
  await withGoogle(page, 'Continue with Google', katherine);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('button', { name: /^sign out$/i }).click();
  await page.waitForURL(/\/$/);
  const made = await runTool('admin.ts', ['add', katherine.email, '--data-dir', e2e.stack.dataDir]);
  expect(made.code).toBe(0);
  await withGoogle(page, 'Continue with Google', katherine);
  await page.waitForURL(/\/admin$/);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
  // The console's client table is up; she holds no money, so she is staff, not one of its rows.
  await expectPage(page).toShowText('alice@example.com');
  expect(await page.getByRole('row', { name: katherine.email }).count()).toBe(0);
});

journey(
  'a click on "Continue with Google" before the scripts arrive is not lost: it goes to Google once they do',
  e2e,
  async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto(e2e.url('/'), { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    expect(page.url()).toBe(e2e.url('/'));
    await release();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
  },
);
