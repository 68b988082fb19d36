/** The admin console as the e2e journeys drive it: the client table, its row menu, the money dialogs. */
import type { Locator, Page } from 'playwright-core';

/** Cents as the console shows money: USD, US format, 2 decimals. */
export const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** "$12,345.67" as cents. */
export const centsOf = (text: string) => Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);

// The journeys import it with the console's helpers; it is the suites' one poll (integration/support/eventually.ts).
export { eventually } from '../../integration/support/eventually';

/** The client table's rows, in the order shown (each named by the client's e-mail). */
export const clientRows = (page: Page) => page.getByRole('table', { name: 'Clients' }).locator('tbody > tr');
export const clientRow = (page: Page, email: string) => page.getByRole('row', { name: email, exact: true });
export const rowBalance = async (row: Locator) => (await row.getByTestId('balance').innerText()).trim();

/** The e-mails of the rows shown, in order. */
export function shownEmails(page: Page): Promise<string[]> {
  return clientRows(page).evaluateAll((rows) => rows.map((tr) => tr.getAttribute('aria-label') ?? ''));
}

export async function shownBalances(page: Page): Promise<number[]> {
  return Promise.all((await clientRows(page).all()).map(async (row) => centsOf(await rowBalance(row))));
}

export type RowItem = 'Deposit' | 'Withdraw' | 'Edit balance' | 'Transactions' | 'Activity' | 'Delete client';

/** Opens a client row's action menu and chooses `item`. */
export async function chooseRowAction(page: Page, email: string, item: RowItem): Promise<void> {
  await clientRow(page, email)
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/** A dialog's label and value pairs (its review facts), by label. */
export async function factsOf(dialog: Locator): Promise<Record<string, string>> {
  return dialog
    .locator('dl')
    .first()
    .evaluate((dl) => {
      const out: Record<string, string> = {};
      const terms = Array.from(dl.querySelectorAll('dt'));
      for (const dt of terms) out[(dt.textContent ?? '').trim()] = (dt.nextElementSibling?.textContent ?? '').trim();
      return out;
    });
}
