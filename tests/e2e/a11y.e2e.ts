/**
 * Accessibility (axe-core: no serious or critical violations) on every screen (the sign-in code
 * step and the account page among them), in light and dark, and no horizontal scroll on a 375 px
 * phone.
 */
import type { Page } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { expect as expectPage } from './support/expect';
import { DEMO_PASSWORD, journey, signIn, useE2E } from './support/e2e';
import { DEMO_ADMIN, DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET } from '../../infra/local/seed';

const e2e = useE2E();

/**
 * What an auditor's console shows on a working day, made through the API: a client's withdrawal
 * request, a deposit above the approval threshold proposed by the other administrator (this one
 * may approve it) and one proposed by this one (waiting for another).
 */
async function somethingWaiting(): Promise<{ aliceId: string }> {
  const alice = await e2e.client.signIn('alice@example.com');
  const asked = await e2e.client.call('requestWithdrawal', {
    token: alice.accessToken,
    body: { userId: alice.sub, userEmail: alice.email, amount: 100 },
  });
  expect(asked.status).toBe(201);
  const bob = (await e2e.client.allClients((await e2e.client.signIn(DEMO_ADMIN)).accessToken)).find(
    (c) => c.email === 'bob@example.com',
  );
  if (!bob) throw new Error('bob@example.com is not listed');
  for (const proposer of [
    await e2e.client.signInWithTotp(DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET),
    await e2e.client.signIn(DEMO_ADMIN),
  ]) {
    const proposed = await e2e.client.call('addDeposit', {
      token: proposer.accessToken,
      params: { id: bob.id },
      body: { amount: 25_000, note: `proposed by ${proposer.email}` },
    });
    expect(proposed.status).toBe(202);
  }
  return { aliceId: alice.sub };
}

async function audit(page: Page, screens: { path?: string; ready: string }[]) {
  const found: Record<string, string[]> = {};
  for (const screen of screens) {
    if (screen.path) await page.goto(e2e.url(screen.path));
    await expectPage(page).toShowText(screen.ready);
    await page.waitForTimeout(300); // let entrance transitions finish: axe reads computed colours
    const violations = await seriousViolations(page);
    if (violations.length) found[screen.path ?? screen.ready] = violations;
  }
  expect(found).toEqual({});
}

for (const colorScheme of ['light', 'dark'] as const) {
  journey(
    `signed-out screens have no serious accessibility violations (${colorScheme})`,
    e2e,
    async ({ page }) => {
      await audit(page, [
        { path: '/', ready: 'Welcome Back' },
        { path: '/signup', ready: 'Join the firm' },
        { path: '/forgot-password', ready: 'Send Reset Link' },
        { path: '/nowhere', ready: '404 Page Not Found' },
      ]);
    },
    { colorScheme },
  );

  journey(
    `the client dashboard has no serious accessibility violations (${colorScheme})`,
    e2e,
    async ({ page }) => {
      await signIn(page, e2e, 'alice@example.com');
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('button', { name: 'Show' }).click();
      await audit(page, [{ ready: 'Recent top-up' }]);
      await page.getByRole('button', { name: 'Request Withdrawal' }).click();
      await audit(page, [{ ready: 'Review' }]);
    },
    { colorScheme },
  );

  journey(
    `the sign-in code step has no serious accessibility violations (${colorScheme})`,
    e2e,
    async ({ page }) => {
      // The demo admin has two-factor sign-in on: the password alone stops at the code step.
      await page.goto(e2e.url('/'));
      await page.getByLabel('Email').fill('admin@example.com');
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByLabel('Authentication code').waitFor();
      await audit(page, [{ ready: 'Enter the 6-digit code from your authenticator app' }]);
    },
    { colorScheme },
  );

  journey(
    `the account page has no serious accessibility violations (${colorScheme})`,
    e2e,
    async ({ page }) => {
      // A client of its own: setting up an authenticator app changes the user.
      const { email } = await e2e.client.newClient('a11y');
      await signIn(page, e2e, email);
      await page.waitForURL(/\/dashboard$/);
      await audit(page, [{ path: '/account', ready: 'Protect your account with a second step' }]);
      await page.getByRole('button', { name: 'Set up', exact: true }).click();
      await audit(page, [{ ready: 'To set up an authenticator app, confirm it is you with your password.' }]);
      await page
        .getByRole('form', { name: 'Two-factor sign-in' })
        .getByLabel('Current password', { exact: true })
        .fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Continue', exact: true }).click();
      // The QR code drawn, or its stand-in (whether it draws is account.e2e.ts's to check).
      await page.getByTestId('totp-key').waitFor();
      await page.getByText('Drawing the QR code...').waitFor({ state: 'hidden' });
      await audit(page, [{ ready: 'Enter the 6-digit code the app shows' }]);
    },
    { colorScheme },
  );

  journey(
    `the admin screens have no serious accessibility violations, with requests and actions waiting (${colorScheme})`,
    e2e,
    async ({ page }) => {
      const { aliceId } = await somethingWaiting();
      await signIn(page, e2e, 'admin@example.com');
      await page.waitForURL(/\/admin$/);
      // A client's withdrawal request with its Approve button, and a row of the table.
      await page
        .getByRole('listitem', { name: 'Withdrawal request of alice@example.com' })
        .getByRole('button', { name: 'Approve' })
        .first()
        .waitFor();
      await audit(page, [{ ready: 'alice@example.com' }]);
      await page.getByRole('button', { name: /^Actions for .*\(bob@example\.com\)$/ }).click();
      await page.getByRole('menu').waitFor();
      await audit(page, [{ ready: 'Edit balance' }]);
      await page.getByRole('menuitem', { name: 'Deposit', exact: true }).click();
      await page.getByRole('dialog', { name: 'Add deposit' }).waitFor();
      await audit(page, [{ ready: 'Cancel' }]);
      await page.getByRole('dialog', { name: 'Add deposit' }).getByLabel('Amount').fill('100');
      await page.getByRole('button', { name: 'Review' }).click();
      await audit(page, [{ ready: 'Confirm deposit' }]);
      await page.getByRole('button', { name: 'Back' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      // The checker's action shows its Approve and Reject buttons to this administrator.
      await audit(page, [{ path: '/admin/approvals', ready: 'Waiting for another administrator' }]);
      await page.getByRole('button', { name: 'Approve', exact: true }).first().waitFor();
      await audit(page, [
        { path: '/admin/activity', ready: 'Showing' }, // the entries, the proposals among them
        { path: '/admin/withdrawal-alerts', ready: 'Upcoming Withdrawal Eligibility' },
        // A client's page: the pending request's steps, the ledger, the activity.
        { path: `/admin/clients/${aliceId}`, ready: 'Open in the activity log' },
      ]);
    },
    { colorScheme },
    180_000, // many screens, each audited
  );
}

journey(
  "on a 375 px phone the dashboard, the admin list and a client's page do not scroll sideways",
  e2e,
  async ({ page }) => {
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await signIn(page, e2e, 'alice@example.com');
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Profit Withdrawal Available');
    expect(await sideways()).toBe(0);
    // A phone's header keeps Sign out in its menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(e2e.url('/'));
    await signIn(page, e2e, 'admin@example.com');
    await page.waitForURL(/\/admin$/);
    await expectPage(page).toShowText('alice@example.com');
    expect(await sideways()).toBe(0);
    await page.getByRole('button', { name: /^Actions for .*\(alice@example\.com\)$/ }).click();
    await page.getByRole('menuitem', { name: 'Deposit', exact: true }).click();
    await page.getByRole('dialog', { name: 'Add deposit' }).waitFor();
    expect(await sideways()).toBe(0);
    await page.keyboard.press('Escape');
    // A client's page: its ledger as cards, its notes and e-mails wrapped.
    await page.getByRole('link', { name: 'Alice Example' }).first().click();
    await page.getByRole('list', { name: 'Ledger' }).waitFor();
    expect(await sideways()).toBe(0);
  },
  { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
);
