/**
 * Onboarding with review by the firm, in a real Chromium against a stack started with
 * CLIENT_SIGN_UP=review: a visitor signs up and is told the account is being reviewed, with no
 * funding instructions anywhere on the page; an administrator approves the application on the
 * Applications page; the client reloads and reads how to fund the account.
 */
import { LOCAL_FUNDING_INSTRUCTIONS } from '../../infra/local/funding-instructions';
import { expect as expectPage } from './support/expect';
import { asDemoAdmin, journey, useE2E } from './support/e2e';
import { agreementWords } from '../../shared/client-agreement';

// Its own stack: the run's shared stack signs clients up open.
const e2e = useE2E({
  privateStack: 'sign-ups reviewed by the firm (CLIENT_SIGN_UP=review)',
  env: { CLIENT_SIGN_UP: 'review' },
});

journey(
  'a new client waits for review, an administrator approves, the client reads how to fund',
  e2e,
  async ({ page }) => {
    const email = `applicant-${Date.now()}@example.com`;
    await page.goto(e2e.url('/signup'));
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Applicant');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('checkbox', { name: agreementWords.accept }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('Verification code').waitFor();
    const [mail] = await e2e.client.mailbox(email);
    if (!mail?.code) throw new Error('no code in the mailbox');
    await page.getByLabel('Verification code').fill(mail.code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('We are reviewing your account');
    for (const line of LOCAL_FUNDING_INSTRUCTIONS) expect(await page.getByText(line).count()).toBe(0);
    expect(await page.getByText('Fund your account').count()).toBe(0);

    await asDemoAdmin(e2e, async (console) => {
      await console
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: /Applications/ })
        .click();
      await console.waitForURL(/\/admin\/applications$/);
      const row = console.getByRole('listitem', { name: `Application of ${email}` });
      await row.getByRole('button', { name: 'Approve' }).click();
      const dialog = console.getByRole('dialog', { name: 'Approve application' });
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await expectPage(console).toShowText('Ada Applicant approved');
      await row.waitFor({ state: 'detached' });
    });

    await page.reload();
    await expectPage(page).toShowText('Fund your account');
    for (const line of LOCAL_FUNDING_INSTRUCTIONS) await expectPage(page).toShowText(line);
    expect(await page.getByText('We are reviewing your account').count()).toBe(0);
  },
);
