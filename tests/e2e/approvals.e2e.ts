/**
 * Four eyes and the activity log in a real Chromium against the real local stack: a deposit above
 * the approval threshold waits until a second administrator approves it in a browser of their
 * own, then the activity page shows both acts, filtered by client and kind, and exports them.
 * The journeys run in order: the second reads what the first did.
 */
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET } from '../../infra/local/seed';
import { expect as expectPage } from './support/expect';
import { centsOf, chooseRowAction, clientRow, eventually, factsOf, rowBalance, usd } from './support/admin';
import { answerOf, answers, downloadedText, type E2E, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E({
  privateStack:
    "its four-eyes journey reads bob's balance and expects no other action waiting for approval, which other files leave on bob",
});

const ADMIN = 'admin@example.com';
const BOB = 'bob@example.com';
const NOTE = `Four eyes wire ${Date.now()}`;

let adminSession: Promise<string> | undefined;
const adminToken = () => (adminSession ??= e2e.client.signIn(ADMIN).then((s) => s.accessToken));

async function bobFromApi(): Promise<{ id: string; cents: number }> {
  const bob = (await e2e.client.allClients(await adminToken())).find((c) => c.email === BOB);
  if (!bob) throw new Error(`${BOB} is not in the answer of listClients`);
  return { id: bob.id, cents: Math.round(bob.portfolio.balance * 100) };
}

/** Signs in as an administrator and waits for the client table. */
async function openConsole(page: Page, e2e: E2E, email: string): Promise<void> {
  await signIn(page, e2e, email);
  await page.waitForURL(/\/admin$/);
  await clientRow(page, BOB).waitFor();
}

async function openApprovals(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: /^Approvals/ })
    .click();
  await page.waitForURL(/\/admin\/approvals$/);
}

const pendingCard = (page: Page) => page.getByRole('listitem', { name: `Deposit of $25,000.00 for ${BOB}` });

/** The admin proposes a $25,000 deposit to bob: sent for approval, nothing moves. */
async function proposeDeposit(page: Page, beforeCents: number): Promise<void> {
  await chooseRowAction(page, BOB, 'Deposit');
  const dialog = page.getByRole('dialog', { name: 'Add deposit' });
  await dialog.getByLabel('Amount').fill('25000');
  await dialog.getByLabel('Note').fill(NOTE);
  await dialog.getByRole('button', { name: 'Review' }).click();
  expect(await factsOf(dialog)).toMatchObject({
    Amount: '$25,000.00',
    'Balance before': usd(beforeCents),
    'Balance after': `${usd(beforeCents + 2_500_000)} (estimate)`,
  });
  const answered = page.waitForResponse(answers('addDeposit'));
  await dialog.getByRole('button', { name: 'Confirm deposit' }).click();
  const response = await answered;
  expect(response.status()).toBe(202);
  const answer = await answerOf('addDeposit', response);
  expect('pending' in answer && answer.pending).toBe(true);

  const said = dialog.getByRole('status');
  await said.waitFor();
  expect((await said.innerText()).trim()).toBe(
    'Sent for approval: another administrator must approve this deposit of $25,000.00.',
  );
  await dialog.getByText(`The balance stays ${usd(beforeCents)} until then.`).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

journey(
  'four eyes: a $25,000 deposit waits for a second administrator, who approves it in their own browser',
  e2e,
  async ({ page }) => {
    const before = await bobFromApi();
    await openConsole(page, e2e, ADMIN);
    expect(centsOf(await rowBalance(clientRow(page, BOB)))).toBe(before.cents);

    await proposeDeposit(page, before.cents);
    expect(await rowBalance(clientRow(page, BOB))).toBe(usd(before.cents));
    expect((await bobFromApi()).cents).toBe(before.cents);

    // The proposer sees the action waiting, with no Approve button of theirs.
    await openApprovals(page);
    const own = pendingCard(page);
    await own.waitFor();
    await own.getByText('Waiting for another administrator').waitFor();
    expect(await own.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await factsOf(own)).toMatchObject({ Change: '+$25,000.00', 'Proposed by': ADMIN, Note: NOTE });

    // The second administrator, in a browser of their own.
    await e2e.client.signInWithTotp(DEMO_CHECKER, DEMO_CHECKER_TOTP_SECRET); // this client now answers the checker's code step
    const checkerContext = await e2e.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const checker = await checkerContext.newPage();
      checker.setDefaultTimeout(15_000);
      await openConsole(checker, e2e, DEMO_CHECKER);
      await openApprovals(checker);
      const card = pendingCard(checker);
      await card.getByRole('button', { name: 'Approve' }).click();
      const dialog = checker.getByRole('dialog', { name: 'Approve deposit' });
      expect(await factsOf(dialog)).toMatchObject({
        Change: '+$25,000.00',
        'Balance when proposed': usd(before.cents),
        'Proposed by': ADMIN,
      });
      const answered = checker.waitForResponse(answers('approvePendingAction'));
      await dialog.getByRole('button', { name: 'Approve deposit' }).click();
      expect((await answered).status()).toBe(200);
      await expectPage(checker).toShowText('Deposit of $25,000.00 approved');
      await card.waitFor({ state: 'detached' });
      await expectPage(checker).toShowText('No actions waiting for approval');
    } finally {
      await checkerContext.close();
    }

    // Exactly $25,000.00 more, in one ledger entry naming both administrators.
    expect((await bobFromApi()).cents).toBe(before.cents + 2_500_000);
    const ledger = await e2e.client.call('listClientTransactions', {
      token: await adminToken(),
      params: { id: before.id },
    });
    const entries = ledger.body.filter((t) => t.note === NOTE);
    expect(entries).toEqual([
      expect.objectContaining({
        type: 'deposit',
        amount: 25_000,
        direction: 'in',
        adminEmail: ADMIN,
        approvedBy: DEMO_CHECKER,
      }),
    ]);

    await page.reload();
    await expectPage(page).toShowText('No actions waiting for approval');
    await page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Clients' }).click();
    await eventually(async () => expect(await rowBalance(clientRow(page, BOB))).toBe(usd(before.cents + 2_500_000)));
  },
);

/**
 * The activity table's rows as text: when, administrator, kind (and the action's kind), client,
 * amount, balance, reason or note (the table sets the administrator under the time and the
 * balance under the amount).
 */
async function activityRows(page: Page): Promise<string[][]> {
  const cells = await page
    .getByRole('table', { name: 'Activity' })
    .locator('tbody > tr')
    .evaluateAll((rows) =>
      rows.map((tr) => Array.from(tr.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim())),
    );
  return cells.map(([whenBy = '', kind = '', client = '', money = '', words = '']) => {
    const [when = '', actor = ''] = whenBy.split(/\n+/);
    const [amount = '', balance = '—'] = money.split(/\n+/);
    return [when, actor, kind, client, amount, balance, words];
  });
}

journey(
  "activity: the approval's entries, filtered by client and by kind, and exported as CSV",
  e2e,
  async ({ page }) => {
    const bob = await bobFromApi();
    await openConsole(page, e2e, ADMIN);
    await chooseRowAction(page, BOB, 'Activity'); // the row's link opens the page filtered by the client
    await page.waitForURL((url) => url.pathname === '/admin/activity' && url.searchParams.get('client') === bob.id);
    await expectPage(page).toShowText(`for ${BOB}`);
    await expectPage(page).toShowText(`Showing one client: ${BOB}`);

    const byClient = await eventually(async () => {
      const rows = await activityRows(page);
      expect(rows.length).toBeGreaterThan(0);
      return rows;
    });
    expect(byClient.every((r) => r[3] === BOB)).toBe(true);
    const proposed = byClient.filter((r) => r[2]?.startsWith('Approval requested'));
    const approved = byClient.filter((r) => r[2]?.startsWith('Approval given'));
    expect(proposed.map((r) => [r[1], (r[2] ?? '').replace(/\s+/g, ' '), r[4]])).toEqual([
      [ADMIN, 'Approval requested Deposit', '$25,000.00'],
    ]);
    expect(approved.map((r) => [r[1], (r[2] ?? '').replace(/\s+/g, ' '), r[4]])).toEqual([
      [DEMO_CHECKER, 'Approval given Deposit', '$25,000.00'],
    ]);
    expect(approved[0]?.[5]).toBe(`${usd(bob.cents - 2_500_000)} → ${usd(bob.cents)}`);

    // Narrowed by kind as well: the approval alone.
    await page.getByLabel('Kind').selectOption({ label: 'Approval given' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('kind') === 'action-approved' && url.searchParams.get('client') === bob.id,
    );
    await eventually(async () => {
      const rows = await activityRows(page);
      expect(rows.map((r) => [r[1], r[3]])).toEqual([[DEMO_CHECKER, BOB]]);
    });

    // Back to the client's whole history, exported.
    await page.getByLabel('Kind').selectOption({ label: 'All kinds' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(async () => expect(await activityRows(page)).toHaveLength(byClient.length));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^aurum-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = parse(await downloadedText(download));
    expect(csv[0]).toEqual([
      'When',
      'Administrator',
      'Kind',
      'Action',
      'Client e-mail',
      'Client id',
      'Amount',
      'Balance before',
      'Balance after',
      'Reason',
      'Note',
    ]);
    const lines = csv.slice(1);
    expect(lines).toHaveLength(byClient.length);
    expect(lines.every((l) => l[4] === BOB && l[5] === bob.id)).toBe(true);
    expect(lines.filter((l) => l[2] === 'Approval requested').map((l) => [l[1], l[3], l[6]])).toEqual([
      [ADMIN, 'Deposit', '25000.00'],
    ]);
    expect(lines.filter((l) => l[2] === 'Approval given').map((l) => [l[1], l[3], l[6], l[7], l[8]])).toEqual([
      [DEMO_CHECKER, 'Deposit', '25000.00', ((bob.cents - 2_500_000) / 100).toFixed(2), (bob.cents / 100).toFixed(2)],
    ]);
    await expectPage(page).toShowText(`Exported ${byClient.length} ${byClient.length === 1 ? 'entry' : 'entries'}.`);
  },
);
