/**
 * Accessibility (axe-core: no serious or critical violations) of the client's dashboard in light
 * and dark, in each of its states: empty (a first-day client), loading (the API held), pending (a
 * withdrawal request waiting, its cancel confirmation open), error (a refused amount in the
 * dialog), the review step, the history open, and the phone's menu open.
 */
import type { Page, Route } from 'playwright-core';
import { seriousViolations } from './support/axe';
import { expect as expectPage } from './support/expect';
import { journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E({
  privateStack:
    "each of its journeys leaves a withdrawal request of alice's waiting, and a client may have only so many waiting: a11y leaves one too",
});

const ALICE = 'alice@example.com';

/** Audits the page as it is now, once `ready` shows; the violations found are kept under `state`. */
async function audit(
  page: Page,
  found: Record<string, string[]>,
  state: string,
  ready: () => Promise<unknown>,
): Promise<void> {
  await ready();
  await page.waitForTimeout(300); // let entrance transitions finish: axe reads computed colours
  const violations = await seriousViolations(page);
  if (violations.length) found[state] = violations;
}

/** Holds the dashboard's API reads until `release` is called: the page shows its loading shapes meanwhile. */
async function holdReads(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/api\/(portfolios|withdrawals)\//, (route) =>
    released ? route.continue() : void held.push(route),
  );
  return async () => {
    released = true;
    for (const route of held.splice(0)) await route.continue();
  };
}

for (const colorScheme of ['light', 'dark'] as const) {
  journey(
    `the client dashboard has no serious accessibility violations in any state (${colorScheme})`,
    e2e,
    async ({ page }) => {
      const found: Record<string, string[]> = {};

      // Empty: a client with no deposit yet.
      const fresh = await e2e.client.newClient('a11y-empty');
      expect(
        (
          await e2e.client.call('createPortfolio', {
            token: fresh.accessToken,
            body: { userId: fresh.sub, initialBalance: 0 },
          })
        ).status,
      ).toBe(200);
      await signIn(page, e2e, fresh.email);
      await page.waitForURL(/\/dashboard$/);
      await audit(page, found, 'empty', () => page.getByTestId('funding').waitFor());
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(e2e.url('/'));

      // Loading: alice's reads held, with a request of hers waiting.
      const alice = await e2e.client.signIn(ALICE);
      const asked = await e2e.client.call('requestWithdrawal', {
        token: alice.accessToken,
        body: { userId: alice.sub, userEmail: alice.email, amount: 100 },
      });
      expect(asked.status).toBe(201);
      const release = await holdReads(page);
      await signIn(page, e2e, ALICE);
      await page.waitForURL(/\/dashboard$/);
      await audit(page, found, 'loading', () =>
        page.getByRole('status').filter({ hasText: 'Loading your portfolio...' }).waitFor(),
      );
      await release();

      // Pending: the request with its reserve, its cancel confirmation open.
      await page.getByTestId('reserved').waitFor();
      await page.getByRole('button', { name: 'Cancel request' }).first().click();
      await audit(page, found, 'pending', () => page.getByRole('button', { name: 'Yes, cancel it' }).waitFor());
      await page.getByRole('button', { name: 'Keep it' }).click();

      // The history open: its newest month, the week's growth folded among the entries.
      await page.getByRole('button', { name: 'Show' }).click();
      await audit(page, found, 'history', () => expectPage(page).toShowText('Recent top-up'));

      // Error: an amount over the eligible profit, said at the field; then the review step.
      await page.getByRole('button', { name: 'Request Withdrawal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
      await dialog.getByLabel('Amount').fill('99999999');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await audit(page, found, 'error', () =>
        dialog.getByRole('alert').filter({ hasText: 'Amount Too High' }).waitFor(),
      );
      await dialog.getByLabel('Amount').fill('100');
      await dialog.getByRole('button', { name: 'Review' }).click();
      await audit(page, found, 'review', () => dialog.getByTestId('request-review').waitFor());
      await dialog.getByRole('button', { name: 'Back' }).click();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });

      // A phone: the header's menu open.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Menu' }).click();
      await audit(page, found, 'phone menu', () => page.getByRole('button', { name: 'Sign out' }).waitFor());

      expect(found).toEqual({});
    },
    { colorScheme },
    150_000,
  );
}
