/**
 * Passkeys in a real Chromium against the real local stack, with Chromium's virtual authenticator
 * standing in for the device's (support/virtual-authenticator.ts): one added on /account after a
 * fresh sign-in (an administrator's first one with an operator's approval), then a sign-in with it
 * that opens the admin console where the stage requires a passkey sign-in for it; no sign-in without the person's verification, nor from a page on
 * another address than the relying party's ('localhost'), nor with another account's passkey.
 */
import type { Page } from 'playwright-core';
import { apiMessages } from '../../shared/messages';
import { passkeyMessages } from '../../shared/passkeys';
import { runTool } from '../integration/support/tool';
import { passkeySignInErrors } from '../../web/src/auth/passkey-errors';
import { passkeyWords } from '../../web/src/pages/account/passkey-words';
import { expect as expectPage } from './support/expect';
import { DEMO_ADMIN_EMAIL, journey, signIn, useE2E } from './support/e2e';
import { addVirtualAuthenticator } from './support/virtual-authenticator';

// Its own stack: adding a passkey ends every session of the seeded administrator, whom other
// files sign in as, and the console here requires a passkey sign-in.
const e2e = useE2E({
  privateStack:
    'it adds a passkey to the seeded administrator (ending their sessions) and requires passkeys for admins',
  env: { ADMIN_PASSKEY_REQUIRED: '1' },
});

/** On /account: "Add a passkey", its name, and the browser's part (the virtual authenticator answers). */
async function addPasskey(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a passkey', exact: true }).click();
  await page.getByLabel('Passkey name').fill(name);
  await page.getByRole('button', { name: 'Add passkey', exact: true }).click();
}

/** Every session has ended once a passkey is added: the page is back on sign-in and says so. */
async function expectSignedOutAfterAdding(page: Page): Promise<void> {
  await expectPage(page).toShowText(passkeyWords.added.title);
  await expectPage(page).toShowText(passkeyWords.added.description);
  await page.waitForURL(e2e.url('/'));
}

/** On `/` (at `origin`): the e-mail, then "Sign in with a passkey". */
async function signInWithPasskey(page: Page, email: string, origin = e2e.url('')): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
}

/** Whether Amplify holds tokens in the page (a session). */
const holdsTokens = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).some((key) => key.endsWith('.accessToken')));

/** A new client with a passkey added through /account (signed out after it, as every session ends). */
async function clientWithPasskey(page: Page, prefix: string) {
  const authenticator = await addVirtualAuthenticator(page);
  const { email } = await e2e.client.newClient(prefix);
  await signIn(page, e2e, email);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(e2e.url('/account'));
  await addPasskey(page, 'Test laptop');
  await expectSignedOutAfterAdding(page);
  return { email, authenticator };
}

journey(
  'passkeys: the seeded admin, refused the console after a password and code, adds a passkey on /account; signing in with it opens the console',
  e2e,
  async ({ page }) => {
    const authenticator = await addVirtualAuthenticator(page);
    await signIn(page, e2e, DEMO_ADMIN_EMAIL); // the password, then the authenticator app's code
    // The route guard sends an administrator to /admin, whose guard sends one without a passkey sign-in here.
    await page.waitForURL(/\/account#passkeys$/);
    await expectPage(page).toShowText('Passkey sign-in required');
    await expectPage(page).toShowText(apiMessages.passkeyRequired);
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);

    // A password and code (which a phishing page could relay) add no administrator's passkey alone.
    await addPasskey(page, 'E2E laptop');
    await expectPage(page).toShowText(passkeyMessages.enrolmentNeedsApproval);
    expect(await authenticator.credentials()).toHaveLength(0);
    // An operator allows one, as the runbook says; the same form then adds it.
    const allowed = await runTool('admin.ts', ['allow-passkey', DEMO_ADMIN_EMAIL, '--data-dir', e2e.stack.dataDir]);
    expect(allowed.code).toBe(0);
    await page.getByRole('button', { name: 'Add passkey', exact: true }).click();
    await expectSignedOutAfterAdding(page);
    const held = await authenticator.credentials();
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ rpId: 'localhost', isResidentCredential: true });

    // No password and no code: the passkey, verified on the device, is both.
    await signInWithPasskey(page, DEMO_ADMIN_EMAIL);
    await page.waitForURL(/\/admin$/);
    await expectPage(page).toShowText('Admin Dashboard');
    await expectPage(page).toShowText('Client Management');
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(held[0]!.signCount);

    // The account page lists it, by its name.
    await page.goto(e2e.url('/account'));
    const card = page.locator('#passkeys');
    await card.getByText('E2E laptop').waitFor();
    await card.getByRole('button', { name: 'Remove E2E laptop' }).waitFor();
  },
  {},
  150_000,
);

journey(
  'passkeys: without the person verified on the device (a wrong fingerprint), the passkey signs nobody in and the page says why',
  e2e,
  async ({ page }) => {
    const { email, authenticator } = await clientWithPasskey(page, 'passkey-uv');
    await authenticator.verifyUser(false);
    await signInWithPasskey(page, email);
    await expectPage(page).toShowText(passkeySignInErrors.notAllowed);
    await expectPage(page).toShowText('Sign-in failed');
    expect(page.url()).toBe(e2e.url('/'));
    expect(await holdsTokens(page)).toBe(false);

    // Verified again, the same passkey signs in.
    await authenticator.verifyUser(true);
    await page.getByRole('button', { name: 'Sign in with a passkey', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
  },
  {},
  150_000,
);

journey(
  "passkeys: a page on another address than the relying party's ('localhost') cannot use the passkey, and says so",
  e2e,
  async ({ page }) => {
    const { email } = await clientWithPasskey(page, 'passkey-origin');
    // The same site, served at 127.0.0.1: the browser refuses the relying party 'localhost' there.
    const otherOrigin = e2e.url('').replace('//localhost:', '//127.0.0.1:');
    expect(otherOrigin).not.toBe(e2e.url(''));
    await signInWithPasskey(page, email, otherOrigin);
    await expectPage(page).toShowText(passkeySignInErrors.wrongAddress);
    expect(page.url()).toBe(`${otherOrigin}/`);
    expect(await holdsTokens(page)).toBe(false);
  },
  {},
  150_000,
);

journey(
  "passkeys: an account without a passkey is not signed in by another account's passkey on the device, and the page says so at the e-mail",
  e2e,
  async ({ page }) => {
    await clientWithPasskey(page, 'passkey-holder');
    const { email } = await e2e.client.newClient('passkey-none');
    // Cognito asks for a passkey of this account, which has none: the device offers the one it
    // holds (another account's), which Cognito refuses.
    await signInWithPasskey(page, email);
    await expectPage(page).toShowText(passkeySignInErrors.notRecognised);
    const field = page.getByLabel('Email');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toBe(e2e.url('/'));
    expect(await holdsTokens(page)).toBe(false);
  },
  {},
  150_000,
);
