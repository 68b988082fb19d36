import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EligibilityDto, TransactionDto, WithdrawalRequestDto } from '../../../shared/api';
import { apiMessages } from '../../../shared/messages';
import { payoutMessages } from '../../../shared/payout-account';
import { formatDateTime } from '../format';
import { withdrawalLimitMessages } from '../../../shared/withdrawal-rules';
import { adminUser, alice, apiError, fakeAuth, fixtureApi, renderApp } from '../test/harness';
import { aliceHistory } from '../test/client-fixtures';
import { SAMPLE_FIRM } from '../../../shared/test-support/sample-firm';
import { aliceIban } from '../test/payout-fixtures';

/** Wednesday: the portfolio below was last grown on Monday the 10th at noon. */
const NOW = Date.parse('2025-03-12T10:00:00Z');
beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
});
afterEach(() => jest.restoreAllMocks());

const portfolio = (
  over: Partial<{ balance: number; weeklyGain: number; weeklyGainAmount: number; funding: string[] }> = {},
) => ({
  success: true,
  portfolio: {
    userId: 'alice-sub',
    balance: 12345.67,
    lastUpdate: '2025-03-10T12:00:00Z',
    weeklyGain: 1.34,
    weeklyGainAmount: 163.21,
    status: 'active' as const,
    funding: [] as string[],
    ...over,
  },
});

const eligible: EligibilityDto = {
  totalEligibleProfit: 250.5,
  showRequestButton: true,
  eligibleDeposits: [
    {
      id: 'd1',
      amount: 1000,
      timestamp: '2024-06-15T12:00:00Z',
      monthsSinceDeposit: 9,
      profit: 250.5,
      grownProfit: 250.5,
      withdrawnProfit: 0,
    },
  ],
  upcoming: [],
};
const notEligible: EligibilityDto = {
  totalEligibleProfit: 0,
  showRequestButton: false,
  eligibleDeposits: [],
  upcoming: [],
};

const request = (over: Partial<WithdrawalRequestDto>): WithdrawalRequestDto => ({
  id: 'r1',
  userId: 'alice-sub',
  userEmail: 'alice@example.com',
  amount: 100,
  status: 'pending',
  createdAt: '2025-03-01T12:00:00Z',
  ...over,
});

/** A deposit, weekly growth, a withdrawal: the ledger replayed, as the API answers it. */
const history = aliceHistory;

const never = () => new Promise(() => undefined);

function api(overrides: Record<string, unknown> = {}) {
  return fixtureApi({
    'GET /api/portfolios/alice-sub': portfolio(),
    'GET /api/withdrawals/alice-sub/eligible': { data: notEligible },
    'GET /api/portfolios/alice-sub/withdrawal-requests': [],
    // No points by default: the chart (recharts, which jsdom gives no size) only where a test reads it.
    'GET /api/portfolios/alice-sub/history': { data: [] },
    'GET /api/portfolios/alice-sub/payout-account': { account: aliceIban },
    ...overrides,
  });
}

/** Whether the page is laid out as on a phone (below 48em); jsdom has no viewport to say. */
let mockPhone = false;
jest.mock('../components/use-phone-layout', () => ({ usePhoneLayout: () => mockPhone }));
afterEach(() => {
  mockPhone = false;
});
const asPhone = () => {
  mockPhone = true;
};

/** The card titled `title`, to look inside. */
const cardOf = async (title: string) =>
  within((await screen.findByText(title)).closest('.chakra-card__root') as HTMLElement);

describe('dashboard', () => {
  it("shows the header and the balance card with this week's change and the date it was last updated", async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Alice')).toBeInTheDocument();
    expect(screen.getByText('Alice Example')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(screen.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/documents');
    expect(screen.getByLabelText('Theme')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('balance')).toHaveTextContent('$12,345.67');
    expect(screen.getByTestId('weekly-gain')).toHaveTextContent('+$163.21 (+1.34%) this week');
    expect(screen.getByText('Last updated Mar 10, 2025')).toBeInTheDocument();
  });

  it('shows the Weekly Performance, Next Update and Annual Target cards after the withdrawal card', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    const week = await cardOf('Weekly Performance');
    expect(week.getByText('+$163.21')).toBeInTheDocument();
    expect(getComputedStyle(week.getByText('+$163.21')).color).toBe('var(--chakra-colors-green-fg)');
    expect(week.getByText('+1.34% this week')).toBeInTheDocument();
    const next = await cardOf('Next Update');
    expect(next.getByText('Monday')).toBeInTheDocument();
    expect(next.getByText('Automatic weekly update')).toBeInTheDocument();
    // Last grown Monday at noon: the next Monday's run finds less than a week, the one after grows it.
    expect(next.getByTestId('next-growth')).toHaveTextContent('Next growth Mar 24, 2025');
    const target = await cardOf('Annual Target');
    expect(target.getByText('100%')).toBeInTheDocument();
    expect(target.getByText('Target, not guaranteed')).toBeInTheDocument();
    // The clock's year (2025 here), never a year written into the page.
    expect(target.getByText('Growth target for 2025')).toBeInTheDocument();
    // Below the balance and the withdrawal card: the phone's first screen keeps the eligible profit and the button.
    const withdrawal = screen.getByRole('heading', { name: 'Profit Withdrawal Available' });
    expect(
      withdrawal.compareDocumentPosition(screen.getByText('Weekly Performance')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      screen.getByText('Weekly Performance').compareDocumentPosition(screen.getByText('Next Update')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(
      screen.getByText('Next Update').compareDocumentPosition(screen.getByText('Annual Target')) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it("takes the target's year from the clock", async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2027-01-04T10:00:00Z'));
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    expect((await cardOf('Annual Target')).getByText('Growth target for 2027')).toBeInTheDocument();
  });

  it('shows a weekly loss red in the Weekly Performance card, and no cards while the portfolio cannot load', async () => {
    const loss = renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/portfolios/alice-sub': portfolio({ weeklyGain: -0.5, weeklyGainAmount: -3 }) }),
    });
    const week = await cardOf('Weekly Performance');
    expect(getComputedStyle(week.getByText('-$3.00')).color).toBe('var(--chakra-colors-red-fg)');
    expect(week.getByText('-0.50% this week')).toBeInTheDocument();
    loss.unmount();
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/portfolios/alice-sub': () => Promise.reject(apiError(500, 'boom')) }),
    });
    expect(await screen.findByText('Unable to load portfolio data.')).toBeInTheDocument();
    expect(screen.queryByText('Weekly Performance')).not.toBeInTheDocument();
  });

  it('colours a weekly loss red, and a gain or no change green', async () => {
    const colour = () => getComputedStyle(screen.getByTestId('weekly-gain')).color;
    const loss = renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/portfolios/alice-sub': portfolio({ weeklyGain: -0.5, weeklyGainAmount: -3 }) }),
    });
    expect(await screen.findByTestId('weekly-gain')).toHaveTextContent('-$3.00 (-0.50%) this week');
    expect(colour()).toBe('var(--chakra-colors-red-fg)');
    loss.unmount();
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/portfolios/alice-sub': portfolio({ weeklyGain: 0, weeklyGainAmount: 0 }) }),
    });
    expect(await screen.findByTestId('weekly-gain')).toHaveTextContent('+$0.00');
    expect(colour()).toBe('var(--chakra-colors-green-fg)');
  });

  it('on a phone, folds the header into one menu: Account, the theme and Sign out', async () => {
    asPhone();
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    const menu = await screen.findByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    for (const name of ['Sign out', 'Refresh']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Account' })).not.toBeInTheDocument();
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(panel).getByLabelText('Theme')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    // Escape closes it and gives the focus back to its button.
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
    // A press outside closes it too.
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('heading', { name: 'Portfolio Dashboard' }));
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('signs out from the phone menu', async () => {
    asPhone();
    const backend = fakeAuth(alice);
    renderApp('/dashboard', { backend, api: api() });
    await userEvent.click(await screen.findByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalled();
  });

  it('falls back to the e-mail when there is no first name', async () => {
    renderApp('/dashboard', { backend: fakeAuth({ ...alice, firstName: '', lastName: '' }), api: api() });
    expect(await screen.findByText('Welcome, alice@example.com')).toBeInTheDocument();
  });

  it('shows the admin link to admins only', async () => {
    const adminApi = fixtureApi({
      'GET /api/portfolios/admin-sub': { ...portfolio(), portfolio: { ...portfolio().portfolio, userId: 'admin-sub' } },
      'GET /api/withdrawals/admin-sub/eligible': { data: notEligible },
      'GET /api/portfolios/admin-sub/withdrawal-requests': [],
      'GET /api/portfolios/admin-sub/history': { data: [] },
    });
    renderApp('/dashboard', { backend: fakeAuth(adminUser), api: adminApi });
    expect(await screen.findByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });

  it("holds the cards' places with shapes while loading, and says what it waits for", async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub': never,
        'GET /api/withdrawals/alice-sub/eligible': never,
        'GET /api/portfolios/alice-sub/history': never,
      }),
    });
    for (const label of [
      'Loading your portfolio...',
      'Loading withdrawal eligibility...',
      'Loading balance history...',
    ]) {
      expect((await screen.findByText(label)).closest('[role="status"]')).not.toBeNull();
    }
    expect(screen.queryByRole('heading', { name: 'Profit Withdrawal Available' })).toBeInTheDocument();
    expect(document.querySelector('.chakra-spinner')).toBeNull();
  });

  it('shows the load failure with Retry, and no made-up portfolio', async () => {
    let fail = true;
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub': () => {
          if (fail) throw new TypeError('Failed to fetch');
          return portfolio();
        },
      }),
    });
    expect(await screen.findByText('Unable to load portfolio data.')).toBeInTheDocument();
    expect(screen.queryByTestId('balance')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('balance')).toHaveTextContent('$12,345.67');
  });

  it('refreshes everything, the history among it, and says so', async () => {
    let balance = 100;
    const fixtures = api({ 'GET /api/portfolios/alice-sub': () => portfolio({ balance }) });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    expect(await screen.findByTestId('balance')).toHaveTextContent('$100.00');
    balance = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Portfolio refreshed')).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('$200.00');
    const paths = fixtures.calls.map((c) => c.path);
    for (const path of [
      '/api/withdrawals/alice-sub/eligible',
      '/api/portfolios/alice-sub/withdrawal-requests',
      '/api/portfolios/alice-sub/history',
    ]) {
      expect(paths.filter((p) => p === path)).toHaveLength(2);
    }
    expect(paths).not.toContain('/api/portfolios/alice-sub/transactions');
  });

  it('refreshes the transactions too once they have been loaded', async () => {
    const fixtures = api({ 'GET /api/portfolios/alice-sub/transactions': [] });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    await userEvent.click(await screen.findByRole('button', { name: 'Show' }));
    await screen.findByText('No transactions found');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Portfolio refreshed')).toBeInTheDocument();
    expect(fixtures.calls.filter((c) => c.path === '/api/portfolios/alice-sub/transactions')).toHaveLength(2);
  });

  it('says when the refresh fails', async () => {
    let fail = false;
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub': () => {
          if (fail) throw apiError(500, 'boom');
          return portfolio();
        },
      }),
    });
    expect(await screen.findByTestId('balance')).toHaveTextContent('$12,345.67');
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Refresh failed')).toBeInTheDocument();
    expect(screen.getByText('Could not update portfolio data. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('$12,345.67');
  });

  it('signs out to the sign-in page, and says when sign-out fails', async () => {
    const backend = fakeAuth(alice);
    const { unmount } = renderApp('/dashboard', { backend, api: api() });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalled();
    unmount();
    renderApp('/dashboard', {
      backend: fakeAuth(alice, { signOut: jest.fn(async () => Promise.reject(new Error('network'))) }),
      api: api(),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign-out failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
  });
});

describe('dashboard: a first-day client', () => {
  const empty = (funding: string[] = []) =>
    api({
      'GET /api/portfolios/alice-sub': portfolio({ balance: 0, weeklyGain: 0, weeklyGainAmount: 0, funding }),
      'GET /api/portfolios/alice-sub/history': { data: [] },
    });

  it("says how to fund the account, in the firm's instructions the portfolio carries, and shows no gain of $0.00", async () => {
    const instructions = [
      'Wire the amount to Aurum Trading Ltd, IBAN GB00 TEST 0000 0000 0000 00.',
      'Use your e-mail address as the reference.',
    ];
    renderApp('/dashboard', { backend: fakeAuth(alice), api: empty(instructions) });
    const card = await screen.findByTestId('funding');
    expect(screen.getByRole('heading', { name: 'Fund your account' })).toBeInTheDocument();
    const steps = within(card).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual(instructions);
    expect(screen.getByTestId('balance')).toHaveTextContent('$0.00');
    expect(screen.queryByTestId('weekly-gain')).not.toBeInTheDocument();
    expect(screen.queryByTestId('next-growth')).not.toBeInTheDocument();
    // In the balance card and the Weekly Performance card, which shows no gain either; no next growth date.
    expect(screen.getAllByText('Growth starts with your first deposit')).toHaveLength(2);
    expect((await cardOf('Weekly Performance')).getByText('None yet')).toBeInTheDocument();
    expect((await cardOf('Next Update')).getByText('Monday')).toBeInTheDocument();
    // No profit yet: not shown in green.
    const profit = await screen.findByTestId('eligible-profit');
    expect(profit).toHaveTextContent('$0.00');
    expect(getComputedStyle(profit).color).toBe('var(--chakra-colors-fg)');
    expect(screen.getByText('No balance history yet')).toBeInTheDocument();
  });

  it('still says how the account gets funded where the stage gives no instructions', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: empty() });
    const card = await screen.findByTestId('funding');
    expect(within(card).queryByRole('list')).not.toBeInTheDocument();
    expect(card).toHaveTextContent(
      'Your portfolio starts with your first deposit.Once our team records your deposit, it shows here and your balance grows every week.',
    );
  });

  it('shows no funding card once there is a deposit', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub': portfolio({ funding: ['Wire it'] }),
        'GET /api/portfolios/alice-sub/history': history,
      }),
    });
    await screen.findByTestId('balance');
    await screen.findByTestId('range-gain');
    expect(screen.queryByTestId('funding')).not.toBeInTheDocument();
  });
});

describe('dashboard: an account the firm is still reviewing', () => {
  const applied = () => ({
    ...portfolio({ balance: 0, weeklyGain: 0, weeklyGainAmount: 0 }),
    portfolio: {
      ...portfolio({ balance: 0, weeklyGain: 0, weeklyGainAmount: 0 }).portfolio,
      status: 'applied' as const,
      funding: undefined,
    },
  });

  it('says it is being reviewed, what happens next and whom to ask, and shows nothing else', async () => {
    const reads = api({ 'GET /api/portfolios/alice-sub': applied() });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: reads, config: { firm: SAMPLE_FIRM } });
    const review = await screen.findByTestId('under-review');
    expect(screen.getByRole('heading', { name: 'We are reviewing your account' })).toBeInTheDocument();
    expect(review).toHaveTextContent('once your account is approved, we send you an e-mail');
    expect(within(review).getByRole('link', { name: SAMPLE_FIRM.supportEmail })).toHaveAttribute(
      'href',
      `mailto:${SAMPLE_FIRM.supportEmail}`,
    );
    for (const absent of ['funding', 'balance', 'eligible-profit'])
      expect(screen.queryByTestId(absent)).not.toBeInTheDocument();
    expect(screen.queryByText('Fund your account')).not.toBeInTheDocument();
    expect(screen.queryByText('Withdrawal Requests')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Request withdrawal/i })).not.toBeInTheDocument();
  });

  it('reads the portfolio again on Refresh, and shows the funding instructions once approved', async () => {
    let answer: unknown = applied();
    const reads = api({
      'GET /api/portfolios/alice-sub': () => answer,
    });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: reads });
    await screen.findByTestId('under-review');
    answer = portfolio({ balance: 0, weeklyGain: 0, weeklyGainAmount: 0, funding: ['Wire it to Aurum Demo Bank'] });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    const funding = await screen.findByTestId('funding');
    expect(funding).toHaveTextContent('Wire it to Aurum Demo Bank');
    expect(screen.queryByTestId('under-review')).not.toBeInTheDocument();
  });
});

describe('dashboard: profit withdrawal', () => {
  it('says when deposits become eligible when nothing is eligible yet', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    expect(
      await screen.findByText('Deposits become eligible for profit withdrawal 6 months after they are made.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('eligible-profit')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('button', { name: 'Request Withdrawal' })).not.toBeInTheDocument();
  });

  it('shows the requests error state', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/withdrawal-requests': () => {
          throw apiError(500, 'boom');
        },
      }),
    });
    expect(await screen.findByText('Unable to load withdrawal requests.')).toBeInTheDocument();
  });

  it('puts the request button right under the eligible profit, then the deposits it comes from', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/withdrawals/alice-sub/eligible': { data: eligible } }),
    });
    const profit = await screen.findByTestId('eligible-profit');
    expect(profit).toHaveTextContent('$250.50');
    expect(getComputedStyle(profit).color).toBe('var(--chakra-colors-green-fg)');
    const button = screen.getByRole('button', { name: 'Request Withdrawal' });
    const list = await screen.findByRole('list', { name: 'Eligible deposits' });
    expect(button.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(list).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(list).getByText('Deposited Jun 15, 2024')).toBeInTheDocument();
    expect(within(list).getByText('9 months')).toBeInTheDocument();
    expect(within(list).getByText('Profit $250.50')).toBeInTheDocument();
  });

  it("shows each deposit's profit net of what requests took of it, oldest first, adding up to the total", async () => {
    const taken: EligibilityDto = {
      totalEligibleProfit: 10291.61,
      showRequestButton: true,
      eligibleDeposits: [
        {
          id: 'd1',
          amount: 25000,
          timestamp: '2024-08-15T12:00:00Z',
          monthsSinceDeposit: 7,
          profit: 8000,
          grownProfit: 10000,
          withdrawnProfit: 2000,
        },
        {
          id: 'd2',
          amount: 10000,
          timestamp: '2024-09-01T12:00:00Z',
          monthsSinceDeposit: 6,
          profit: 2291.61,
          grownProfit: 2291.61,
          withdrawnProfit: 0,
        },
      ],
      upcoming: [],
    };
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/withdrawals/alice-sub/eligible': { data: taken } }),
    });
    const list = await screen.findByRole('list', { name: 'Eligible deposits' });
    expect(
      within(list).getByText('Profit $8,000.00 ($2,000.00 of $10,000.00 requested or paid out)'),
    ).toBeInTheDocument();
    expect(within(list).getByText('Profit $2,291.61')).toBeInTheDocument();
    expect(screen.getByTestId('eligible-profit')).toHaveTextContent('$10,291.61');
  });

  it('tells the client when deposits become eligible, and how much, soonest first', async () => {
    const upcoming = (id: string, days: number, amount: number, profit: number) => ({
      id,
      amount,
      timestamp: '2024-09-17T12:00:00Z',
      eligibleAt: new Date(NOW + days * 86_400_000).toISOString(),
      daysUntilEligible: days,
      profit,
    });
    const soon: EligibilityDto = {
      ...notEligible,
      upcoming: [
        upcoming('u1', 1, 500, 12.5),
        upcoming('u2', 5, 10000, 1234.56),
        upcoming('u3', 30, 700, 3),
        upcoming('u4', 60, 800, 0),
        upcoming('u5', 90, 900, 0),
      ],
    };
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/withdrawals/alice-sub/eligible': { data: soon } }),
    });
    const list = await screen.findByRole('list', { name: 'Upcoming eligibility' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.firstChild?.textContent)).toEqual([
      'Eligible in 1 day: $500.00 deposited Sep 17, 2024',
      'Eligible in 5 days: $10,000.00 deposited Sep 17, 2024',
      'Eligible in 30 days: $700.00 deposited Sep 17, 2024',
    ]);
    expect(items[1]).toHaveTextContent('On Mar 17, 2025 · profit so far $1,234.56');
    expect(screen.getByText('and 2 more deposits later')).toBeInTheDocument();
    // Nothing eligible yet: the rule is said too, and no button.
    expect(
      screen.getByText('Deposits become eligible for profit withdrawal 6 months after they are made.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Withdrawal' })).not.toBeInTheDocument();
  });

  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Request Withdrawal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Withdrawal' });
    return {
      dialog,
      input: within(dialog).getByLabelText('Amount'),
      review: within(dialog).getByRole('button', { name: 'Review' }),
    };
  }

  it('takes the amount as text with a $ and no spinners, and says what is wrong under the field', async () => {
    const fixtures = api({ 'GET /api/withdrawals/alice-sub/eligible': { data: eligible } });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    const { dialog, input, review } = await openDialog();
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(within(dialog).getByText('$')).toBeInTheDocument();
    expect(
      within(dialog).getByText('You can withdraw up to $250.50 in eligible profit. The minimum request is $100.00.'),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('You can have up to 3 requests waiting for a decision at once.'),
    ).toBeInTheDocument();
    expect(review).toBeDisabled();
    const says = async (typed: string, title: string, error: string) => {
      await userEvent.clear(input);
      await userEvent.type(input, typed);
      await userEvent.click(review);
      // At the field, which is marked and described by it, and under its title over the form.
      const message = await within(dialog).findByText(error, { selector: '[data-part="error-text"]' });
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(message.id);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(`${title}${error}`);
    };
    await says('0', 'Invalid Amount', 'Please enter a valid withdrawal amount');
    await says('99.99', 'Amount Too Low', 'The minimum withdrawal request is $100.00');
    await says('300', 'Amount Too High', 'You can only withdraw up to $250.50 in eligible profit');
    // Typing again clears the error.
    await userEvent.type(input, '0');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(fixtures.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('fills the eligible profit with Max, reviews, then submits and shows the request pending with its reserve', async () => {
    const requests: WithdrawalRequestDto[] = [];
    const fixtures = api({
      'GET /api/withdrawals/alice-sub/eligible': { data: eligible },
      'GET /api/portfolios/alice-sub/withdrawal-requests': () => [...requests],
      'POST /api/withdrawals/request': (body: unknown) => {
        requests.push(request({ amount: (body as { amount: number }).amount, createdAt: '2025-03-12T10:00:00Z' }));
        return { success: true };
      },
    });
    const headers: Record<string, string>[] = [];
    const recording = Object.assign(
      async (
        path: string,
        options?: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; headers?: Record<string, string> },
      ) => {
        if (options?.headers) headers.push(options.headers);
        return fixtures(path, options);
      },
      { calls: fixtures.calls },
    );
    renderApp('/dashboard', { backend: fakeAuth(alice), api: recording });
    expect(await screen.findByText('No withdrawal requests yet')).toBeInTheDocument();
    const { dialog, input, review } = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Max' }));
    expect(input).toHaveValue('250.50');
    await userEvent.clear(input);
    await userEvent.type(input, '$1,00.25'); // what a person may type around the digits
    await userEvent.click(review);
    const facts = within(dialog).getByTestId('request-review');
    expect(facts).toHaveTextContent('Amount$100.25');
    expect(facts).toHaveTextContent('ToIBAN GB•• ending 5432 · Example Bank plc');
    expect(facts).toHaveTextContent('DecisionAn administrator reviews it; you are e-mailed when it is decided.');
    expect(facts).toHaveTextContent('PaymentOnce approved, processing takes 2-3 business days.');
    // Back keeps the amount.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(within(dialog).getByLabelText('Amount')).toHaveValue('$1,00.25');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(fixtures.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await screen.findByText('Request Submitted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fixtures.calls).toContainEqual({
      method: 'POST',
      path: '/api/withdrawals/request',
      body: { userId: 'alice-sub', userEmail: 'alice@example.com', amount: 100.25 },
    });
    expect(headers[0]?.['Idempotency-Key']).toEqual(expect.any(String));
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(within(list).getByText('$100.25')).toBeInTheDocument();
    expect(within(list).getByText('Pending')).toBeInTheDocument();
    expect(within(list).getByText('Requested · Mar 12, 2025')).toBeInTheDocument();
    expect(
      within(list).getByText(/An administrator reviews it; you are e-mailed when it is decided\./),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('reserved')).toHaveTextContent('$100.25 reserved for your pending request');
    expect(
      fixtures.calls.filter((c) => c.path === '/api/withdrawals/alice-sub/eligible').length,
    ).toBeGreaterThanOrEqual(2);
    const reopened = await openDialog();
    expect(reopened.input).toHaveValue('');
  });

  it("shows the server's refusal in the dialog, or the connection message", async () => {
    let error: Error = apiError(409, withdrawalLimitMessages.tooManyPending);
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/withdrawals/alice-sub/eligible': { data: eligible },
        'POST /api/withdrawals/request': () => {
          throw error;
        },
      }),
    });
    const { dialog, input, review } = await openDialog();
    await userEvent.type(input, '150');
    await userEvent.click(review);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Request Failed${withdrawalLimitMessages.tooManyPending}`,
    );
    error = new TypeError('Failed to fetch');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'Request FailedFailed to connect to server. Please try again.',
      ),
    );
  });

  it('lists requests with their status, their dates and the reason for a rejection', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/withdrawal-requests': [
          request({ id: 'a', status: 'pending', amount: 200 }),
          request({ id: 'b', status: 'approved', amount: 300, decidedAt: '2025-03-03T12:00:00Z' }),
          request({
            id: 'c',
            status: 'rejected',
            amount: 400,
            reason: 'Profit already withdrawn',
            decidedAt: '2025-03-04T12:00:00Z',
          }),
          request({ id: 'd', status: 'cancelled', amount: 500, decidedAt: '2025-03-05T12:00:00Z' }),
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    for (const text of [
      'Pending',
      'Approved',
      'Rejected',
      'Cancelled',
      '$200.00',
      '$300.00',
      '$400.00',
      '$500.00',
      'Reason: Profit already withdrawn',
    ]) {
      expect(within(list).getByText(text)).toBeInTheDocument();
    }
    expect(within(list).getByText('Approved · Mar 3, 2025')).toBeInTheDocument();
    expect(within(list).getByText('Submitted Mar 1, 2025 · Decided Mar 4, 2025')).toBeInTheDocument();
    expect(within(list).getByText('Submitted Mar 1, 2025 · Cancelled Mar 5, 2025')).toBeInTheDocument();
    // Only the pending one can be cancelled, and only its amount is reserved.
    expect(within(list).getAllByRole('button', { name: 'Cancel request' })).toHaveLength(1);
    expect(await screen.findByTestId('reserved')).toHaveTextContent('$200.00 reserved for your pending request');
  });

  it('counts the reserve of several pending requests', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/withdrawal-requests': [
          request({ id: 'a', amount: 200 }),
          request({ id: 'b', amount: 150.5 }),
        ],
      }),
    });
    expect(await screen.findByTestId('reserved')).toHaveTextContent('$350.50 reserved for your 2 pending requests');
  });

  it('cancels a pending request after a confirmation', async () => {
    let status: WithdrawalRequestDto['status'] = 'pending';
    const fixtures = api({
      'GET /api/portfolios/alice-sub/withdrawal-requests': () => [request({ id: 'r9', amount: 500, status })],
      'POST /api/portfolios/alice-sub/withdrawal-requests/r9/cancel': () => {
        status = 'cancelled';
        return { success: true, request: request({ id: 'r9', amount: 500, status }) };
      },
    });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    expect(
      await screen.findByText('Cancel your request for $500.00? The amount goes back to your eligible profit.'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(fixtures.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Request cancelled')).toBeInTheDocument();
    expect(screen.getByText('$500.00 is back in your eligible profit.')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Withdrawal requests' });
    expect(await within(list).findByText('Cancelled')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();
    expect(fixtures.calls.filter((c) => c.path === '/api/withdrawals/alice-sub/eligible')).toHaveLength(2);
  });

  it('says calmly when an administrator decided the request first, and shows the decision', async () => {
    let status: WithdrawalRequestDto['status'] = 'pending';
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/withdrawal-requests': () => [request({ id: 'r9', amount: 500, status })],
        'POST /api/portfolios/alice-sub/withdrawal-requests/r9/cancel': () => {
          status = 'approved';
          throw apiError(409, apiMessages.requestAlreadyDecided);
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Yes, cancel it' }));
    expect(
      await screen.findByText(
        'An administrator decided this request before it could be cancelled. Its decision is shown here.',
      ),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Withdrawal requests' });
    expect(await within(list).findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });
});

describe('dashboard: where a withdrawal is paid', () => {
  const withEligible = (payout: unknown, more: Record<string, unknown> = {}) =>
    api({
      'GET /api/withdrawals/alice-sub/eligible': { data: eligible },
      'GET /api/portfolios/alice-sub/payout-account': payout,
      ...more,
    });
  const card = () => cardOf('Profit Withdrawal Available');

  it('says under the request button which account a request is paid to, masked', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: withEligible({ account: aliceIban }) });
    const withdrawal = await card();
    expect(await withdrawal.findByTestId('paid-to')).toHaveTextContent(
      'Paid to: IBAN GB•• ending 5432 · Example Bank plc',
    );
    expect(withdrawal.getByRole('button', { name: 'Request Withdrawal' })).toBeInTheDocument();
  });

  it('without a payout account, says so and links to the payout card instead of offering a request', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: withEligible({ account: null }) });
    const withdrawal = await card();
    expect(await withdrawal.findByText(payoutMessages.none)).toBeInTheDocument();
    const link = withdrawal.getByRole('link', { name: 'Add a payout account' });
    expect(link).toHaveAttribute('href', '/account#payout-account');
    await waitFor(() =>
      expect(withdrawal.queryByRole('button', { name: 'Request Withdrawal' })).not.toBeInTheDocument(),
    );
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeInTheDocument();
  });

  it("while a changed account's cooling-off runs, says from when it can be paid to, and offers no request", async () => {
    const usableFrom = '2025-03-14T09:00:00.000Z';
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: withEligible({ account: { ...aliceIban, setAt: '2025-03-11T09:00:00.000Z', usableFrom } }),
    });
    const withdrawal = await card();
    expect(await withdrawal.findByText(payoutMessages.coolingOff(formatDateTime(usableFrom)))).toBeInTheDocument();
    expect(withdrawal.getByText(/^Your payout account was changed recently\./)).toBeInTheDocument();
    expect(withdrawal.getByRole('link', { name: 'View your payout account' })).toHaveAttribute(
      'href',
      '/account#payout-account',
    );
    expect(withdrawal.queryByRole('button', { name: 'Request Withdrawal' })).not.toBeInTheDocument();
  });

  it("says the server's refusal for the payout account in the dialog, with the way to the payout card", async () => {
    const refusal = payoutMessages.coolingOff('Mar 14, 2025, 9:00 AM');
    const fixtures = withEligible(
      { account: aliceIban },
      { 'POST /api/withdrawals/request': () => Promise.reject(apiError(409, refusal)) },
    );
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    await userEvent.click(await screen.findByRole('button', { name: 'Request Withdrawal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request Withdrawal' }));
    await userEvent.type(dialog.getByLabelText('Amount'), '150');
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(`Request Failed${refusal}`);
    expect(dialog.getByRole('link', { name: 'View your payout account' })).toHaveAttribute(
      'href',
      '/account#payout-account',
    );
    // The account is read again, so the card shows it as the server has it.
    await waitFor(() =>
      expect(fixtures.calls.filter((c) => c.path === '/api/portfolios/alice-sub/payout-account')).toHaveLength(2),
    );
  });

  it('in the dialog, once the account is known to be gone, says why instead of asking an amount', async () => {
    let account: typeof aliceIban | null = aliceIban;
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: withEligible(() => ({ account }), {
        'POST /api/withdrawals/request': () => {
          account = null;
          return Promise.reject(apiError(409, payoutMessages.none));
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Request Withdrawal' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request Withdrawal' }));
    await userEvent.type(dialog.getByLabelText('Amount'), '150');
    await userEvent.click(dialog.getByRole('button', { name: 'Review' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Submit Request' }));
    expect(await dialog.findByText(payoutMessages.none)).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Add a payout account' })).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Submit Request' })).not.toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows each request on its way: Requested, Approved, Sent with their dates, the bank reference and the account', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/withdrawal-requests': [
          request({ id: 'p', status: 'pending', amount: 200, destination: aliceIban }),
          request({ id: 'a', status: 'approved', amount: 300, decidedAt: '2025-03-03T12:00:00Z' }),
          request({
            id: 's',
            status: 'approved',
            amount: 400,
            decidedAt: '2025-03-03T12:00:00Z',
            sentAt: '2025-03-05T00:00:00.000Z',
            sentReference: 'WIRE-2025-0042',
            destination: aliceIban,
          }),
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    const steps = (amount: string) =>
      within(within(list).getByText(amount).closest('li') as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(steps('$200.00')).toEqual([
      'Requested · Mar 1, 2025',
      'Approved · waiting for a decision',
      'Sent · after approval',
    ]);
    expect(steps('$300.00')).toEqual([
      'Requested · Mar 1, 2025',
      'Approved · Mar 3, 2025',
      'Sent · not yet: processing takes 2-3 business days',
    ]);
    expect(steps('$400.00')).toEqual([
      'Requested · Mar 1, 2025',
      'Approved · Mar 3, 2025',
      'Sent · Mar 5, 2025 · reference WIRE-2025-0042',
    ]);
    expect(within(list).getAllByText('To IBAN GB•• ending 5432 · Example Bank plc')).toHaveLength(2);
  });
});

describe('dashboard: balance history', () => {
  it('heads a range with the investment gain over it, time-weighted, and the balance change by kind', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/portfolios/alice-sub/history': history }),
    });
    expect(await screen.findByRole('heading', { name: 'Balance History' })).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Chart range' });
    const button = (name: string) => within(group).getByRole('button', { name });
    expect(button('3M')).toHaveAttribute('aria-pressed', 'true');
    // From Dec 12: the balance carried in is the first deposit's week's growth; the $50 withdrawal is no loss, and
    // each credit is over the balance after the credit before (the withdrawal, less than a week old, changes none).
    expect(screen.getByText('Investment gain over 3 months')).toBeInTheDocument();
    expect(screen.getByTestId('range-gain')).toHaveTextContent(/^\+\$235\.22 \(\+1\.93%\)$/);
    expect(getComputedStyle(screen.getByTestId('range-gain')).color).toBe('var(--chakra-colors-green-fg)');
    expect(screen.getByTestId('range-breakdown')).toHaveTextContent(
      'Balance from $12,160.45 to $12,345.67: deposits +$0.00, withdrawals −$50.00, growth +$235.22, adjustments +$0.00',
    );
    await userEvent.click(button('1M'));
    expect(button('1M')).toHaveAttribute('aria-pressed', 'true');
    expect(button('3M')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('range-gain')).toHaveTextContent('+$163.21 (+1.33%)');
    expect(screen.getByText('Investment gain over 1 month')).toBeInTheDocument();
    await userEvent.click(button('All'));
    // The whole history from $0: the $12,000 deposit is a deposit, not a gain.
    expect(screen.getByText('Investment gain since Dec 2, 2024')).toBeInTheDocument();
    expect(screen.getByTestId('range-gain')).toHaveTextContent('+$395.67 (+3.30%)');
    expect(screen.getByTestId('range-breakdown')).toHaveTextContent(
      'Balance from $0.00 to $12,345.67: deposits +$12,000.00, withdrawals −$50.00, growth +$395.67, adjustments +$0.00',
    );
    // The chart's text alternative ends on the balance the card shows.
    expect(
      screen.getByText(
        'Balance from $12,000.00 on Dec 2, 2024 to $12,345.67 on Mar 10, 2025: 1 deposit, 1 withdrawal.',
      ),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Balance history' });
    expect(table).toHaveTextContent('Weekly growth');
    expect(table).toHaveTextContent('+$163.21');
  });

  it('says when there is no history yet, and when it could not load', async () => {
    const { unmount } = renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    expect(await screen.findByText('No balance history yet')).toBeInTheDocument();
    unmount();
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/portfolios/alice-sub/history': () => Promise.reject(apiError(500, 'boom')) }),
    });
    expect(await screen.findByText('Unable to load balance history.')).toBeInTheDocument();
  });

  it('downloads the statement for the chosen period as CSV', async () => {
    const createObjectURL = jest.fn(() => 'blob:statement');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // The period's inputs start on today's date (the real one: the statement's own clock).
    const year = new Date().getUTCFullYear();
    const today = new Date().toISOString().slice(0, 10);
    const fixtures = api({
      [`GET /api/portfolios/alice-sub/statement?from=${year}-01-01&to=${today}`]: 'Date,Type\r\n',
    });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    await userEvent.click(await screen.findByRole('button', { name: 'Download statement (CSV)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });
});

describe('dashboard: transaction history', () => {
  const transactions: TransactionDto[] = [
    { id: 't2', type: 'withdrawal', amount: 50, direction: 'out', timestamp: '2025-02-12T15:00:00.000Z' },
    {
      id: 't1',
      type: 'deposit',
      amount: 12000,
      direction: 'in',
      timestamp: '2024-12-02T09:00:00.000Z',
      note: 'Wire transfer',
    },
  ];

  it('loads only when first opened, and lists the months newest first, their growth folded, each entry with the running balance', async () => {
    const fixtures = api({
      'GET /api/portfolios/alice-sub/history': history,
      'GET /api/portfolios/alice-sub/transactions': transactions,
    });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    const show = await screen.findByRole('button', { name: 'Show' });
    await screen.findByTestId('balance');
    expect(fixtures.calls.map((c) => c.path)).not.toContain('/api/portfolios/alice-sub/transactions');
    await userEvent.click(show);
    const march = await screen.findByRole('list', { name: 'March 2025 transactions' });
    const body = document.getElementById('transaction-history') as HTMLElement;
    expect(
      within(body)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['March 2025', 'February 2025', 'December 2024']);
    expect(
      within(body)
        .getAllByTestId('month-net')
        .map((n) => n.textContent),
    ).toEqual(['Net change +$163.21', 'Net change +$22.01', 'Net change +$12,160.45']);
    // March's one credit, folded: it opens to its week, with the balance after it.
    const fold = within(march).getByRole('button', { name: 'Weekly growth, 1 credit, +$163.21' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(fold);
    expect(fold).toHaveAttribute('aria-expanded', 'true');
    const week = within(screen.getByRole('list', { name: 'Weekly growth, March 2025' })).getByRole('listitem');
    expect(within(week).getByText('Mar 10, 2025')).toBeInTheDocument();
    expect(within(week).getByTestId('line-balance')).toHaveTextContent('Balance $12,345.67');
    // Entries one by one: amount, when, Added or Processed (never who), the balance after, the note.
    const withdrawal = within(screen.getByRole('list', { name: 'February 2025 transactions' })).getAllByRole(
      'listitem',
    )[0] as HTMLElement;
    expect([
      withdrawal.dataset.kind,
      within(withdrawal).getByTestId('line-amount').textContent,
      within(withdrawal).getByTestId('line-balance').textContent,
    ]).toEqual(['withdrawal', '−$50.00', 'Balance $12,182.46']);
    expect(within(withdrawal).getByText(/ · Processed$/)).toBeInTheDocument();
    const december = within(screen.getByRole('list', { name: 'December 2024 transactions' })).getAllByRole('listitem');
    // The deposit, below the month's growth credited after it.
    expect(december.map((li) => li.dataset.kind ?? li.dataset.fold)).toEqual(['growth', 'deposit']);
    const deposit = december[1] as HTMLElement;
    expect(within(deposit).getByTestId('line-balance')).toHaveTextContent('Balance $12,000.00');
    expect(within(deposit).getByText('Wire transfer')).toBeInTheDocument();
    expect(within(deposit).getByText(/^Dec 2, 2024.* · Added$/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('list', { name: 'March 2025 transactions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('list', { name: 'March 2025 transactions' })).toBeInTheDocument();
    expect(fixtures.calls.filter((c) => c.path === '/api/portfolios/alice-sub/transactions')).toHaveLength(1);
  });

  it('says it is loading, and shows the empty state', async () => {
    let resolve: (value: TransactionDto[]) => void = () => undefined;
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/transactions': () => new Promise<TransactionDto[]>((r) => (resolve = r)),
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Loading transactions...')).toBeInTheDocument();
    resolve([]);
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(screen.getByText('Deposits and withdrawals will appear here')).toBeInTheDocument();
  });

  it('says when the history cannot be loaded', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/transactions': () => {
          throw apiError(500, 'boom');
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Failed to load transaction history')).toBeInTheDocument();
    expect(screen.getByText('Transaction history could not be loaded.')).toBeInTheDocument();
  });
});
