/**
 * Profit withdrawals in a real Chromium against the real local stack: the admin's withdrawal
 * alerts, and a client's request approved or rejected by the admin.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { aliceTopUp } from '../../infra/local/seed';
import { expect as expectPage } from './support/expect';
import { journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E({
  privateStack: "it reads alice's requests and withdrawal alerts and approves her requests, which other files add to",
});

const ADMIN = 'admin@example.com';
const ALICE = 'alice@example.com';
const MINUTE_MS = 60_000;

/** "$12,345.67" as cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);
const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

/** `at` moved by whole calendar months in UTC, the day clamped to the target month's length. */
function addMonthsUtc(at: number, months: number): number {
  const d = new Date(at);
  const index = d.getUTCFullYear() * 12 + d.getUTCMonth() + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(
    year,
    month,
    Math.min(d.getUTCDate(), lastDay),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
    d.getUTCMilliseconds(),
  );
}

/** Runs `run` as another person in a fresh browser context; on failure keeps a screenshot. */
async function as<T>(name: string, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  try {
    return await run(page);
  } catch (error) {
    const dir = resolve(__dirname, '../../.e2e-artifacts', `withdrawal_${name.replace(/[^\w-]+/g, '_')}`);
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, 'screenshot.png'), fullPage: true }).catch(() => undefined);
    writeFileSync(join(dir, 'url.txt'), `${page.url()}\n`);
    throw error;
  } finally {
    await context.close();
  }
}

async function openDashboard(page: Page, email: string): Promise<void> {
  await signIn(page, e2e, email);
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('balance').waitFor();
}

const balanceCents = async (page: Page) => centsOf(await page.getByTestId('balance').innerText());

/** The client's request of `amount` in the 'Withdrawal Requests' card. */
const myRequest = (page: Page, amount: string) =>
  page.getByRole('list', { name: 'Withdrawal requests' }).getByRole('listitem').filter({ hasText: amount });

/** Asks for a withdrawal of `amount` from the dashboard's dialog: the amount, its review, the request. */
async function requestWithdrawal(page: Page, amount: string): Promise<void> {
  await page.getByRole('button', { name: 'Request Withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
  await dialog.getByLabel('Amount').fill(amount);
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expectPage(page).toShowText('Request Submitted');
  await dialog.waitFor({ state: 'detached' });
  await myRequest(page, usd(centsOf(amount)))
    .filter({ hasText: 'Pending' })
    .waitFor();
}

/**
 * Opens the newest e-mail to `to` in the local mailbox (as a mail app shows it) once it has this
 * subject: the notifier sends after the money move, off the table's stream, so it may lag a little.
 */
async function openLatestMail(page: Page, to: string, subject: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    await page.goto(e2e.url(`/__local/mailbox/latest?to=${encodeURIComponent(to)}`));
    if ((await page.title()) === subject) return;
    if (Date.now() > deadline)
      throw new Error(`no e-mail "${subject}" to ${to}: the latest is "${await page.title()}"`);
    await page.waitForTimeout(250);
  }
}

/** The admin's pending request of alice's for `amount`, on /admin. */
async function pendingRequest(page: Page, amount: string) {
  await signIn(page, e2e, ADMIN);
  await page.waitForURL(/\/admin$/);
  await page.getByRole('heading', { name: 'Pending Withdrawal Requests' }).waitFor();
  const row = page.getByRole('listitem', { name: `Withdrawal request of ${ALICE}` }).filter({ hasText: amount });
  await row.waitFor();
  return row;
}

journey("withdrawal alerts: alice's deposit 5 days out, then a deposit that came due today", e2e, async ({ page }) => {
  await signIn(page, e2e, ADMIN);
  await page.waitForURL(/\/admin$/);
  const nav = page.getByRole('navigation', { name: 'Administration' });
  await nav.getByRole('link', { name: 'Withdrawal Alerts' }).click();
  await page.waitForURL(/\/admin\/withdrawal-alerts$/);
  await expectPage(page).toShowText('Clients approaching withdrawal eligibility');
  await expectPage(page).toShowText('Upcoming Withdrawal Eligibility');

  const alice = page.getByRole('listitem', { name: ALICE, exact: true });
  const topUp = alice.getByRole('listitem').filter({ hasText: '$10,000.00' });
  await topUp.waitFor();
  // 5 days, but for the few dates no deposit is 5 days out (infra/local/seed.ts).
  expect(await topUp.innerText()).toContain(`${aliceTopUp(Date.now()).days} days remaining`);
  // Alice's badge: her soonest deposit in the window is this one.
  expect(await alice.innerText()).toContain(`${aliceTopUp(Date.now()).days} days until eligible`);
  expect(await topUp.innerText()).toContain('Deposited');
  expect(await topUp.innerText()).toContain('eligible '); // the date it comes due
  const aliceText = await alice.innerText();
  expect(aliceText).toContain('1 deposit approaching eligibility');
  expect(aliceText).not.toContain('deposit(s)');
  expect(await alice.getByRole('link', { name: `Show in client list: ${ALICE}` }).getAttribute('href')).toBe(
    `/admin?search=${encodeURIComponent(ALICE)}`,
  );
  expect(aliceText).not.toContain('$25,000.00'); // eligible for a month already: out of the window
  expect(aliceText).not.toContain('$5,000.00'); // far from eligible

  const admin = await e2e.client.signIn(ADMIN);
  const due = await e2e.client.newClient('due');
  const timestamp = new Date(addMonthsUtc(Date.now(), -6) - MINUTE_MS).toISOString();
  // Dated more than 31 days back, the deposit is approved by a second administrator too.
  const deposit = await e2e.client.fund(admin, due, 777.77, { note: 'due today', timestamp });
  expect(deposit.status).toBe(200);

  await page.reload();
  const group = page.getByRole('listitem', { name: due.email, exact: true });
  const dueDeposit = group.getByRole('listitem').filter({ hasText: '$777.77' });
  await dueDeposit.waitFor();
  expect(await dueDeposit.innerText()).toContain('Eligible Now');
  expect(await group.innerText()).toContain('1 deposit approaching eligibility');
  // 5 days, but for the few dates no deposit is 5 days out (infra/local/seed.ts).
  expect(await topUp.innerText()).toContain(`${aliceTopUp(Date.now()).days} days remaining`);
  // Alice's badge: her soonest deposit in the window is this one.
  expect(await alice.innerText()).toContain(`${aliceTopUp(Date.now()).days} days until eligible`);
  expect(await group.getByRole('link', { name: `Activity of ${due.email}` }).getAttribute('href')).toBe(
    `/admin/activity?client=${encodeURIComponent(due.sub)}`,
  );

  await alice.getByRole('link', { name: `Show in client list: ${ALICE}` }).click();
  await page.waitForURL(/\/admin\?search=/);
  await page.getByRole('row', { name: ALICE, exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Clients' }).click();
  await page.waitForURL(/\/admin$/);
});

journey(
  "client withdrawal: the dialog's checks, a request, the admin approves it, the balance drops by it",
  e2e,
  async ({ page }) => {
    await openDashboard(page, ALICE);
    const before = await balanceCents(page);
    expect(before).toBeGreaterThan(0);
    const profitText = (await page.getByTestId('eligible-profit').innerText()).trim();
    expect(centsOf(profitText)).toBeGreaterThan(10_000);
    await expectPage(page).toShowText('Profit Withdrawal Available');

    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    await dialog.waitFor();
    const review = dialog.getByRole('button', { name: 'Review' });
    expect(await review.isDisabled()).toBe(true);
    const amount = dialog.getByLabel('Amount');
    expect(await amount.getAttribute('inputmode')).toBe('decimal');

    await amount.fill(String(Math.floor(centsOf(profitText) / 100) + 1)); // whole dollars: always above, never a float artefact
    expect(await review.isDisabled()).toBe(false);
    await review.click();
    // Said under the field, which is marked invalid, and under its title over the form.
    await dialog
      .locator('[data-part="error-text"]', { hasText: `You can only withdraw up to ${profitText} in eligible profit` })
      .waitFor();
    expect(await dialog.getByRole('alert').textContent()).toBe(
      `Amount Too High${`You can only withdraw up to ${profitText} in eligible profit`}`,
    );
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.isVisible()).toBe(true);

    await amount.fill('');
    expect(await review.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await requestWithdrawal(page, '100');
    expect(await balanceCents(page)).toBe(before); // nothing moves until the admin approves

    await as('admin approves', async (admin) => {
      // The admins were told of the request by e-mail, with the client and the amount.
      await openLatestMail(admin, ADMIN, 'New withdrawal request for $100.00');
      await expectPage(admin).toShowText(ALICE);
      const row = await pendingRequest(admin, '$100.00');
      await row.getByRole('button', { name: 'Approve' }).click();
      // The approval is confirmed after a look at the request and the client's figures.
      const dialog = admin.getByRole('dialog', { name: 'Approve withdrawal request' });
      await dialog.getByText('Eligible profit', { exact: true }).waitFor();
      await dialog.getByText('$100.00').first().waitFor();
      await dialog.getByRole('button', { name: 'Confirm approval' }).click();
      await expectPage(admin).toShowText('Withdrawal approved');
      await dialog.waitFor({ state: 'detached' });
      await row.waitFor({ state: 'detached' });
    });

    await as('alice after the approval', async (alice) => {
      await openDashboard(alice, ALICE);
      await myRequest(alice, '$100.00').filter({ hasText: 'Approved' }).waitFor();
      expect(await myRequest(alice, '$100.00').filter({ hasText: 'Pending' }).count()).toBe(0);
      expect(await balanceCents(alice)).toBe(before - 10_000);

      // And the approval reached alice's mailbox: the amount, when to expect it, the firm's link.
      await openLatestMail(alice, ALICE, 'Your withdrawal request was approved');
      await expectPage(alice).toShowText('$100.00');
      await expectPage(alice).toShowText('2-3 business days');
    });
  },
);

journey("client withdrawal rejected: alice sees the status and the admin's reason", e2e, async ({ page }) => {
  const reason = `Documents missing ${Date.now()}`;
  await openDashboard(page, ALICE);
  const before = await balanceCents(page);
  await requestWithdrawal(page, '150');

  await as('admin rejects', async (admin) => {
    const row = await pendingRequest(admin, '$150.00');
    await row.getByRole('button', { name: 'Reject' }).click();
    await row.getByLabel('Reason').fill(reason);
    await row.getByRole('button', { name: 'Confirm Rejection' }).click();
    await expectPage(admin).toShowText('Withdrawal rejected');
    await row.waitFor({ state: 'detached' });
  });

  await as('alice after the rejection', async (alice) => {
    await openDashboard(alice, ALICE);
    const request = myRequest(alice, '$150.00');
    await request.filter({ hasText: 'Rejected' }).waitFor();
    expect(await request.innerText()).toContain(`Reason: ${reason}`);
    expect(await balanceCents(alice)).toBe(before);
  });
});
