/**
 * Toasts that cover no control, in a real Chromium on the local stack: 'Welcome back!' lies clear
 * of the chart's range buttons and the header on a client's dashboard, and of the clients table's
 * Actions on the console, on a 390 px phone and a 1280 px screen.
 */
import type { Locator, Page } from 'playwright-core';
import { successToasts } from '../../shared/messages';
import { type Box, boxOf, overlap } from './support/boxes';
import { journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

/** The toast saying `text`, once shown, and its box. */
async function toastBox(page: Page, text: string): Promise<Box> {
  const shown = page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: text });
  await shown.waitFor();
  // Its entry animation over: the box where it stays.
  await page.waitForTimeout(500);
  return boxOf(shown);
}

/** Each of `controls` (at least one) with whether the toast lies over it. */
async function overlapsOf(toast: Box, controls: Locator): Promise<{ control: string; overlaps: boolean }[]> {
  const count = await controls.count();
  expect(count).toBeGreaterThan(0);
  const found = [];
  for (let i = 0; i < count; i += 1) {
    const control = controls.nth(i);
    const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
    found.push({ control: name, overlaps: overlap(toast, await boxOf(control)) });
  }
  return found;
}

const clear = (found: { control: string; overlaps: boolean }[]) =>
  found.map(({ control }) => ({ control, overlaps: false }));

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const) {
  journey(
    `'Welcome back!' (${device}) covers neither the chart's range buttons nor the header`,
    e2e,
    async ({ page }) => {
      await signIn(page, e2e, 'alice@example.com');
      await page.waitForURL(/\/dashboard$/);
      const ranges = page.locator('button[aria-pressed]');
      await ranges.first().waitFor();
      const toast = await toastBox(page, successToasts.welcomeBack);
      const ranged = await overlapsOf(toast, ranges);
      expect(ranged).toEqual(clear(ranged));
      const header = await overlapsOf(
        toast,
        page.locator('header').locator('a:visible, button:visible, select:visible'),
      );
      expect(header).toEqual(clear(header));
    },
    { viewport },
  );

  journey(
    `'Welcome back!' (${device}) covers no client's Actions on the console`,
    e2e,
    async ({ page }) => {
      await signIn(page, e2e, 'admin@example.com');
      await page.waitForURL(/\/admin/);
      const actions = page.getByRole('button', { name: /^Actions for / });
      await actions.first().waitFor();
      const toast = await toastBox(page, successToasts.welcomeBack);
      const found = await overlapsOf(toast, actions);
      expect(found).toEqual(clear(found));
      const header = await overlapsOf(
        toast,
        page.locator('header').locator('a:visible, button:visible, select:visible'),
      );
      expect(header).toEqual(clear(header));
    },
    { viewport },
  );
}
