/**
 * Forms that help, in a real Chromium on the local stack: a problem said at its field (marked
 * invalid, described by it, under the form's alert with its title), the password rules shown before
 * they are broken, the toasts clear of the header's actions, and the signed-out card clear of the
 * theme menu on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { errors, notices, toastTitles } from '../../shared/messages';
import { eventually } from './support/admin';
import { seriousViolations } from './support/axe';
import { boxOf, overlap } from './support/boxes';
import { expect as expectPage } from './support/expect';
import { journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

const PHONE = { viewport: { width: 390, height: 844 } };

/** The text of the elements an input's aria-describedby names, as a screen reader reads its description. */
const descriptionOf = (input: Locator) =>
  input.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );

const toast = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');

journey(
  "sign-in: a wrong password is said under the password, which is marked invalid and described by it, and under 'Sign-in failed' over the form; no toast",
  e2e,
  async ({ page }) => {
    await signIn(page, e2e, 'alice@example.com', 'not-the-password');
    await expectPage(page).toShowText(errors.signIn.wrongPassword);
    const password = page.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionOf(password)).toContain(errors.signIn.wrongPassword);
    // Under the field, not in a corner of the page.
    const field = await boxOf(password);
    const said = await boxOf(page.locator('[data-part="error-text"]', { hasText: errors.signIn.wrongPassword }));
    expect(said.y).toBeGreaterThanOrEqual(field.y + field.height);
    expect(Math.abs(said.x - field.x)).toBeLessThan(4);
    expect(await toast(page).count()).toBe(0);
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();
    // The form's alert, over the fields: the failure's title, then the message.
    const alert = page.locator('form [role="alert"]');
    expect(await alert.textContent()).toBe(`${toastTitles.signInFailed}${errors.signIn.wrongPassword}`);
    expect((await boxOf(alert)).y).toBeLessThan((await boxOf(page.getByLabel('Email'))).y);

    // Typing a new password answers it.
    await password.fill('something else');
    expect(await password.getAttribute('aria-invalid')).toBeNull();
    expect(await page.getByText(errors.signIn.wrongPassword).count()).toBe(0);
  },
);

for (const [device, options] of [
  ['desktop', {}],
  ['phone', PHONE],
] as const) {
  journey(
    `sign-up (${device}): the password rules show before anything is typed, and tick as the password meets them`,
    e2e,
    async ({ page }) => {
      await page.goto(e2e.url('/signup'));
      const rules = page.getByTestId('password-rules');
      await rules.waitFor();
      // As read out: each rule's text and whether it is met yet (innerText: the page's inline styles are no text).
      const met = () =>
        rules
          .locator('li')
          .evaluateAll((items) =>
            items.map((li) => (li as HTMLElement).innerText.replace(/\s+/g, ' ').replace(' ,', ',').trim()),
          );
      expect(await met()).toEqual(['At least 6 characters, not met yet', 'No space at the start or end, not met yet']);
      // Under the password, in view, before the password is typed.
      const password = page.getByLabel('Password', { exact: true });
      expect((await boxOf(rules)).y).toBeGreaterThan((await boxOf(password)).y);
      // The field wires its description once the page's scripts have taken over the served HTML.
      await eventually(async () => expect(await descriptionOf(password)).toContain('At least 6 characters'));

      await password.fill('gold');
      expect(await met()).toEqual(['At least 6 characters, not met yet', 'No space at the start or end, met']);
      await password.fill('gold bars');
      expect(await met()).toEqual(['At least 6 characters, met', 'No space at the start or end, met']);
    },
    options,
  );

  journey(
    `the sign-in toast (${device}) lies clear of every control of the header`,
    e2e,
    async ({ page }) => {
      await signIn(page, e2e, 'alice@example.com');
      await page.waitForURL(/\/dashboard$/);
      const shown = toast(page).filter({ hasText: 'Welcome back!' });
      await shown.waitFor();
      // Its entry animation over (it slides down from above): the box where it stays.
      await page.waitForTimeout(500);
      const toastBox = await boxOf(shown);
      const controls = page.locator('header').locator('a:visible, button:visible, select:visible');
      const count = await controls.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i += 1) {
        const control = controls.nth(i);
        const name = (await control.getAttribute('aria-label')) ?? (await control.innerText());
        expect({ control: name, overlaps: overlap(toastBox, await boxOf(control)) }).toEqual({
          control: name,
          overlaps: false,
        });
      }
      // Under the header, not over any of it.
      const header = await boxOf(page.locator('header'));
      expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
    },
    options,
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  journey(
    `on a 390 px phone (${colorScheme}), no signed-out card covers the theme menu`,
    e2e,
    async ({ page }) => {
      for (const [path, heading] of [
        ['/signup', 'Create Account'],
        ['/', 'Welcome Back'],
        ['/forgot-password', 'Reset Password'],
      ] as const) {
        await page.goto(e2e.url(path));
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        const theme = page.getByLabel('Theme');
        const themeBox = await boxOf(theme);
        expect(overlap(themeBox, await boxOf(page.locator('.chakra-card__root')))).toBe(false);
        // What a tap on the menu's middle lands on is the menu.
        const hit = await page.evaluate(
          ({ x, y }) => document.elementFromPoint(x, y)?.closest('select')?.getAttribute('aria-label') ?? null,
          { x: themeBox.x + themeBox.width / 2, y: themeBox.y + themeBox.height / 2 },
        );
        expect({ path, hit }).toEqual({ path, hit: 'Theme' });
      }
    },
    { ...PHONE, colorScheme },
  );
}

for (const colorScheme of ['light', 'dark'] as const) {
  journey(
    `the forms' problems, rules and notices have no serious accessibility violations (${colorScheme})`,
    e2e,
    async ({ page }) => {
      const found: Record<string, string[]> = {};
      const audit = async (state: string, shown: string) => {
        await expectPage(page).toShowText(shown);
        await page.waitForTimeout(300); // let entrance transitions finish: axe reads computed colours
        const violations = await seriousViolations(page);
        if (violations.length) found[state] = violations;
      };
      await page.goto(e2e.url('/'));
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await audit('sign-in, empty', 'Email is required');
      await signIn(page, e2e, 'alice@example.com', 'not-the-password');
      await audit('sign-in, wrong password', errors.signIn.wrongPassword);
      await page.getByRole('button', { name: 'Continue with Google' }).click();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await audit('sign-in, Google cancelled', notices.googleSignInCancelled);
      await page.goto(e2e.url('/signup'));
      await page.getByLabel('Password', { exact: true }).fill('gold');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await audit('sign-up, problems and rules', 'First name is required');
      await page.goto(e2e.url('/forgot-password'));
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await audit('reset, bad e-mail', 'Invalid email address');
      expect(found).toEqual({});
    },
    { colorScheme },
  );
}
