/**
 * An invitation's whole way in a real Chromium against the real local stack: the administrator
 * invites someone on the console, the invitee opens the link from the local mailbox, finds the
 * form filled in with a word of who invited them, chooses a password, types the code and lands
 * on the dashboard; the console then lists the invitation as used.
 */
import { expect as expectPage } from './support/expect';
import { asDemoAdmin, DEMO_ADMIN_EMAIL, journey, useE2E } from './support/e2e';
import { LOCAL_FUNDING_INSTRUCTIONS } from '../../infra/local/funding-instructions';
import { agreementWords } from '../../shared/client-agreement';

const e2e = useE2E();

const ADMIN = DEMO_ADMIN_EMAIL;

/** The invitation's link in the mailbox, once the notifier has sent it. */
async function invitationLink(email: string): Promise<URL> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mail = (await e2e.client.mailbox(email)).find((m) => m.subject.startsWith('You are invited'));
    if (mail?.link) return new URL(mail.link);
    if (Date.now() > deadline) throw new Error(`no invitation mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

journey(
  'an invitation: sent on the console, opened from the mailbox, the form filled in, signed up, the dashboard',
  e2e,
  async ({ page }) => {
    const email = `invitee-${Date.now()}@example.com`;
    await asDemoAdmin(e2e, async (admin) => {
      await admin
        .getByRole('navigation', { name: 'Administration' })
        .getByRole('link', { name: 'Invitations' })
        .click();
      await admin.waitForURL(/\/admin\/invitations$/);
      const form = admin.getByRole('form', { name: 'Invite a client' });
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('First name').fill('Iris');
      await form.getByLabel('Last name').fill('Invited');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      await expectPage(admin).toShowText('Invitation sent');
      await admin.getByRole('table', { name: 'Invitations' }).getByText(email).waitFor();
    });

    const link = await invitationLink(email);
    await page.goto(e2e.url(`${link.pathname}${link.search}`));
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    await expectPage(page).toShowText('Choose a password to open your account.');
    expect(await page.getByLabel('First name').inputValue()).toBe('Iris');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Invited');
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await page.getByRole('checkbox', { name: agreementWords.accept }).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByLabel('Verification code').waitFor();
    const code = (await e2e.client.mailbox(email)).find((m) => m.code)?.code;
    if (!code) throw new Error('no code in the mailbox');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Welcome, Iris');
    // Opened at once: told how to fund, and funded when the firm records the deposit.
    for (const line of LOCAL_FUNDING_INSTRUCTIONS) await expectPage(page).toShowText(line);
    const client = await e2e.client.signIn(email, 'secret1');
    const admin = await e2e.client.signIn(ADMIN);
    const deposit = await e2e.client.call('addDeposit', {
      token: admin.accessToken,
      params: { id: client.sub },
      body: { amount: 2500 },
    });
    expect(deposit.status).toBe(200);
    await page.reload();
    await expectPage(page).toShowText('$2,500.00');

    await asDemoAdmin(e2e, async (admin) => {
      await admin.goto(e2e.url('/admin/invitations'));
      const row = admin.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
      await row.getByText('Used').waitFor();
    });
  },
);
