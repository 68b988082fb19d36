/** Balance history and statements in the browser: the chart shows, and a downloaded CSV reads back. */
import { parse } from 'csv-parse/sync';
import { expect as expectPage } from './support/expect';
import { downloadedText, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

journey('a client sees the balance chart and downloads a statement that reads back', e2e, async ({ page }) => {
  await signIn(page, e2e, 'alice@example.com');
  await page.waitForURL(/\/dashboard$/);
  await expectPage(page).toShowText('Balance History');
  // The whole history starts at alice's first deposit.
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expectPage(page).toShowText('Balance from $25,000.00');
  expect(await page.locator('.recharts-surface').count()).toBeGreaterThan(0);
  const balance = (await page.getByTestId('balance').innerText()).trim();

  const year = new Date().getUTCFullYear() - 1;
  await page.getByLabel('From').fill(`${year}-01-01`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download statement (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^aurum-statement-${year}-01-01-to-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
  );
  const rows = parse(await downloadedText(download));
  expect(rows[0]).toEqual(['Date', 'Type', 'Description', 'Amount', 'Balance']);
  expect(rows.filter((r) => r[1] === 'Deposit').map((r) => [r[2], r[3]])).toEqual([
    ['Initial investment', '25000.00'],
    ['Top-up', '10000.00'],
    ['Recent top-up', '5000.00'],
  ]);
  expect(rows.some((r) => r[1] === 'Weekly growth')).toBe(true);
  const closing = rows.at(-1);
  expect(closing?.[1]).toBe('Closing balance');
  expect(`$${Number(closing?.[4]).toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(balance);
});

journey('an admin exports the whole book', e2e, async ({ page }) => {
  await signIn(page, e2e, 'admin@example.com');
  await page.waitForURL(/\/admin$/);
  // The server writes the file in the background; the page waits for it, then downloads it from its short-lived link.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Balances (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^aurum-balances-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(download.url()).toMatch(/X-Amz-Signature=/);
  const rows = parse(await downloadedText(download));
  expect(rows[0]).toEqual(['Email', 'Name', 'Balance', 'Weekly gain %', 'Last updated']);
  const emails = rows.slice(1).map((r) => r[0]);
  expect(emails).toEqual(expect.arrayContaining(['alice@example.com', 'bob@example.com']));
  // Administrators who hold no money are staff, not clients: the book leaves them out.
  expect(emails).not.toContain('admin@example.com');
  expect(emails).not.toContain('checker@example.com');
  expect(emails).toEqual([...emails].sort());
  await expectPage(page).toShowText('Export Balances (CSV)');
});
