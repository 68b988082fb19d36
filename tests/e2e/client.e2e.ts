/**
 * A client's journeys in a real Chromium against the real local stack: sign-up with the code
 * from the mailbox, sign-in errors, password reset through the e-mail's link, guards, theme.
 */
import { expect as expectPage } from './support/expect';
import { journey, signIn, useE2E } from './support/e2e';
import { agreementWords } from '../../shared/client-agreement';

const e2e = useE2E();

journey(
  'new client: mismatched and short passwords, the agreement unticked, then sign-up, the mailbox code, the dashboard',
  e2e,
  async ({ page }) => {
    const email = `newbie-${Date.now()}@example.com`;
    await page.goto(e2e.url('/signup'));
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await expectPage(page).toShowText('Join the firm');
    await page.getByLabel('First name').fill('Nora');
    await page.getByLabel('Last name').fill('Newbie');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret2');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Said at the field, not in a toast.
    await expectPage(page).toShowText("Passwords don't match. Please check and try again.");
    expect(await page.getByLabel('Confirm password').getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Password', { exact: true }).fill('abc');
    await page.getByLabel('Confirm password').fill('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expectPage(page).toShowText('Password should be at least 6 characters long.');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The client agreement's box is required: said at the box, and nothing is sent.
    const agreement = page.getByRole('checkbox', { name: agreementWords.accept });
    await expectPage(page).toShowText(agreementWords.required);
    expect(await agreement.getAttribute('aria-invalid')).toBe('true');
    await agreement.check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('Verification code').waitFor();
    const [mail] = await e2e.client.mailbox(email);
    if (!mail?.code) throw new Error('no code in the mailbox');
    await page.getByLabel('Verification code').fill(mail.code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Portfolio Dashboard');
    await expectPage(page).toShowText('Welcome, Nora');
    await expectPage(page).toShowText('$0.00');
    // Accepted on the form: no prompt on the dashboard.
    expect(await page.getByRole('button', { name: 'Accept' }).count()).toBe(0);
  },
);

journey('sign-in errors: empty fields; an unknown e-mail and a wrong password look the same', e2e, async ({ page }) => {
  await page.goto(e2e.url('/'));
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  await expectPage(page).toShowText('Access your gold trading portfolio');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectPage(page).toShowText('Email is required');
  expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');

  // User-existence errors are prevented (docs/decisions/0004-enumeration-protection.md): who is a client cannot be probed.
  await signIn(page, e2e, 'nobody@example.com');
  await expectPage(page).toShowText('Incorrect password');
  expect(await page.getByText('No account found with this email address').count()).toBe(0);

  await signIn(page, e2e, 'alice@example.com', 'not-the-password');
  await expectPage(page).toShowText('Incorrect password');
  expect(page.url()).toBe(e2e.url('/'));
});

journey(
  'forgot password: the reset link from the e-mail, then a sign-in with the new password',
  e2e,
  async ({ page }) => {
    // A client of its own: the run's other files sign in as the seeded clients with their demo password.
    const { email } = await e2e.client.newClient('reset');
    await page.goto(e2e.url('/'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectPage(page).toShowText('Check your email');
    await expectPage(page).toShowText(email);
    await page.getByRole('button', { name: 'Try another email' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();

    // An address that is no client's gets the same answer, and no e-mail goes anywhere.
    await page.getByRole('textbox', { name: 'Email' }).fill('nobody-here@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expectPage(page).toShowText('Check your email');
    await expectPage(page).toShowText('nobody-here@example.com');
    expect(await e2e.client.mailbox('nobody-here@example.com')).toEqual([]);
    await page.getByRole('button', { name: 'Try another email' }).click();
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();

    // The client's mailbox holds its sign-up code too: the reset e-mail is the one with a link.
    const mail = (await e2e.client.mailbox(email)).find((m) => m.link !== null);
    if (!mail?.link) throw new Error('no link in the reset e-mail');
    await page.goto(mail.link);
    await page.getByLabel('New password').fill('Fresh-pass1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.waitForURL(e2e.url('/'));
    await signIn(page, e2e, email, 'Fresh-pass1');
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Welcome, Test');
  },
);

journey(
  'guards: a client on /admin lands on /dashboard; signed out, /dashboard goes to /; unknown paths are a 404',
  e2e,
  async ({ page }) => {
    await page.goto(e2e.url('/dashboard'));
    await page.waitForURL(e2e.url('/'));
    await page.goto(e2e.url('/no/such/page'));
    await expectPage(page).toShowText('404 Page Not Found');

    await signIn(page, e2e, 'alice@example.com');
    await page.waitForURL(/\/dashboard$/);
    await page.goto(e2e.url('/admin'));
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Portfolio Dashboard');
    expect(await page.getByText('Admin Dashboard').count()).toBe(0);

    // Signing out revokes the refresh token: a copy taken before (say, by a script) is dead after.
    const refreshToken = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => k.endsWith('.refreshToken'));
      return key ? localStorage.getItem(key) : null;
    });
    if (!refreshToken) throw new Error('no refresh token in the signed-in page');
    expect((await e2e.client.refresh(refreshToken)).status).toBe(200);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(e2e.url('/'));
    expect(await e2e.client.refresh(refreshToken)).toMatchObject({ status: 400, type: 'NotAuthorizedException' });
    await page.goto(e2e.url('/dashboard'));
    await page.waitForURL(e2e.url('/'));
  },
);

journey('theme: dark chosen survives a reload; system follows prefers-color-scheme', e2e, async ({ page }) => {
  await page.goto(e2e.url('/'));
  await page.getByLabel('Theme').selectOption('dark');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('aurum-portal:color-mode'))).toBe('dark');

  await page.getByLabel('Theme').selectOption('system');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome Back' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
});
