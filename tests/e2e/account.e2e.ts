/**
 * The account page's journeys in a real Chromium against the real local stack:
 * two-factor sign-in set up and used, an admin sent to set it up, a password change, signing out
 * of every device, new names. Each journey has a fresh user of its own.
 */
import type { Page } from 'playwright-core';
import { apiMessages, errors, successToasts } from '../../shared/messages';
import { freshTotpCode, wrongTotpCode } from '../integration/support/totp';
import { expect as expectPage } from './support/expect';
import { DEMO_PASSWORD, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

const CODE_STEP = 'Enter the 6-digit code from your authenticator app';

/** From a signed-in page, /account through the header link (the sign-in's toast lies at the foot of the page, clear of it). */
async function openAccount(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Account', exact: true }).click();
  await page.waitForURL(/\/account$/);
  await page.getByRole('heading', { name: 'Account', level: 1 }).waitFor();
}

/** On /account: "Set up", then the current password, which the API checks before it hands out a key. */
async function startSetUp(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Set up', exact: true }).click();
  await page
    .getByRole('form', { name: 'Two-factor sign-in' })
    .getByLabel('Current password', { exact: true })
    .fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

/**
 * On /account: "Set up" with the password, the key read off the page as a person would type it
 * into an app, and a code of it confirmed. Every session then ends (this one too): the page is
 * back on sign-in. Answers the key (base32, without the grouping spaces).
 */
async function setUpTwoFactor(page: Page): Promise<string> {
  await startSetUp(page);
  const shown = await page.getByTestId('totp-key').innerText();
  const secret = shown.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('6-digit code from the app').fill(await freshTotpCode(secret));
  await page.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expectPage(page).toShowText(successToasts.twoFactorOn);
  await expectPage(page).toShowText(successToasts.signInWithCode);
  await page.waitForURL(e2e.url('/'));
  return secret;
}

/** The refresh token the signed-in page holds (Amplify keeps it in localStorage). */
async function pageRefreshToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.refreshToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('no refresh token in the signed-in page');
  return token;
}

journey(
  'two-factor: a client sets up an authenticator app; the next sign-in asks for its code, a wrong one may be retried',
  e2e,
  async ({ page }) => {
    const { email } = await e2e.client.newClient('twofa');
    await signIn(page, e2e, email);
    await page.waitForURL(/\/dashboard$/);
    await openAccount(page);
    await expectPage(page).toShowText(email);
    await expectPage(page).toShowText('Protect your account with a second step at sign-in');

    const secret = await setUpTwoFactor(page);
    await signIn(page, e2e, email); // the test client does not know the secret: the code is typed below
    await expectPage(page).toShowText(CODE_STEP);
    expect(page.url()).toBe(e2e.url('/'));

    await page.getByLabel('Authentication code').fill(wrongTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectPage(page).toShowText(errors.twoFactor.wrongCode);
    // Still the code step, its field cleared for the next try.
    await expectPage(page).toShowText(CODE_STEP);
    expect(await page.getByLabel('Authentication code').inputValue()).toBe('');
    expect(page.url()).toBe(e2e.url('/'));

    await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Welcome, Test');
  },
);

journey(
  'two-factor: an admin without it is sent from /admin to /account, sets it up, and signing in again with a code opens the console',
  e2e,
  async ({ page }) => {
    const { email } = await e2e.client.newAdmin({ twoFactor: false });
    await signIn(page, e2e, email);
    // The route guard sends an administrator to /admin, whose guard sends one without two-factor on.
    await page.waitForURL(/\/account$/);
    await page.goto(e2e.url('/admin'));
    await page.waitForURL(/\/account$/);
    await expectPage(page).toShowText('Two-factor sign-in required');
    await expectPage(page).toShowText(apiMessages.twoFactorRequired);
    await expectPage(page).toShowText('Set it up below with an authenticator app.');
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);

    const secret = await setUpTwoFactor(page);
    // The password-only session has ended: the console opens only after a sign-in with a code.
    await signIn(page, e2e, email);
    await expectPage(page).toShowText(CODE_STEP);
    await page.getByLabel('Authentication code').fill(await freshTotpCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/admin$/);
    await expectPage(page).toShowText('Admin Dashboard');
    await expectPage(page).toShowText('Client Management');
  },
);

journey(
  "two-factor: an admin's password-only session left open in a browser gains no console when the factor is set up elsewhere: it is signed out, to sign in with a code",
  e2e,
  async ({ page }) => {
    const { email } = await e2e.client.newAdmin({ twoFactor: false });
    await signIn(page, e2e, email);
    await page.waitForURL(/\/account$/); // no factor yet: sent to set it up
    // Set up from another session (the admin's phone, or someone who has the password).
    await e2e.client.setUpTotp(await e2e.client.signIn(email));

    await page.goto(e2e.url('/admin'));
    await expectPage(page).toShowText(apiMessages.adminSignInAgain);
    await page.waitForURL(e2e.url('/'));
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);

    // With the code this time (the test client knows the secret it set up, and `signIn` types its code).
    await signIn(page, e2e, email);
    await page.waitForURL(/\/admin$/);
    await expectPage(page).toShowText('Admin Dashboard');
  },
);

journey(
  'password: changed on /account, every session ends (another device too) and sign-in asks again; the old one then fails, the new one works',
  e2e,
  async ({ page }) => {
    const { email } = await e2e.client.newClient('passwd');
    const other = await e2e.client.signIn(email); // a second device
    const fresh = 'N3w-Secret!';
    await signIn(page, e2e, email);
    await page.waitForURL(/\/dashboard$/);
    await openAccount(page);

    await page.getByLabel('Current password', { exact: true }).fill('Passw0rd!');
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm new password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Change password', exact: true }).click();
    await expectPage(page).toShowText(successToasts.passwordChanged);
    await expectPage(page).toShowText(successToasts.signInWithNewPassword);
    await page.waitForURL(e2e.url('/'));
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    expect(await e2e.client.refresh(other.refreshToken)).toEqual({ status: 400, type: 'NotAuthorizedException' });

    await signIn(page, e2e, email); // the old password
    await expectPage(page).toShowText(errors.signIn.wrongPassword);
    expect(page.url()).toBe(e2e.url('/'));

    await signIn(page, e2e, email, fresh);
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Welcome, Test');
  },
);

journey(
  'sessions: "Sign out of all devices" lands on sign-in and ends the sessions elsewhere too',
  e2e,
  async ({ page }) => {
    const first = await e2e.client.newClient('everywhere');
    const other = await e2e.client.signIn(first.email); // a second device
    await signIn(page, e2e, first.email);
    await page.waitForURL(/\/dashboard$/);
    const own = await pageRefreshToken(page);
    expect((await e2e.client.refresh(other.refreshToken)).status).toBe(200);

    await openAccount(page);
    await page.getByRole('button', { name: 'Sign out of all devices' }).click();
    await page.waitForURL(e2e.url('/'));
    await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
    await expectPage(page).toShowText(successToasts.signedOutEverywhere);

    for (const token of [other.refreshToken, first.refreshToken, own]) {
      expect(await e2e.client.refresh(token)).toEqual({ status: 400, type: 'NotAuthorizedException' });
    }
    await page.goto(e2e.url('/dashboard'));
    await page.waitForURL(e2e.url('/'));
  },
);

journey('names: changed on /account, the dashboard greets with the new first name', e2e, async ({ page }) => {
  const { email } = await e2e.client.newClient('names');
  await signIn(page, e2e, email);
  await page.waitForURL(/\/dashboard$/);
  await expectPage(page).toShowText('Welcome, Test');
  await openAccount(page);

  const save = page.getByRole('form', { name: 'Profile' }).getByRole('button', { name: 'Save', exact: true });
  expect(await save.isDisabled()).toBe(true); // nothing changed yet
  await page.getByLabel('First name', { exact: true }).fill('Zelda');
  await page.getByLabel('Last name', { exact: true }).fill('Quill');
  await save.click();
  await expectPage(page).toShowText(successToasts.profileUpdated);

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  await expectPage(page).toShowText('Welcome, Zelda');
  await page.reload();
  await expectPage(page).toShowText('Welcome, Zelda');
  expect(await page.getByText('Welcome, Test').count()).toBe(0);
});

journey(
  'two-factor on a phone: the otpauth: link and the key come first, the QR code (for another device) after them',
  e2e,
  async ({ page }) => {
    const { email } = await e2e.client.newClient('qr');
    await signIn(page, e2e, email);
    await page.waitForURL(/\/dashboard$/);
    await page.goto(e2e.url('/account'));
    await startSetUp(page);
    const key = page.getByTestId('totp-key');
    await key.waitFor();
    await page.getByText('Drawing the QR code...').waitFor({ state: 'hidden' });
    expect(await page.getByText('The QR code could not be drawn. Type the key instead.').count()).toBe(0);
    const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;/);
    const link = page.getByRole('link', { name: 'Open in authenticator app' });
    const secret = (await key.innerText()).replace(/\s/g, '');
    expect(await link.getAttribute('href')).toBe(
      `otpauth://totp/Aurum:${encodeURIComponent(email)}?secret=${secret}&issuer=Aurum`,
    );
    const top = async (l: typeof qr) => (await l.boundingBox())?.y ?? Number.NaN;
    expect(await top(link)).toBeLessThan(await top(key));
    expect(await top(key)).toBeLessThan(await top(qr));
  },
  { viewport: { width: 390, height: 844 } },
);

journey(
  'e-mail notifications: a client turns deposit e-mails off; a deposit then sends none, a withdrawal still does',
  e2e,
  async ({ page }) => {
    const client = await e2e.client.newClient('quiet');
    await signIn(page, e2e, client.email);
    await page.waitForURL(/\/dashboard$/);
    await openAccount(page);

    const emails = page.getByRole('form', { name: 'E-mail notifications' });
    const deposits = emails.getByRole('checkbox', { name: /Deposits/ });
    expect(await deposits.isChecked()).toBe(true);
    expect(await emails.getByRole('checkbox', { name: /Weekly growth summary/ }).count()).toBe(0); // admins only
    await deposits.uncheck();
    await emails.getByRole('button', { name: 'Save', exact: true }).click();
    await expectPage(page).toShowText(successToasts.emailPreferencesSaved);
    await page.reload();
    expect(
      await page
        .getByRole('form', { name: 'E-mail notifications' })
        .getByRole('checkbox', { name: /Deposits/ })
        .isChecked(),
    ).toBe(false);

    const admin = await e2e.client.signIn('admin@example.com');
    expect(
      (
        await e2e.client.call('addDeposit', {
          token: admin.accessToken,
          params: { id: client.sub },
          body: { amount: 250 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await e2e.client.call('processWithdrawal', {
          token: admin.accessToken,
          params: { id: client.sub },
          body: { amount: 20 },
        })
      ).status,
    ).toBe(200);
    // The withdrawal's record follows the deposit's on the stream: once its e-mail is in, the deposit's would be too.
    const deadline = Date.now() + 15_000;
    let subjects: string[] = [];
    while (!subjects.includes('Withdrawal of $20.00 processed') && Date.now() < deadline) {
      subjects = (await e2e.client.mailbox(client.email)).map((m) => m.subject);
      await page.waitForTimeout(200);
    }
    expect(subjects).toContain('Withdrawal of $20.00 processed');
    expect(subjects.filter((s) => s.startsWith('Deposit'))).toEqual([]);
  },
);
