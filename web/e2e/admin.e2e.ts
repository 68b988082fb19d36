/**
 * The admin's journeys in a real Chromium against the real local stack: the summary cards, search
 * and sort, deposits, a refused withdrawal, a balance edit and a deletion (spec sections 2, 5, 8).
 */
import type { Locator, Page } from 'playwright-core';
import { expect as expectPage } from './support/expect';
import { answerOf, answers, type E2E, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

const ADMIN = 'admin@example.com';
const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';

/** Cents as the spec shows money: USD, US format, 2 decimals. */
const usd = (cents: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** "$12,345.67" as cents. */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

/** Polls until `check` passes (it throws otherwise), then returns its value. */
async function eventually<T>(check: () => Promise<T>, timeout = 10_000): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function signInAsAdmin(page: Page, e2e: E2E): Promise<void> {
  await signIn(page, e2e, ADMIN);
  await page.waitForURL(/\/admin$/);
  await clientRow(page, ALICE).waitFor(); // the list has loaded
}

/** The client rows, in the order shown (the history panels' own list items excluded). */
const rows = (page: Page) => page.getByRole('list', { name: 'Clients' }).locator(':scope > li');
const clientRow = (page: Page, email: string) => page.getByRole('listitem', { name: email, exact: true });
const rowBalance = async (row: Locator) => (await row.getByTestId('balance').innerText()).trim();

async function shownEmails(page: Page): Promise<string[]> {
  const labels = await rows(page).evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''));
  return labels;
}

async function shownBalances(page: Page): Promise<number[]> {
  return Promise.all((await rows(page).all()).map(async (row) => centsOf(await rowBalance(row))));
}

/** A summary card's text: label, figure, hint. */
const card = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=..');

/** One API session for the file: each sign-in spends an authenticator code, and the pool takes two per 30 s. */
let adminSession: Promise<string> | undefined;
async function adminToken(): Promise<string> {
  adminSession ??= e2e.client.signIn(ADMIN).then((s) => s.accessToken);
  return adminSession;
}

async function balanceFromApi(email: string): Promise<number> {
  const list = await e2e.client.allClients(await adminToken());
  const row = list.find((c) => c.email === email);
  if (!row) throw new Error(`${email} is not in the answer of listClients`);
  return Math.round(row.portfolio.balance * 100);
}

/** The toast whose text includes `text`, as its whole text. */
async function toastText(page: Page, role: 'alert' | 'status', text: string): Promise<string> {
  const toast = page.getByRole(role).filter({ hasText: text }).first();
  await toast.waitFor();
  return toast.innerText();
}

journey('admin: lands on /admin, the summary cards add up the client rows', e2e, async ({ page }) => {
  await signInAsAdmin(page, e2e);
  await expectPage(page).toShowText('Admin Dashboard');
  await expectPage(page).toShowText('Client Management');
  await expectPage(page).toShowText('Administrator');
  await expectPage(page).toShowText('Active portfolios');
  await expectPage(page).toShowText('Assets under management');

  const list = await e2e.client.allClients(await adminToken());
  const emails = await shownEmails(page);
  expect([...emails].sort()).toEqual(list.map((c) => c.email).sort());
  expect(emails).toEqual(expect.arrayContaining([ALICE, BOB]));

  const totalClients = (await card(page, 'Total Clients').innerText()).split('\n').map((s) => s.trim()).filter(Boolean);
  expect(totalClients).toEqual(['Total Clients', String(emails.length), 'Active portfolios']);

  const balances = await shownBalances(page);
  const sum = balances.reduce((a, b) => a + b, 0);
  expect(sum).toBe(list.reduce((a, c) => a + Math.round(c.portfolio.balance * 100), 0));
  expect(sum).toBeGreaterThan(0);
  const totalValue = (await card(page, 'Total Portfolio Value').innerText()).split('\n').map((s) => s.trim()).filter(Boolean);
  expect(totalValue).toEqual(['Total Portfolio Value', usd(sum), 'Assets under management']);
});

journey('admin: search by e-mail ignores case; sort by balance both ways, Reset restores the order', e2e, async ({ page }) => {
  await signInAsAdmin(page, e2e);
  const search = page.getByRole('searchbox', { name: 'Search clients by email...' });
  const unsorted = await shownEmails(page);
  expect(unsorted.length).toBeGreaterThanOrEqual(3);

  await search.fill('ALICE');
  await eventually(async () => expect(await shownEmails(page)).toEqual([ALICE]));
  await search.fill('no-such-client-xyz');
  await expectPage(page).toShowText('No clients found matching your search.');
  expect(await rows(page).count()).toBe(0);
  await search.fill('');
  await eventually(async () => expect(await shownEmails(page)).toEqual(unsorted));

  const reset = page.getByRole('button', { name: 'Reset', exact: true });
  expect(await reset.count()).toBe(0);

  await page.getByRole('button', { name: 'Highest First' }).click();
  await reset.waitFor();
  // The server sorts: the rows follow once its page comes.
  await eventually(async () => {
    const sorted = await shownBalances(page);
    expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
  });
  const desc = await shownBalances(page);
  expect([...(await shownEmails(page))].sort()).toEqual([...unsorted].sort());

  await page.getByRole('button', { name: 'Lowest First' }).click();
  await eventually(async () => {
    const asc = await shownBalances(page);
    expect(asc).toEqual([...desc].reverse());
  });
  const asc = await shownBalances(page);
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  expect(await reset.isVisible()).toBe(true);

  await reset.click();
  await reset.waitFor({ state: 'detached' });
  await eventually(async () => expect(await shownEmails(page)).toEqual(unsorted));
});

journey('admin: a deposit with a note to bob: the toast, the new balance, the history entry', e2e, async ({ page }) => {
  await signInAsAdmin(page, e2e);
  const row = clientRow(page, BOB);
  await row.getByRole('button', { name: 'Add Deposit' }).click();
  await row.getByLabel('Amount').fill('1234.56');
  await row.getByLabel('Note').fill('E2E wire transfer');
  const answered = page.waitForResponse(answers('addDeposit'));
  await row.getByRole('button', { name: 'Add', exact: true }).click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const answer = await answerOf('addDeposit', response);

  await expectPage(page).toShowText('Deposit of $1,234.56 added successfully');
  const newBalance = usd(Math.round(answer.newBalance * 100));
  await eventually(async () => expect(await rowBalance(row)).toBe(newBalance));
  expect(await balanceFromApi(BOB)).toBe(Math.round(answer.newBalance * 100));
  expect(await row.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0); // the editor closed

  await row.getByRole('button', { name: 'View Transaction History' }).click();
  const history = page.getByRole('region', { name: `Transaction history of ${BOB}` });
  const entry = history.getByRole('listitem').filter({ hasText: 'E2E wire transfer' });
  await entry.waitFor();
  const text = await entry.innerText();
  expect(text).toContain('+$1,234.56');
  expect(text).toContain('deposit');
  expect(text).toContain(`by ${ADMIN}`);
});

journey('admin: a withdrawal above the balance is refused with the server\'s message, the balance unchanged', e2e, async ({ page }) => {
  await signInAsAdmin(page, e2e);
  const row = clientRow(page, BOB);
  const before = await rowBalance(row);
  const beforeApi = await balanceFromApi(BOB);
  expect(centsOf(before)).toBe(beforeApi);

  await row.getByRole('button', { name: 'Process Withdrawal' }).click();
  await row.getByLabel('Amount').fill('99999999');
  await row.getByLabel('Note').fill('too much');
  await row.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const toast = await toastText(page, 'alert', 'Insufficient balance for this withdrawal');
  expect(toast.split('\n').map((s) => s.trim()).filter(Boolean)).toEqual(['Error', 'Insufficient balance for this withdrawal']);

  expect(await rowBalance(row)).toBe(before);
  expect(await balanceFromApi(BOB)).toBe(beforeApi);
  await page.reload();
  await clientRow(page, BOB).waitFor();
  expect(await rowBalance(clientRow(page, BOB))).toBe(before);
});

journey('admin: edit a balance', e2e, async ({ page }) => {
  await signInAsAdmin(page, e2e);
  const row = clientRow(page, BOB);
  await row.getByRole('button', { name: 'Edit Balance' }).click();
  const input = row.getByLabel('New balance');
  expect(centsOf(await input.inputValue())).toBe(centsOf(await rowBalance(row))); // prefilled with the balance
  await input.fill('4321.09');
  await row.getByRole('button', { name: 'Save' }).click();
  await expectPage(page).toShowText('Balance updated successfully');
  await eventually(async () => expect(await rowBalance(row)).toBe('$4,321.09'));
  expect(await balanceFromApi(BOB)).toBe(432_109);

  const bob = await e2e.client.signIn(BOB);
  const own = await e2e.client.call('getPortfolio', { token: bob.accessToken, params: { userId: bob.sub } });
  expect(own.body.portfolio.balance).toBe(4321.09);
});

journey('admin: delete a client after the confirmation; the row is gone, also after a reload', e2e, async ({ page }) => {
  const doomed = await e2e.client.newClient('doomed');
  await signInAsAdmin(page, e2e);
  const row = clientRow(page, doomed.email);
  await row.getByRole('button', { name: 'Delete Client' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect((await dialog.innerText()).replace(/\s+/g, ' ')).toContain(
    `Are you sure you want to delete client ${doomed.email}? This action cannot be undone.`,
  );
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expectPage(page).toShowText('Client deleted successfully');
  await row.waitFor({ state: 'detached' });
  await dialog.waitFor({ state: 'detached' });

  await page.reload();
  await clientRow(page, ALICE).waitFor();
  expect(await clientRow(page, doomed.email).count()).toBe(0);
  const list = await e2e.client.allClients(await adminToken());
  expect(list.some((c) => c.email === doomed.email)).toBe(false);
});
