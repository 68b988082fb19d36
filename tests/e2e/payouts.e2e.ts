/**
 * A payout's whole way in a real Chromium against the real local stack: a client with eligible
 * profit and no payout account is told to add one, adds an IBAN on the account page with the
 * password (a wrong one refused at its field), waits out the cooling-off, requests a withdrawal
 * that names the account; an administrator approves it seeing where it goes, marks it sent with
 * the bank's reference; the client sees it sent with the reference and is e-mailed.
 */
import type { Page } from 'playwright-core';
import { expect as expectPage } from './support/expect';
import { asDemoAdmin, DEMO_ADMIN_EMAIL, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E();

const ADMIN = DEMO_ADMIN_EMAIL;
const DAY_MS = 86_400_000;

/** The client's payout card: adds the IBAN with the password, after a wrong IBAN and a wrong password are refused at their fields. */
async function addIban(page: Page): Promise<void> {
  const card = page.locator('#payout-account');
  await card.getByRole('button', { name: 'Add payout account' }).click();
  const form = page.getByRole('form', { name: 'Payout account' });
  await form.getByLabel('Account holder').fill('Pat Example');
  await form.getByLabel('Bank name').fill('First Example Bank');
  await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 01');
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByRole('button', { name: 'Save payout account' }).click();
  await expectPage(page).toShowText('This IBAN is not valid: check it against your bank statement');
  await form.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await form.getByRole('button', { name: 'Save payout account' }).click();
  await expectPage(page).toShowText('Your current password is incorrect');
  await form.getByLabel('Current password').fill('Passw0rd!');
  await form.getByRole('button', { name: 'Save payout account' }).click();
  await card.getByText('IBAN DE•• ending 3000').waitFor();
  await expectPage(page).toShowText('Pat Example');
}

journey(
  'a payout: no account, one added, its cooling-off, a request, approved, marked sent, seen sent with the reference',
  e2e,
  async ({ page }) => {
    const admin = await e2e.client.signIn(ADMIN);
    const client = await e2e.client.newClient('payout', { payoutAccount: false });
    const eligible = new Date(Date.now() - 200 * DAY_MS).toISOString();
    expect((await e2e.client.fund(admin, client, 5_000, { timestamp: eligible })).status).toBe(200);

    await signIn(page, e2e, client.email);
    await page.waitForURL(/\/dashboard$/);
    await expectPage(page).toShowText('Add a payout account before requesting a withdrawal');
    expect(await page.getByRole('button', { name: 'Request Withdrawal' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Add a payout account' }).click();
    await page.waitForURL(/\/account#payout-account$/);
    await addIban(page);
    // Usable only after the cooling-off: the card and the dashboard say from when.
    await expectPage(page).toShowText('can be paid to it from');

    await page.goto(e2e.url('/dashboard'));
    await expectPage(page).toShowText('Your payout account was changed recently');
    expect(await page.getByRole('button', { name: 'Request Withdrawal' }).count()).toBe(0);

    await e2e.client.endCoolingOff(client.sub);
    await page.reload();
    await expectPage(page).toShowText('Paid to: IBAN DE•• ending 3000 · First Example Bank');
    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    await dialog.getByLabel('Amount').fill('100');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog.getByText('IBAN DE•• ending 3000', { exact: false }).first().waitFor();
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.waitFor({ state: 'detached' });
    const request = page.getByRole('list', { name: 'Withdrawal requests' }).getByRole('listitem').first();
    await request.filter({ hasText: 'Pending' }).waitFor();

    const reference = `WIRE-E2E-${Date.now()}`;
    await asDemoAdmin(e2e, async (console) => {
      const row = console.getByRole('listitem', { name: `Withdrawal request of ${client.email}` });
      await row.getByRole('button', { name: 'Approve' }).click();
      const approve = console.getByRole('dialog', { name: 'Approve withdrawal request' });
      await approve.getByText('IBAN DE•• ending 3000', { exact: false }).first().waitFor();
      await approve.getByRole('button', { name: 'Confirm approval' }).click();
      await expectPage(console).toShowText('Withdrawal approved');

      await console.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Payouts' }).click();
      await console.waitForURL(/\/admin\/payouts$/);
      const payout = console.getByRole('listitem', { name: `Payout to ${client.email}` });
      await payout.getByText('IBAN DE•• ending 3000', { exact: false }).first().waitFor();
      await payout.getByRole('button', { name: 'Mark sent' }).click();
      const mark = console.getByRole('dialog', { name: 'Mark payout sent' });
      await mark.getByLabel('Bank reference').fill(reference);
      await mark.getByRole('button', { name: 'Mark sent' }).click();
      await mark.waitFor({ state: 'detached' });
      await payout.waitFor({ state: 'detached' });
    });

    await page.reload();
    const sent = page.getByRole('list', { name: 'Withdrawal requests' }).getByRole('listitem').first();
    await sent.getByText(reference, { exact: false }).waitFor();
    expect(await sent.innerText()).toMatch(/Sent/);
    await page.goto(e2e.url(`/__local/mailbox/latest?to=${encodeURIComponent(client.email)}`));
    const deadline = Date.now() + 15_000;
    while ((await page.title()) !== 'Your withdrawal was sent' && Date.now() < deadline) {
      await page.waitForTimeout(250);
      await page.reload();
    }
    await expectPage(page).toShowText(reference);
  },
);
