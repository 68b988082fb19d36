/**
 * The first screen in a real Chromium: the signed-out pages arrive prerendered, show
 * without any script, and are taken over by the app without losing what the visitor did; a
 * visitor whose session is stored never sees the sign-in page on the way to their dashboard.
 */
import { expect as expectPage } from './support/expect';
import { DEMO_PASSWORD, holdScripts, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

// With the scripts held (holdScripts), pages are opened up to DOMContentLoaded, not `load`: the head
// script adds the scripts after the first paint, which on a busy machine comes before `load`, and
// held scripts would hold it too.

journey(
  'the signed-out pages show without scripts, in the stored colour mode, and hydrate without an error',
  e2e,
  async ({ page, console: lines }) => {
    await page.addInitScript(() => localStorage.setItem('aurum-portal:color-mode', 'dark'));
    for (const [path, heading] of [
      ['/', 'Welcome Back'],
      ['/signup', 'Create Account'],
      ['/forgot-password', 'Reset Password'],
    ] as const) {
      await page.unrouteAll();
      const release = await holdScripts(page);
      await page.goto(e2e.url(path), { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.className)).toContain('dark');
      const before = await page.getByRole('heading', { name: heading, level: 1 }).boundingBox();
      await release();
      await page.waitForFunction(() => window.aurumReady === true);
      // The same page, where it was: nothing moved when the app took over.
      expect(await page.getByRole('heading', { name: heading, level: 1 }).boundingBox()).toEqual(before);
    }
    expect(lines.filter((l) => /^(error|pageerror)/.test(l))).toEqual([]);
  },
);

journey(
  'a sign-in typed and sent before the scripts arrive is not lost: it completes once they do',
  e2e,
  async ({ page }) => {
    const client = await e2e.client.newClient('early');
    const release = await holdScripts(page);
    await page.goto(e2e.url('/'), { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Email').fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    // Held, not sent as a native form (which would put the password in the address).
    expect(page.url()).toBe(e2e.url('/'));
    await release();
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Welcome, Test');
  },
);

journey(
  'a visitor with a stored session goes to the dashboard without the sign-in page showing on the way',
  e2e,
  async ({ page }) => {
    await signIn(page, e2e, 'alice@example.com');
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('balance').waitFor();
    await page.unrouteAll();
    const release = await holdScripts(page);
    await page.goto(e2e.url('/'), { waitUntil: 'domcontentloaded' });
    // The prerendered sign-in page is in the document, but hidden while the stored session is looked at.
    expect(await page.getByRole('heading', { name: 'Welcome Back' }).isVisible()).toBe(false);
    await release();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('balance').waitFor();
  },
);
