/** A small page assertion in the spirit of Playwright's: wait until a text is visible, else fail naming it. */
import type { Page } from 'playwright-core';

export function expect(page: Page) {
  return {
    async toShowText(text: string, timeout = 15_000): Promise<void> {
      try {
        await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout });
      } catch {
        throw new Error(`expected the page (${page.url()}) to show "${text}"`);
      }
    },
  };
}
