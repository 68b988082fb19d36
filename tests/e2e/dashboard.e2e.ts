/**
 * The client's dashboard in a real Chromium against the real local stack, phone first: the
 * phone's one-row header and first screen (by bounding box), the chart's ranges, the history's
 * months, growth and running balances against the API's history, the withdrawal flow (Max, errors
 * at the field, review, the pending request's reserve, cancel), a cancel an administrator beats,
 * a first-day client, and the week's change as the weekly job credits it.
 */
import type { Locator, Page } from 'playwright-core';
import type { HistoryPointDto } from '../../shared/api';
import { DAY_MS, WEEK_MS } from '../../shared/growth';
import { LOCAL_FUNDING_INSTRUCTIONS } from '../../infra/local/funding-instructions';
import { centsOf, eventually, usd } from './support/admin';
import { expect as expectPage } from './support/expect';
import { answerOf, answers, journey, signIn, useE2E } from './support/e2e';

const e2e = useE2E({
  privateStack:
    "its journeys read alice's history month by month and her withdrawal requests, which other files add to",
});

const ALICE = 'alice@example.com';
const ADMIN = 'admin@example.com';
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

async function openDashboard(page: Page, email: string): Promise<void> {
  await signIn(page, e2e, email);
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('balance').waitFor();
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`no box for ${locator.toString()}`);
  return found;
}

const cents = async (locator: Locator) => centsOf((await locator.innerText()).trim());

/** The history card's lines as shown, a fold's weeks (open or not) in its place: kind, amount and the balance after it. */
async function shownLines(page: Page): Promise<{ kind: string; amount: string; balance: string }[]> {
  const lines = page.locator('#transaction-history li[data-kind]');
  return lines.evaluateAll((items) =>
    items.map((li) => ({
      kind: (li as HTMLElement).dataset.kind ?? '',
      amount: li.querySelector('[data-testid="line-amount"]')?.textContent ?? '',
      balance: li.querySelector('[data-testid="line-balance"]')?.textContent ?? '',
    })),
  );
}

/** Each month shown: its key, its net change, its lines' amounts, its growth fold's amount and its weeks'. */
async function shownMonths(page: Page) {
  return page.locator('#transaction-history section[data-month]').evaluateAll((sections) =>
    sections.map((section) => {
      const texts = (selector: string) => [...section.querySelectorAll(selector)].map((e) => e.textContent ?? '');
      return {
        key: (section as HTMLElement).dataset.month ?? '',
        net: section.querySelector('[data-testid="month-net"] span')?.textContent ?? '',
        amounts: texts('li[data-kind] [data-testid="line-amount"]'),
        fold: section.querySelector('[data-testid="fold-amount"]')?.textContent ?? null,
        weeks: texts('li[data-kind="growth"] [data-testid="line-amount"]'),
      };
    }),
  );
}

/** "+$570.61" / "−$100.00" as signed cents. */
const signedCents = (text: string) => centsOf(text.replace('−', '-').replace('+', ''));
const total = (texts: readonly string[]) => texts.reduce((sum, t) => sum + signedCents(t), 0);

/** "+$570.61" / "−$100.00", as the history card writes a point's amount. */
const movement = (amountCents: number) => `${amountCents >= 0 ? '+' : '−'}${usd(Math.abs(amountCents))}`;

journey(
  'on a 390x844 phone: one header row, the eligible profit and Request Withdrawal in the first screen, the menu holding the rest',
  e2e,
  async ({ page }) => {
    await openDashboard(page, ALICE);
    const header = await box(page.locator('header'));
    const logo = await box(page.getByLabel('Aurum', { exact: true }));
    const menu = page.getByRole('button', { name: 'Menu' });
    const trigger = await box(menu);
    // One row: the logo and the menu button side by side, the header no taller than the button and its padding.
    expect(Math.abs(logo.y + logo.height / 2 - (trigger.y + trigger.height / 2))).toBeLessThan(4);
    expect(header.height).toBeLessThanOrEqual(trigger.height + 24);
    expect(trigger.width).toBeGreaterThanOrEqual(44);
    expect(trigger.height).toBeGreaterThanOrEqual(44);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

    // What a client comes for, without scrolling.
    const profit = await box(page.getByTestId('eligible-profit'));
    const request = await box(page.getByRole('button', { name: 'Request Withdrawal' }));
    expect(profit.y + profit.height).toBeLessThanOrEqual(844);
    expect(request.y + request.height).toBeLessThanOrEqual(844);
    expect(request.height).toBeGreaterThanOrEqual(40);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );

    await menu.click();
    for (const control of [
      page.getByRole('link', { name: 'Account' }),
      page.getByLabel('Theme'),
      page.getByRole('button', { name: 'Refresh' }),
      page.getByRole('button', { name: 'Sign out' }),
    ]) {
      const target = await box(control);
      expect({ control: control.toString(), tall: target.height >= 44 }).toEqual({
        control: control.toString(),
        tall: true,
      });
    }
    await page.getByLabel('Theme').selectOption('dark');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(e2e.url('/'));
  },
  PHONE,
);

journey(
  "on a desktop the header says Sign out; the chart's ranges change the gain, whose breakdown ends on the card's balance",
  e2e,
  async ({ page }) => {
    await openDashboard(page, ALICE);
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const balance = (await page.getByTestId('balance').innerText()).trim();
    const ranges = page.getByRole('group', { name: 'Chart range' });
    const figure = page.getByTestId('range-gain');
    await figure.waitFor();
    expect(await ranges.getByRole('button', { name: '3M' }).getAttribute('aria-pressed')).toBe('true');
    const threeMonths = await figure.innerText();
    expect(threeMonths).toMatch(/^\+\$[\d,]+\.\d\d \(\+\d+\.\d\d%\)$/);
    await page.getByText('Investment gain over 3 months').waitFor();
    expect(await page.getByTestId('range-breakdown').innerText()).toContain(` to ${balance}: deposits `);

    await ranges.getByRole('button', { name: '1M' }).click();
    expect(await ranges.getByRole('button', { name: '1M' }).getAttribute('aria-pressed')).toBe('true');
    expect(await ranges.getByRole('button', { name: '3M' }).getAttribute('aria-pressed')).toBe('false');
    const oneMonth = await figure.innerText();
    await page.getByText('Investment gain over 1 month').waitFor();
    expect(oneMonth).not.toBe(threeMonths);

    await ranges.getByRole('button', { name: 'All' }).click();
    // Alice's history starts with her first deposit: counted from $0.00, her deposits are deposits, not gain.
    expect(await figure.innerText()).toMatch(/^\+\$[\d,]+\.\d\d \(\+\d+\.\d\d%\)$/);
    await page.getByText(/^Investment gain since \w{3} \d{1,2}, \d{4}$/).waitFor();
    expect(await page.getByTestId('range-breakdown').innerText()).toContain(
      `Balance from $0.00 to ${balance}: deposits +$`,
    );
  },
);

journey(
  "the history by month: every line once with its running balance, the months' figures adding up, older months, a fold, the filter",
  e2e,
  async ({ page }) => {
    const historyAnswer = page.waitForResponse(answers('getHistory'));
    await openDashboard(page, ALICE);
    const { data: points } = await answerOf('getHistory', await historyAnswer);
    await page.getByRole('button', { name: 'Show' }).click();
    const card = page.locator('#transaction-history');
    await card.locator('section[data-month]').first().waitFor();
    // Six months at first: alice's first deposit, seven months back, is in an older one.
    expect(await card.locator('section[data-month]').count()).toBe(6);
    expect(await card.getByText('Initial investment').count()).toBe(0);
    await card.getByRole('button', { name: 'Show older months' }).click();
    await expectPage(page).toShowText('Initial investment');
    expect(await card.getByRole('button', { name: 'Show older months' }).count()).toBe(0);

    // Every point that moved the balance is a line, once, with the API's balance after it.
    const credited = points.filter((p: HistoryPointDto) => !(p.kind === 'growth' && p.amount === 0));
    const expected = credited.map((p) => ({
      kind: p.kind,
      amount: movement(Math.round(p.amount * 100)),
      balance: `Balance ${usd(Math.round(p.balance * 100))}`,
    }));
    const lines = await shownLines(page);
    const order = (l: { kind: string; amount: string; balance: string }) => `${l.balance}|${l.kind}|${l.amount}`;
    expect(lines.map(order).sort()).toEqual(expected.map(order).sort());
    expect(lines.filter((l) => l.kind === 'growth').length).toBeGreaterThan(20);
    // The newest line ends on the card's balance.
    expect(lines[0]?.balance).toBe(`Balance ${(await page.getByTestId('balance').innerText()).trim()}`);

    // Months newest first; each month's net is the sum of its lines, its growth line the sum of its weeks.
    const months = await shownMonths(page);
    expect(months.map((m) => m.key)).toEqual(
      months
        .map((m) => m.key)
        .sort()
        .reverse(),
    );
    for (const month of months) {
      expect({ month: month.key, net: signedCents(month.net) }).toEqual({
        month: month.key,
        net: total(month.amounts),
      });
      if (month.fold !== null)
        expect({ month: month.key, fold: signedCents(month.fold) }).toEqual({
          month: month.key,
          fold: total(month.weeks),
        });
    }

    // A month's growth opens to its weeks.
    const fold = card.getByRole('button', { name: /^Weekly growth, \d+ credits?, \+\$/ }).first();
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    await fold.click();
    expect(await fold.getAttribute('aria-expanded')).toBe('true');
    await card
      .locator(`#${await fold.getAttribute('aria-controls')} li`)
      .first()
      .waitFor();

    // The filter: alice's deposits alone; withdrawals, or that there are none (never a failure).
    const filter = page.getByRole('group', { name: 'Transaction type' });
    await filter.getByRole('button', { name: 'Deposits' }).click();
    expect(await filter.getByRole('button', { name: 'Deposits' }).getAttribute('aria-pressed')).toBe('true');
    expect((await shownLines(page)).map((l) => l.kind)).toEqual(
      credited.filter((p) => p.kind === 'deposit').map(() => 'deposit'),
    );
    await filter.getByRole('button', { name: 'Withdrawals' }).click();
    if (credited.some((p) => p.kind === 'withdrawal'))
      await card.locator('li[data-kind="withdrawal"]').first().waitFor();
    else await expectPage(page).toShowText('No withdrawals yet');
    expect(await card.getByText('Transaction history could not be loaded.').count()).toBe(0);
  },
);

journey(
  'withdrawal: Max, errors at the field, a review, the pending request with its reserve, then cancelled',
  e2e,
  async ({ page }) => {
    await openDashboard(page, ALICE);
    const profit = page.getByTestId('eligible-profit');
    const before = await cents(profit);
    expect(before).toBeGreaterThan(10_000);

    await page.getByRole('button', { name: 'Request Withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Withdrawal' });
    const amount = dialog.getByLabel('Amount');
    expect(await amount.getAttribute('type')).toBe('text');
    expect(await amount.getAttribute('inputmode')).toBe('decimal');
    await dialog.getByText('$', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Review' }).isDisabled()).toBe(true);

    await dialog.getByRole('button', { name: 'Max' }).click();
    expect(centsOf(await amount.inputValue())).toBe(before);
    await amount.fill(String(Math.floor(before / 100) + 1));
    await dialog.getByRole('button', { name: 'Review' }).click();
    const tooHigh = dialog.locator('[data-part="error-text"]', {
      hasText: `You can only withdraw up to ${usd(before)} in eligible profit`,
    });
    await tooHigh.waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    expect((await amount.getAttribute('aria-describedby'))?.split(' ')).toContain(await tooHigh.getAttribute('id'));
    // Under the field, and under its title over it, not in a toast.
    expect((await box(tooHigh)).y).toBeGreaterThan((await box(amount)).y);
    expect(await dialog.getByRole('alert').textContent()).toBe(
      `Amount Too High${`You can only withdraw up to ${usd(before)} in eligible profit`}`,
    );
    expect((await box(dialog.getByRole('alert'))).y).toBeLessThan((await box(amount)).y);
    await amount.fill('99');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await dialog
      .locator('[data-part="error-text"]', { hasText: 'The minimum withdrawal request is $100.00' })
      .waitFor();

    await amount.fill('150');
    await dialog.getByRole('button', { name: 'Review' }).click();
    const review = dialog.getByTestId('request-review');
    await review.waitFor();
    const facts = await review.innerText();
    for (const fact of [
      '$150.00',
      // Alice's payout account, masked (the demo seed's).
      'IBAN GB•• ending 5432',
      'An administrator reviews it; you are e-mailed when it is decided.',
      '2-3 business days',
    ])
      expect(facts).toContain(fact);
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await expectPage(page).toShowText('Request Submitted');
    await dialog.waitFor({ state: 'detached' });

    const mine = page
      .getByRole('list', { name: 'Withdrawal requests' })
      .getByRole('listitem')
      .filter({ hasText: '$150.00' })
      .filter({ hasText: 'Pending' });
    await mine.waitFor();
    expect(await mine.innerText()).toMatch(/Requested · \w{3} \d{1,2}, \d{4}/);
    expect(await mine.innerText()).toContain('An administrator reviews it; you are e-mailed when it is decided.');
    await eventually(async () => expect(await cents(profit)).toBe(before - 15_000));
    expect((await page.getByTestId('reserved').innerText()).trim()).toBe('$150.00 reserved for your pending request');

    await mine.getByRole('button', { name: 'Cancel request' }).click();
    await mine.getByText('Cancel your request for $150.00?').waitFor();
    await mine.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expectPage(page).toShowText('Request cancelled');
    await page
      .getByRole('list', { name: 'Withdrawal requests' })
      .getByRole('listitem')
      .filter({ hasText: '$150.00' })
      .filter({ hasText: 'Cancelled' })
      .waitFor();
    await eventually(async () => expect(await cents(profit)).toBe(before));
    expect(await page.getByTestId('reserved').count()).toBe(0);
  },
);

journey('a cancel an administrator beat: said calmly, and the decision shown', e2e, async ({ page }) => {
  const alice = await e2e.client.signIn(ALICE);
  const asked = await e2e.client.call('requestWithdrawal', {
    token: alice.accessToken,
    body: { userId: alice.sub, userEmail: alice.email, amount: 123.45 },
  });
  expect(asked.status).toBe(201);
  await openDashboard(page, ALICE);
  const mine = page
    .getByRole('list', { name: 'Withdrawal requests' })
    .getByRole('listitem')
    .filter({ hasText: '$123.45' });
  await mine.getByRole('button', { name: 'Cancel request' }).click();
  // The administrator decides while the client reads the confirmation.
  const admin = await e2e.client.signIn(ADMIN);
  const approved = await e2e.client.call('approveWithdrawalRequest', {
    token: admin.accessToken,
    params: { id: asked.body.request.id },
  });
  expect(approved.status).toBe(200);
  await mine.getByRole('button', { name: 'Yes, cancel it' }).click();
  await mine
    .getByText('An administrator decided this request before it could be cancelled. Its decision is shown here.')
    .waitFor();
  await mine.getByText('Approved', { exact: true }).waitFor();
  expect(await mine.getByRole('button', { name: 'Cancel request' }).count()).toBe(0);
  expect(await page.getByText('Error', { exact: true }).count()).toBe(0);
});

journey('a first-day client is told how to fund the account, with no green $0.00', e2e, async ({ page }) => {
  const fresh = await e2e.client.newClient('firstday');
  expect(
    (
      await e2e.client.call('createPortfolio', {
        token: fresh.accessToken,
        body: { userId: fresh.sub, initialBalance: 0 },
      })
    ).status,
  ).toBe(200);
  await openDashboard(page, fresh.email);
  const funding = page.getByTestId('funding');
  await funding.waitFor();
  const told = await funding.innerText();
  for (const line of LOCAL_FUNDING_INSTRUCTIONS) expect(told).toContain(line);
  expect(await page.getByTestId('weekly-gain').count()).toBe(0);
  const profit = page.getByTestId('eligible-profit');
  expect((await profit.innerText()).trim()).toBe('$0.00');
  const [profitColour, textColour] = await Promise.all([
    profit.evaluate((el) => getComputedStyle(el).color),
    page.getByTestId('balance').evaluate((el) => getComputedStyle(el).color),
  ]);
  expect(profitColour).toBe(textColour);
  await expectPage(page).toShowText('No balance history yet');
});

/** The next Monday 00:00 UTC at least a week after `t`: when the weekly job grows a portfolio updated at `t`. */
function mondayAfterAWeek(t: number): number {
  const from = t + WEEK_MS;
  const day = new Date(from);
  const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  const monday = midnight + ((8 - day.getUTCDay()) % 7) * DAY_MS;
  return monday >= from ? monday : monday + WEEK_MS;
}

async function runWeeklyGrowth(at: number): Promise<void> {
  const res = await fetch(e2e.url('/__local/run/weekly-growth'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ now: new Date(at).toISOString() }),
  });
  expect(res.status).toBe(200);
}

// Last: the weekly job runs for the whole local book, a few weeks ahead.
journey(
  "the week's change on the balance card is the history's newest growth line and the chart's end",
  e2e,
  async ({ page }) => {
    const fresh = await e2e.client.newClient('weekly');
    expect(
      (
        await e2e.client.call('createPortfolio', {
          token: fresh.accessToken,
          body: { userId: fresh.sub, initialBalance: 0 },
        })
      ).status,
    ).toBe(200);
    const admin = await e2e.client.signIn(ADMIN);
    // Dated more than 31 days back, the deposit is approved by a second administrator too.
    const deposit = await e2e.client.fund(admin, fresh, 5000, {
      note: 'ten weeks ago',
      timestamp: new Date(Date.now() - 10 * WEEK_MS).toISOString(),
    });
    expect(deposit.status).toBe(200);
    // Two weekly runs: the second grows the portfolio from a Monday, as every week after the first does.
    const first = mondayAfterAWeek(Date.now());
    await runWeeklyGrowth(first);
    await runWeeklyGrowth(first + WEEK_MS);

    await openDashboard(page, fresh.email);
    const week = await page.getByTestId('weekly-gain').innerText();
    const gain = /^\+(\$[\d,]+\.\d\d) \(\+\d+\.\d\d%\) this week$/.exec(week.trim())?.[1];
    expect(gain).toBeDefined();
    expect(centsOf(gain ?? '')).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.locator('#transaction-history section[data-month]').first().waitFor();
    const [newest] = await shownLines(page);
    const balance = (await page.getByTestId('balance').innerText()).trim();
    expect(newest).toEqual({ kind: 'growth', amount: `+${gain}`, balance: `Balance ${balance}` });
    expect(await page.getByTestId('range-breakdown').innerText()).toContain(` to ${balance}: deposits `);
  },
);
