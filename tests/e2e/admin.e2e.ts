/**
 * The admin's journeys in a real Chromium against the real local stack: the summary cards, search
 * and sort, deposits, a refused withdrawal, a balance edit and a deletion.
 */
import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expect';
import {
  centsOf,
  chooseRowAction,
  clientRow,
  clientRows,
  eventually,
  factsOf,
  rowBalance,
  shownBalances,
  shownEmails,
  usd,
} from './support/admin';
import { validation } from '../../shared/messages';
import { answerOf, answers, type E2E, journey, signIn, useE2E } from './support/e2e';
import { refusals } from '../../shared/refusals';

const e2e = useE2E({
  privateStack:
    "its journeys change bob's balance (a deposit, an edited balance) and read the client table's rows and order, which other files change",
});

const ADMIN = 'admin@example.com';
const CHECKER = 'checker@example.com';
const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';

async function signInAsAdmin(page: Page, e2e: E2E): Promise<void> {
  await signIn(page, e2e, ADMIN);
  await page.waitForURL(/\/admin$/);
  await clientRow(page, ALICE).waitFor(); // the table has loaded
}

/** A summary card's text (label, figure, hint), found by its hint. */
const card = (page: Page, hint: string) => page.getByText(hint, { exact: true }).locator('xpath=..');
const cardLines = async (page: Page, hint: string) =>
  (await card(page, hint).innerText())
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

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

journey(
  'admin: lands on /admin, the summary cards add up the client rows; staff accounts are not clients',
  e2e,
  async ({ page }) => {
    await signInAsAdmin(page, e2e);
    await expectPage(page).toShowText('Admin Dashboard');
    await expectPage(page).toShowText('Client Management');
    await expectPage(page).toShowText('Administrator');
    const nav = page.getByRole('navigation', { name: 'Administration' });
    for (const link of ['Clients', 'Approvals', 'Activity', 'Withdrawal Alerts'])
      await nav.getByRole('link', { name: link }).waitFor();
    expect(await nav.getByRole('link', { name: 'Clients' }).getAttribute('aria-current')).toBe('page');

    const list = await e2e.client.allClients(await adminToken());
    const emails = await shownEmails(page);
    expect([...emails].sort()).toEqual(list.map((c) => c.email).sort());
    expect(emails).toEqual(expect.arrayContaining([ALICE, BOB]));
    expect(emails).not.toContain(ADMIN); // administrators with no money are staff, not clients
    expect(emails).not.toContain(CHECKER);

    await eventually(async () =>
      expect(await cardLines(page, 'Active portfolios (administrators not counted)')).toEqual([
        'Total Clients',
        String(emails.length),
        'Active portfolios (administrators not counted)',
      ]),
    );

    const balances = await shownBalances(page);
    const sum = balances.reduce((a, b) => a + b, 0);
    expect(sum).toBe(list.reduce((a, c) => a + Math.round(c.portfolio.balance * 100), 0));
    expect(sum).toBeGreaterThan(0);
    expect(await cardLines(page, 'Assets under management')).toEqual([
      'Total Portfolio Value',
      usd(sum),
      'Assets under management',
    ]);
    expect((await cardLines(page, 'Portfolio performance'))[0]).toBe('Average Weekly Gain');
  },
);

journey(
  'admin: search by e-mail ignores case; sort by balance both ways, the Client header restores the order',
  e2e,
  async ({ page }) => {
    // A third client, whose balance sits between nobody's: the seed has two clients (the admins are staff).
    const third = await e2e.client.newClient('sorted');
    expect(
      (
        await e2e.client.call('addDeposit', {
          token: await adminToken(),
          params: { id: third.sub },
          body: { amount: 300 },
        })
      ).status,
    ).toBe(200);
    await signInAsAdmin(page, e2e);
    await clientRow(page, third.email).waitFor();
    const search = page.getByRole('searchbox', { name: 'Search clients by email...' });
    const unsorted = await shownEmails(page);
    expect(unsorted.length).toBeGreaterThanOrEqual(3);

    await search.fill('ALICE');
    await eventually(async () => expect(await shownEmails(page)).toEqual([ALICE]));
    await search.fill('no-such-client-xyz');
    await expectPage(page).toShowText('No clients found matching your search.');
    expect(await clientRows(page).count()).toBe(0);
    await search.fill('');
    await eventually(async () => expect(await shownEmails(page)).toEqual(unsorted));

    const balanceHeader = page.getByRole('columnheader', { name: 'Balance' });
    const clientHeader = page.getByRole('columnheader', { name: 'Client', exact: true });
    expect(await balanceHeader.getAttribute('aria-sort')).toBe('none');
    expect(await clientHeader.getAttribute('aria-sort')).toBe('ascending');

    await balanceHeader.getByRole('button', { name: 'Balance' }).click();
    // The server sorts: the rows follow once its page comes.
    await eventually(async () => {
      expect(await balanceHeader.getAttribute('aria-sort')).toBe('descending');
      const sorted = await shownBalances(page);
      expect(sorted).toEqual([...sorted].sort((a, b) => b - a));
    });
    const desc = await shownBalances(page);
    expect([...(await shownEmails(page))].sort()).toEqual([...unsorted].sort());
    expect(await clientHeader.getAttribute('aria-sort')).toBe('none');

    await balanceHeader.getByRole('button', { name: 'Balance' }).click();
    await eventually(async () => {
      expect(await balanceHeader.getAttribute('aria-sort')).toBe('ascending');
      expect(await shownBalances(page)).toEqual([...desc].reverse());
    });
    const asc = await shownBalances(page);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));

    await clientHeader.getByRole('button', { name: 'Client', exact: true }).click();
    await eventually(async () => {
      expect(await balanceHeader.getAttribute('aria-sort')).toBe('none');
      expect(await shownEmails(page)).toEqual(unsorted);
    });
  },
);

journey(
  'admin: a deposit with a note to bob: the review, the toast, the new balance, the history entry',
  e2e,
  async ({ page }) => {
    await signInAsAdmin(page, e2e);
    const row = clientRow(page, BOB);
    const before = centsOf(await rowBalance(row));
    await chooseRowAction(page, BOB, 'Deposit');
    const dialog = page.getByRole('dialog', { name: 'Add deposit' });
    await dialog.getByText(BOB).waitFor(); // the dialog names the client

    // A bad amount is said at the field, and nothing is reviewed.
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText(validation.invalidDepositAmount.description).waitFor();
    expect(await dialog.getByLabel('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByRole('button', { name: 'Confirm deposit' }).count()).toBe(0);

    await dialog.getByLabel('Amount').fill('1234.56');
    await dialog.getByLabel('Note').fill('E2E wire transfer');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByRole('button', { name: 'Confirm deposit' }).waitFor();
    const facts = await factsOf(dialog);
    expect(facts).toMatchObject({
      Amount: '$1,234.56',
      Note: 'E2E wire transfer',
      'Balance before': usd(before),
      'Balance after': `${usd(before + 123_456)} (estimate)`,
    });

    const answered = page.waitForResponse(answers('addDeposit'));
    await dialog.getByRole('button', { name: 'Confirm deposit' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const answer = await answerOf('addDeposit', response);
    if ('pending' in answer) throw new Error('a deposit below the threshold was sent for approval');

    await expectPage(page).toShowText('Deposit of $1,234.56 added successfully');
    await dialog.waitFor({ state: 'detached' }); // the dialog closed
    const newBalance = Math.round(answer.newBalance * 100);
    expect(newBalance).toBe(before + 123_456);
    await eventually(async () => expect(await rowBalance(row)).toBe(usd(newBalance)));
    expect(await balanceFromApi(BOB)).toBe(newBalance);

    await chooseRowAction(page, BOB, 'Transactions');
    const history = page.getByRole('dialog', { name: 'Transactions' }).getByRole('list', { name: 'Transactions' });
    const entry = history.getByRole('listitem').filter({ hasText: 'E2E wire transfer' });
    await entry.waitFor();
    const text = await entry.innerText();
    expect(text).toContain('+$1,234.56');
    expect(text).toContain('deposit');
    expect(text).toContain(`by ${ADMIN}`);
  },
);

journey(
  "admin: a withdrawal above the balance is warned of, then refused with the server's message, the balance unchanged",
  e2e,
  async ({ page }) => {
    // A client of its own with $50.00: a withdrawal above its balance and below the approval threshold.
    const small = await e2e.client.newClient('small');
    expect(
      (
        await e2e.client.call('addDeposit', {
          token: await adminToken(),
          params: { id: small.sub },
          body: { amount: 50 },
        })
      ).status,
    ).toBe(200);
    await signInAsAdmin(page, e2e);
    const row = clientRow(page, small.email);
    const before = await rowBalance(row);
    expect(before).toBe('$50.00');
    const beforeApi = await balanceFromApi(small.email);
    expect(beforeApi).toBe(5_000);

    await chooseRowAction(page, small.email, 'Withdraw');
    const dialog = page.getByRole('dialog', { name: 'Process withdrawal' });
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByLabel('Note').fill('too much');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText('This is more than the balance shown').waitFor();
    expect(await factsOf(dialog)).toMatchObject({
      Amount: '$100.00',
      'Balance before': '$50.00',
      'Balance after': '-$50.00 (estimate)',
    });
    const answered = page.waitForResponse(answers('processWithdrawal'));
    await dialog.getByRole('button', { name: 'Confirm withdrawal' }).click();
    expect((await answered).status()).toBe(409); // the balance does not cover it: a conflict with the ledger's state
    // The refusal is said in the dialog, beside the button that sent it.
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    // Titled "Error" over the server's words.
    expect((await refusal.innerText()).trim().split(/\n+/)).toEqual(['Error', refusals.insufficientBalance]);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    expect(await rowBalance(row)).toBe(before);
    expect(await balanceFromApi(small.email)).toBe(beforeApi);
    await page.reload();
    await clientRow(page, small.email).waitFor();
    expect(await rowBalance(clientRow(page, small.email))).toBe(before);
  },
);

journey('admin: edit a balance, reviewed with the change', e2e, async ({ page }) => {
  await signInAsAdmin(page, e2e);
  const row = clientRow(page, BOB);
  const before = centsOf(await rowBalance(row));
  await chooseRowAction(page, BOB, 'Edit balance');
  const dialog = page.getByRole('dialog', { name: 'Edit balance' });
  const input = dialog.getByLabel('New balance');
  expect(centsOf(await input.inputValue())).toBe(before); // prefilled with the balance
  // $1,000.00 down: with the day's deposit above, still within what one administrator applies to a client in 24 hours.
  const target = before - 100_000;
  await input.fill((target / 100).toFixed(2));
  await dialog.getByRole('button', { name: 'Review' }).click();
  await dialog.getByRole('button', { name: 'Confirm balance edit' }).waitFor();
  const change = target - before;
  expect(await factsOf(dialog)).toMatchObject({
    'New balance': usd(target),
    Change: `${change < 0 ? '-' : '+'}${usd(Math.abs(change))}`,
    'Balance before': usd(before),
    'Balance after': `${usd(target)} (estimate)`,
  });
  await dialog.getByRole('button', { name: 'Confirm balance edit' }).click();
  await expectPage(page).toShowText('Balance updated successfully');
  await eventually(async () => expect(await rowBalance(row)).toBe(usd(target)));
  expect(await balanceFromApi(BOB)).toBe(target);

  const bob = await e2e.client.signIn(BOB);
  const own = await e2e.client.call('getPortfolio', { token: bob.accessToken, params: { userId: bob.sub } });
  expect(own.body.portfolio.balance).toBe(target / 100);
});

journey(
  'admin: closing a client holding money is refused; once withdrawn to zero it closes, and its history stays under Closed',
  e2e,
  async ({ page }) => {
    const doomed = await e2e.client.newClient('doomed');
    expect(
      (
        await e2e.client.call('addDeposit', {
          token: await adminToken(),
          params: { id: doomed.sub },
          body: { amount: 75, note: 'wire' },
        })
      ).status,
    ).toBe(200);
    await signInAsAdmin(page, e2e);
    const row = clientRow(page, doomed.email);
    const closeFromMenu = async () => {
      await chooseRowAction(page, doomed.email, 'Delete client');
      const dialog = page.getByRole('alertdialog', { name: 'Delete client' });
      await dialog.waitFor();
      expect((await dialog.innerText()).replace(/\s+/g, ' ')).toContain(
        `Are you sure you want to delete client ${doomed.email}? This action cannot be undone.`,
      );
      const remove = dialog.getByRole('button', { name: 'Delete', exact: true });
      expect(await remove.isDisabled()).toBe(true); // not before the e-mail is typed
      await dialog.getByLabel("Type the client's e-mail to confirm").fill('someone-else@example.com');
      expect(await remove.isDisabled()).toBe(true);
      await dialog.getByLabel("Type the client's e-mail to confirm").fill(doomed.email.toUpperCase());
      const answered = page.waitForResponse(answers('deleteClient'));
      await remove.click();
      return { dialog, status: (await answered).status() };
    };

    // $75.00 in the account: refused, said in the dialog, nothing changes.
    const refused = await closeFromMenu();
    expect(refused.status).toBe(409);
    const refusal = refused.dialog.getByRole('alert');
    await refusal.waitFor();
    // Titled "Error" over the server's words.
    expect((await refusal.innerText()).trim().split(/\n+/)).toEqual(['Error', refusals.closeRefusedBalance]);
    await refused.dialog.getByRole('button', { name: 'Cancel' }).click();
    await refused.dialog.waitFor({ state: 'detached' });
    expect(await rowBalance(row)).toBe('$75.00');

    // The money leaves through a recorded withdrawal; then the account closes.
    expect(
      (
        await e2e.client.call('processWithdrawal', {
          token: await adminToken(),
          params: { id: doomed.sub },
          body: { amount: 75, note: 'paid out' },
        })
      ).status,
    ).toBe(200);
    await page.reload();
    const closing = await closeFromMenu();
    expect(closing.status).toBe(200);
    await expectPage(page).toShowText('Account closed. Its records are kept, read-only, under the Closed filter.');
    await row.waitFor({ state: 'detached' });
    await page.reload();
    await clientRow(page, ALICE).waitFor();
    expect(await clientRow(page, doomed.email).count()).toBe(0);

    // Under Closed: who closed it, and its ledger, read-only.
    await page.getByRole('button', { name: 'Closed', exact: true }).click();
    const closedRow = clientRow(page, doomed.email);
    await closedRow.waitFor();
    expect(await closedRow.innerText()).toContain('Closed on');
    await chooseRowAction(page, doomed.email, 'Transactions');
    const history = page.getByRole('dialog', { name: 'Transactions' });
    await history.getByText('paid out').waitFor();
    await history.getByText('wire').waitFor();
    expect(await history.getByRole('button', { name: 'Deposit' }).count()).toBe(0);
  },
);

journey(
  "admin: a client's name opens their page: balance, payout account masked, requests, ledger, activity",
  e2e,
  async ({ page }) => {
    await signInAsAdmin(page, e2e);
    const listed = await rowBalance(clientRow(page, ALICE));
    await clientRow(page, ALICE).getByRole('link', { name: 'Alice Example' }).click();
    const opened = await page.waitForResponse(answers('getClient'));
    const answer = await answerOf('getClient', opened);
    await page.waitForURL(new RegExp(`/admin/clients/${answer.client.id}$`));
    await page.getByRole('heading', { level: 1, name: 'Alice Example' }).waitFor();

    // The balance the list shows, and the ledger's newest line runs to it.
    expect((await page.getByTestId('client-balance').innerText()).trim()).toContain(listed);
    const ledger = page.getByRole('table', { name: 'Ledger' });
    expect((await ledger.getByTestId('ledger-balance').first().innerText()).trim()).toBe(listed);
    // The newest seeded deposit with its note, and the administrator who recorded it.
    await ledger.getByText('Recent top-up').waitFor();
    expect(await ledger.getByText('by admin@example.com').count()).toBeGreaterThanOrEqual(1);
    await expectPage(page).toShowText('IBAN GB•• ending 5432 · Example Bank plc');
    expect(await page.content()).not.toContain('98765432');

    // The newest lines first; the whole ledger on asking.
    const all = page.getByRole('button', { name: /^Show all \d+ lines$/ });
    const lines = Number((await all.innerText()).match(/\d+/)?.[0]);
    expect(lines).toBeGreaterThan(12);
    expect(await ledger.getByText('Initial investment').count()).toBe(0);
    await all.click();
    expect(await ledger.getByTestId('ledger-balance').count()).toBe(lines);
    await ledger.getByText('Initial investment').waitFor();

    // The client's activity, and the way on to the log filtered to them.
    const activity = page.getByRole('region', { name: 'Activity' });
    await activity.getByText('Deposit').first().waitFor();
    await activity.getByRole('link', { name: 'Open in the activity log' }).click();
    await page.waitForURL(new RegExp(`/admin/activity\\?client=${answer.client.id}$`));
    await page.goBack();
    await page.getByRole('link', { name: 'Back to clients' }).click();
    await page.waitForURL(/\/admin$/);
  },
);
