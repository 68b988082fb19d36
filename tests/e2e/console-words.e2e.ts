/**
 * The console's screens say the product's words at a laptop's width (1280 px) and on a 390 px
 * phone, and the Activity log fits both: no table wider than its box, no page scrolling sideways.
 */
import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expect';
import { clientRow } from './support/admin';
import { journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

const CLIENTS_WORDS = [
  'Admin Dashboard',
  'Client Management',
  'Total Clients',
  'Active portfolios',
  'Total Portfolio Value',
  'Assets under management',
  'Average Weekly Gain',
  'Portfolio performance',
  'Client Portfolios',
  'Highest First',
  'Lowest First',
  'Last updated',
  'Next withdrawal', // Alice has deposits still to become eligible (infra/local/seed.ts)
];

const ALERTS_WORDS = [
  'Withdrawal Alerts',
  'Clients approaching withdrawal eligibility',
  'Back to Admin',
  'Clients Approaching Eligibility',
  'Within 2 weeks of 6-month mark',
  'Deposits Approaching Eligibility',
  'Upcoming Withdrawal Eligibility',
  'deposit approaching eligibility',
  'days until eligible', // Alice's top-up, 3 to 7 days out (infra/local/seed.ts aliceTopUp)
  'days remaining',
];

async function showsAll(page: Page, words: string[]): Promise<void> {
  for (const text of words) await expectPage(page).toShowText(text);
}

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

journey(
  "console: the product's words on each screen at 1280 px and 390 px, and an Activity log that fits",
  e2e,
  async ({ page }) => {
    // An entry in the log with a long note: the Activity table must wrap it rather than widen.
    const token = (await e2e.client.signIn('admin@example.com')).accessToken;
    const bob = (await e2e.client.allClients(token)).find((c) => c.email === 'bob@example.com');
    const note = `Wire ref ${'0123456789'.repeat(6)} from the client's bank, received and matched by the operations desk`;
    expect(
      (await e2e.client.call('addDeposit', { token, params: { id: bob?.id ?? '' }, body: { amount: 1, note } })).status,
    ).toBe(200);

    await signIn(page, e2e, 'admin@example.com');
    await page.waitForURL(/\/admin$/);
    await clientRow(page, 'alice@example.com').waitFor();
    const nav = page.getByRole('navigation', { name: 'Administration' });
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await nav.getByRole('link', { name: 'Clients' }).click();
      await page.waitForURL(/\/admin$/);
      await showsAll(page, CLIENTS_WORDS);
      // The week's gain: in its column on a laptop, under the balance on a phone (the other one hidden).
      await page.locator('text=/\\d% this week/ >> visible=true').first().waitFor();
      const sorts = page.getByRole('group', { name: 'Sort by balance' });
      expect(await sorts.getByRole('button', { name: 'Reset' }).count()).toBe(0);
      await sorts.getByRole('button', { name: 'Highest First' }).click();
      await sorts.getByRole('button', { name: 'Reset' }).click();
      await sorts.getByRole('button', { name: 'Reset' }).waitFor({ state: 'detached' });
      expect(await sideways(page)).toBe(0);

      await nav.getByRole('link', { name: 'Withdrawal Alerts' }).click();
      await showsAll(page, ALERTS_WORDS);
      expect(await sideways(page)).toBe(0);
      await page.getByRole('link', { name: 'Back to Admin' }).click();
      await page.waitForURL(/\/admin$/);

      await nav.getByRole('link', { name: 'Activity' }).click();
      await page.waitForURL(/\/admin\/activity$/);
      if (viewport.width === 390) {
        // A card per entry on a phone.
        await page.getByRole('list', { name: 'Activity' }).getByRole('listitem').first().waitFor();
      } else {
        await page.getByRole('table', { name: 'Activity' }).locator('tbody > tr').first().waitFor();
        const box = await page
          .getByTestId('activity-scroll')
          .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(box.scroll).toBeLessThanOrEqual(box.client);
      }
      await page.getByLabel('Kind').selectOption({ label: 'Withdrawal (all money out)' });
      await expectPage(page).toShowText(
        "All money out: withdrawals processed and clients' withdrawal requests approved",
      );
      expect(await sideways(page)).toBe(0);
    }
  },
);
