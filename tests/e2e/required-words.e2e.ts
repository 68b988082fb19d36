/**
 * The product's required words (docs/product.md, "Required words") on the real local stack, in a
 * real browser: each screen opened and driven as a person would, and every text the list gives
 * its state read from what the page shows, counts, dates and amounts as their shapes. States only
 * a failing server or a held answer shows (loading, load failures, a refusal without a message)
 * are the web test's (web/src/required-words.test.tsx); this journey says which, so the two cover
 * the whole list. Then the dashboard's range headline against the history API: over a range with a
 * deposit, the gain is the growth credited, never the balance's change.
 */
import { agreementWords } from '../../shared/client-agreement';
import type { Page } from 'playwright-core';
import type { HistoryPointDto } from '../../shared/api';
import { addCalendarMonthsUtc, eligibleAt } from '../../shared/eligibility';
import { dollarsToCents, formatUsd } from '../../shared/money';
import { isCounted, missingTexts, readRequiredWords, textPattern } from '../../web/src/test/required-words';
import { chooseRowAction, clientRow, eventually } from './support/admin';
import { answerOf, answers, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E({
  privateStack: "it resets bob's password, withdraws from alice and moves money on bob, which other files read",
});
const words = readRequiredWords();

const ALICE = 'alice@example.com';
const BOB = 'bob@example.com';
const ADMIN = 'admin@example.com';
const HOUR = 3_600_000;

/** The states and failures of the list this journey does not reach, and why: the web test holds them. */
const NOT_HERE: Record<string, string> = {
  '/dashboard | the session is being read': 'a moment the browser passes through',
  '/dashboard | the portfolio is loading': 'a moment the browser passes through',
  '/dashboard | the portfolio cannot be loaded': 'needs the API down',
  '/admin | the console is loading': 'a moment the browser passes through',
  '/admin | there is no client': 'the demo data has clients',
  "/admin | a client's transactions are loading": 'a moment the browser passes through',
  '/admin/withdrawal-alerts | the console is loading': 'a moment the browser passes through',
  '/admin/withdrawal-alerts | the alerts are loading': 'a moment the browser passes through',
  '/admin/withdrawal-alerts | no deposit is near eligibility': 'the demo data has deposits near eligibility',
  '/ | Sign-in failed | Invalid email address': 'the local user pool takes any address the form lets through',
  '/ | Sign-in failed | Too many failed attempts. Please try again later':
    'would lock a demo account for the rest of the file',
  '/ | Sign-in failed | An error occurred during sign in': 'needs the user pool to fail',
  '/ | Sign-in failed | This domain is not authorized for Google sign-in. Please use email/password sign-in instead, or contact support to authorize this domain.':
    'the local stack has Google sign-in',
  '/signup | Sign-up failed | Invalid email address': 'the form refuses such an address before the user pool sees it',
  '/signup | Sign-up failed | Password should be at least 6 characters long':
    'the form refuses such a password before the user pool sees it',
  '/forgot-password | Reset failed | Invalid email address':
    'the form refuses such an address before the user pool sees it',
  '/dashboard | Request Failed | Failed to connect to server. Please try again.': 'needs the API down',
  '/dashboard | Refresh failed | Could not update portfolio data. Please try again.': 'needs the API down',
  '/dashboard | Sign-out failed | An unexpected error occurred. Please try again.': 'needs the user pool down',
  '/dashboard | Error | Failed to load transaction history': 'needs the API down',
  '/admin | Error | Failed to load clients data': 'needs the API down',
  '/admin | Error | Failed to connect to server': 'needs the API down',
  '/admin | Error | Failed to add deposit': 'needs a refusal without a message',
  '/admin | Error | Failed to process withdrawal': 'needs a refusal without a message',
  '/admin | Error | Failed to update balance': 'needs a refusal without a message',
  '/admin | Error | Failed to delete client': 'needs a refusal without a message',
  '/admin | Error | Failed to load transaction history': 'needs the API down',
  '/admin/withdrawal-alerts | Error | Failed to load withdrawal alerts': 'needs the API down',
};

const stateKeys = () => [...new Set(words.texts.map((t) => `${t.screen} | ${t.when}`))];
const failureKeys = () => words.errors.map((e) => `${e.screen} | ${e.title} | ${e.message}`);
const textsOf = (key: string) => words.texts.filter((t) => `${t.screen} | ${t.when}` === key).map((t) => t.text);

/** One administrator's API session for the file: each sign-in spends an authenticator code. */
let adminSession: ReturnType<typeof e2e.client.signIn> | undefined;
const adminApi = () => (adminSession ??= e2e.client.signIn(ADMIN));

/** What the journeys checked, to hold them to the whole list at the end. */
const checked = new Set<string>();

/** The page's readable text: what it shows, and its fields' placeholders. */
const pageText = (page: Page) =>
  page.evaluate(() =>
    [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('[placeholder]'), (el) => el.getAttribute('placeholder') ?? ''),
    ].join('\n'),
  );

/** Waits up to 10 s for every text of the state `key`; adds what it misses, named, to `missing`. */
async function checkState(page: Page, key: string, missing: string[]): Promise<void> {
  const texts = textsOf(key);
  if (texts.length === 0) throw new Error(`docs/product.md lists no state "${key}"`);
  checked.add(key);
  let left: string[];
  for (const deadline = Date.now() + 10_000; ; await page.waitForTimeout(250)) {
    left = missingTexts(await pageText(page), texts);
    if (left.length === 0 || Date.now() > deadline) break;
  }
  missing.push(...left.map((text) => `${key}: ${text}`));
}

/** Whether an element shows `title` and nothing else, visibly. */
const showsTitle = (page: Page, title: string) =>
  page.evaluate(
    (t) =>
      Array.from(document.body.querySelectorAll('*')).some(
        (el) => el.children.length === 0 && el.textContent?.trim() === t && (el as HTMLElement).offsetParent !== null,
      ),
    title,
  );

/** Waits up to 10 s for a failure's title and message; adds what it misses, named, to `missing`. */
async function checkFailure(page: Page, key: string, missing: string[]): Promise<void> {
  const failure = words.errors.find((e) => `${e.screen} | ${e.title} | ${e.message}` === key);
  if (!failure) throw new Error(`docs/product.md lists no failure "${key}"`);
  checked.add(key);
  let message: boolean;
  let title: boolean;
  for (const deadline = Date.now() + 10_000; ; await page.waitForTimeout(250)) {
    message = textPattern(failure.message).test(await pageText(page));
    title = await showsTitle(page, failure.title);
    if ((message && title) || Date.now() > deadline) break;
  }
  if (!message) missing.push(`${key}: the message`);
  if (!title) missing.push(`${key}: the title ${failure.title}`);
}

const noneMissing = (missing: string[]) => expect(missing).toEqual([]);

it('reaches every state and failure of the list, or says why the web test holds it instead', () => {
  const listed = [...stateKeys(), ...failureKeys()];
  expect(listed.length).toBeGreaterThan(0);
  for (const key of Object.keys(NOT_HERE)) expect(listed).toContain(key);
});

journey(
  'the signed-out screens: sign-in, sign-up with its checks and its code, the reset, a page that does not exist',
  e2e,
  async ({ page }) => {
    const missing: string[] = [];
    await page.goto(e2e.url('/'));
    await checkState(page, '/ | the page opens', missing);
    await page.getByLabel('Email').fill(BOB);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await checkFailure(page, '/ | Sign-in failed | Incorrect password', missing);
    // Worded otherwise on purpose: an unknown address gets the same answer.
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.getByText('Incorrect password').first().waitFor();
    expect(await pageText(page)).not.toContain('No account found with this email address');

    await page.goto(e2e.url('/signup'));
    await checkState(page, '/signup | the page opens', missing);
    const fill = async (email: string, password: string, confirm: string) => {
      await page.getByLabel('First name').fill('Wanda');
      await page.getByLabel('Last name').fill('Words');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByLabel('Confirm password').fill(confirm);
      await page.getByRole('checkbox', { name: agreementWords.accept }).check();
      await page.getByRole('button', { name: 'Create Account' }).click();
    };
    const email = `words-${Date.now()}@example.com`;
    await fill(email, 'secret1', 'secret2');
    await checkFailure(
      page,
      "/signup | Password mismatch | Passwords don't match. Please check and try again.",
      missing,
    );
    await fill(email, 'abcde', 'abcde');
    await checkFailure(page, '/signup | Password too short | Password should be at least 6 characters long.', missing);
    await fill(ALICE, 'secret1', 'secret1');
    await checkFailure(page, '/signup | Sign-up failed | An account already exists with this email address', missing);
    await fill(email, 'secret1', 'secret1');
    await page.getByLabel('Verification code').waitFor();
    const code = await eventually(async () => {
      const found = (await e2e.client.mailbox(email))[0]?.code;
      if (!found) throw new Error(`no code mailed to ${email}`);
      return found;
    });
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await checkState(page, '/signup | the e-mailed code confirms the account', missing);
    await page.waitForURL(/\/dashboard$/);

    const fresh = await e2e.browser.newContext();
    try {
      const reset = await fresh.newPage();
      await reset.goto(e2e.url('/forgot-password'));
      await checkState(reset, '/forgot-password | the page opens', missing);
      await reset.getByLabel('Email').fill(BOB);
      await reset.getByRole('button', { name: 'Send Reset Link' }).click();
      await checkState(reset, '/forgot-password | the reset e-mail is sent', missing);
      expect(await pageText(reset)).toContain(BOB);
      await reset.goto(e2e.url('/no-such-page'));
      await checkState(reset, '* | the page opens', missing);
    } finally {
      await fresh.close();
    }
    noneMissing(missing);
  },
  {},
  180_000,
);

journey(
  "a client's dashboard: the cards, the history, a refresh, the request dialog's checks and a request",
  e2e,
  async ({ page }) => {
    // A withdrawal on Alice's books, for the history's "Processed" (the demo data has deposits only).
    const admin = await adminApi();
    const aliceId = (await e2e.client.allClients(admin.accessToken)).find((c) => c.email === ALICE)?.id;
    if (!aliceId) throw new Error(`${ALICE} is not a client`);
    const withdrawn = await e2e.client.call('processWithdrawal', {
      token: admin.accessToken,
      params: { id: aliceId },
      body: { amount: 1, note: 'required words' },
    });
    expect(withdrawn.status).toBe(200);

    const missing: string[] = [];
    await signIn(page, e2e, ALICE);
    await checkState(page, '/ | a client signs in', missing);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('balance').waitFor();
    await checkState(page, '/dashboard | the portfolio is shown', missing);
    await page.getByRole('button', { name: 'Show' }).click();
    await checkState(page, '/dashboard | the transaction history is opened', missing);
    await page.getByRole('button', { name: 'Refresh' }).first().click();
    await checkState(page, '/dashboard | the portfolio is refreshed', missing);

    const openDialog = async (amount: string) => {
      await page.getByRole('button', { name: 'Request Withdrawal' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Amount').fill(amount);
      await dialog.getByRole('button', { name: /^(Review|Submit Request)$/ }).click();
      return dialog;
    };
    let dialog = await openDialog('0');
    await checkFailure(page, '/dashboard | Invalid Amount | Please enter a valid withdrawal amount', missing);
    await dialog.getByLabel('Amount').fill('99999999');
    await dialog.getByRole('button', { name: /^(Review|Submit Request)$/ }).click();
    await checkFailure(
      page,
      '/dashboard | Amount Too High | You can only withdraw up to {amount} in eligible profit',
      missing,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    dialog = await openDialog('100');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await checkState(page, '/dashboard | a withdrawal request is sent', missing);
    noneMissing(missing);
  },
  {},
  180_000,
);

/** A deposit date whose eligibility falls between `fromHours` and `toHours` from now (negative: passed). */
function datedForEligibility(now: number, fromHours: number, toHours: number): string {
  const start = addCalendarMonthsUtc(now, -6);
  for (let h = -72; h <= 72; h++) {
    const at = start + h * HOUR;
    const left = eligibleAt(at) - now;
    if (left > fromHours * HOUR && left <= toHours * HOUR) return new Date(at).toISOString();
  }
  throw new Error(`no deposit date becomes eligible between ${fromHours} h and ${toHours} h from now`);
}

journey(
  'the console and the withdrawal alerts: cards, sorting, search, transactions, each money move and its checks, the badges',
  e2e,
  async ({ page }) => {
    // A client whose deposits are eligible today and tomorrow (with Alice's 5 days: every badge's form),
    // and one with no transaction.
    const admin = await adminApi();
    const near = await e2e.client.newClient('near');
    const now = Date.now();
    for (const [from, to] of [
      [-20, -4],
      [4, 20],
    ] as const) {
      const res = await e2e.client.fund(admin, near, 100, {
        timestamp: datedForEligibility(now, from, to),
        note: 'near eligibility',
      });
      expect(res.status).toBe(200);
    }
    const empty = await e2e.client.newClient('empty');

    const missing: string[] = [];
    await signIn(page, e2e, ADMIN);
    await page.waitForURL(/\/admin$/);
    await clientRow(page, ALICE).waitFor();
    await checkState(page, '/admin | the clients are shown', missing);

    const highest = page.getByRole('button', { name: 'Highest First' });
    await ((await highest.count()) > 0 ? highest : page.getByRole('button', { name: /^Balance/ })).first().click();
    await checkState(page, '/admin | the clients are sorted by balance', missing);

    const search = page.getByLabel('Search clients by email...');
    await search.fill('nobody-at-all');
    await checkState(page, '/admin | a search matches no client', missing);
    await search.fill('');
    await clientRow(page, ALICE).waitFor();

    await chooseRowAction(page, ALICE, 'Transactions');
    await checkState(page, "/admin | a client's transactions are shown", missing);
    await page.keyboard.press('Escape');
    await chooseRowAction(page, empty.email, 'Transactions');
    await checkState(page, '/admin | a client has no transaction', missing);
    await page.keyboard.press('Escape');

    await chooseRowAction(page, BOB, 'Delete client');
    await checkState(page, '/admin | Delete client is chosen', missing);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    /** A money dialog on `email`: the amount typed, reviewed, confirmed when asked. */
    const move = async (
      email: string,
      item: 'Deposit' | 'Withdraw' | 'Edit balance',
      amount: string,
      confirm: boolean,
    ) => {
      await chooseRowAction(page, email, item);
      const dialog = page.getByRole('dialog');
      const input = dialog.getByLabel(/^(Amount|New balance)$/);
      await input.fill(amount);
      await dialog.getByRole('button', { name: 'Review' }).click();
      if (!confirm) return;
      await dialog.getByRole('button', { name: /^Confirm / }).click();
      await dialog.waitFor({ state: 'detached' });
    };
    const close = async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    };
    await move(BOB, 'Deposit', '', false);
    await checkFailure(page, '/admin | Invalid Amount | Please enter a valid positive deposit amount', missing);
    await close();
    await move(BOB, 'Withdraw', '', false);
    await checkFailure(page, '/admin | Invalid Amount | Please enter a valid positive withdrawal amount', missing);
    await close();
    await move(BOB, 'Edit balance', '-1', false);
    await checkFailure(page, '/admin | Invalid Amount | Please enter a valid positive number', missing);
    await close();
    await move(BOB, 'Deposit', '10', true);
    await checkState(page, '/admin | a deposit is added', missing);
    await move(BOB, 'Withdraw', '5', true);
    await checkState(page, '/admin | a withdrawal is processed', missing);
    await move(near.email, 'Edit balance', '250', true);
    await checkState(page, '/admin | a balance is edited', missing);

    await page.goto(e2e.url('/admin/withdrawal-alerts'));
    await page.getByText('Upcoming Withdrawal Eligibility').waitFor();
    await checkState(page, '/admin/withdrawal-alerts | the alerts are shown', missing);
    // A counted word in both its forms: "1 day remaining" (tomorrow's) and "N days remaining" (Alice's).
    const shown = await pageText(page);
    for (const { text } of words.texts.filter(
      (t) => t.screen === '/admin/withdrawal-alerts' && isCounted(t.text) && t.text.includes('remaining'),
    )) {
      const singular = textPattern(text.replace(/\bN ([A-Za-z]+)\(s\)/, '1 $1'));
      if (!singular.test(shown))
        missing.push(`/admin/withdrawal-alerts | the alerts are shown: ${text} in the singular`);
    }
    noneMissing(missing);
  },
  {},
  300_000,
);

journey(
  "the chart's headline over a range with deposits is the growth the history credited, not the balance's change",
  e2e,
  async ({ page }) => {
    const historyAnswer = page.waitForResponse(answers('getHistory'));
    await signIn(page, e2e, ALICE);
    await page.waitForURL(/\/dashboard$/);
    const { data: points } = await answerOf('getHistory', await historyAnswer);

    await page.getByRole('group', { name: 'Chart range' }).getByRole('button', { name: 'All' }).click();
    const headline = page.getByTestId('range-gain');
    try {
      await headline.waitFor({ timeout: 10_000 });
    } catch {
      throw new Error('the dashboard shows no range headline (data-testid="range-gain")');
    }
    const text = (await headline.innerText()).trim();
    const gain = /^([+\-−])(\$[\d,]+\.\d{2}) \(/.exec(text);
    if (!gain) throw new Error(`the headline "${text}" does not begin with a signed dollar gain and its percent`);
    const sign = gain[1] === '+' ? 1 : -1;
    const gainCents = sign * Math.round(Number((gain[2] as string).replace(/[$,]/g, '')) * 100);

    // "All" holds every point; the range has deposits after its first point.
    const inRange: HistoryPointDto[] = points;
    expect(inRange.slice(1).filter((p) => p.kind === 'deposit').length).toBeGreaterThan(0);
    const growthCents = inRange
      .filter((p) => p.kind === 'growth')
      .reduce((sum, p) => sum + dollarsToCents(p.amount), 0);
    expect({ headline: text, gain: gainCents }).toEqual({ headline: text, gain: growthCents });
    // The figure as shared/money writes an amount, after its sign.
    expect(text.slice(1).startsWith(formatUsd(Math.abs(gainCents)))).toBe(true);

    const first = inRange[0] as HistoryPointDto;
    const last = inRange.at(-1) as HistoryPointDto;
    const change = dollarsToCents(last.balance) - dollarsToCents(first.balance);
    expect(gainCents).not.toBe(change);
    expect(gainCents).not.toBe(dollarsToCents(last.balance));
  },
);

// Last, after the journeys: what none of them read is a state they no longer reach (or one whose journey failed first).
it('read every state and failure of the list, but those the web test holds for the reason given', () => {
  const unread = [...stateKeys(), ...failureKeys()].filter((key) => !checked.has(key) && !(key in NOT_HERE));
  expect(unread).toEqual([]);
});
