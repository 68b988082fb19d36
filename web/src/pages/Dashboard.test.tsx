import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EligibilityDto, TransactionDto, WithdrawalRequestDto } from '../../../shared/api';
import { withdrawalLimitMessages } from '../../../shared/withdrawal-rules';
import { adminUser, alice, apiError, fakeAuth, fixtureApi, type Handler, renderApp } from '../test/harness';

const portfolio = (over: Partial<{ balance: number; weeklyGain: number; weeklyGainAmount: number }> = {}) => ({
  success: true,
  portfolio: { userId: 'alice-sub', balance: 12345.67, lastUpdate: '2025-03-10T12:00:00Z', weeklyGain: 1.34, weeklyGainAmount: 163.21, ...over },
});

const eligible: EligibilityDto = {
  totalEligibleProfit: 250.5,
  showRequestButton: true,
  eligibleDeposits: [{ id: 'd1', amount: 1000, timestamp: '2024-06-15T12:00:00Z', monthsSinceDeposit: 9, profit: 250.5 }],
};
const notEligible: EligibilityDto = { totalEligibleProfit: 0, showRequestButton: false, eligibleDeposits: [] };

const request = (over: Partial<WithdrawalRequestDto>): WithdrawalRequestDto => ({
  id: 'r1',
  userId: 'alice-sub',
  userEmail: 'alice@example.com',
  amount: 100,
  status: 'pending',
  createdAt: '2025-03-01T12:00:00Z',
  ...over,
});

const never = () => new Promise(() => undefined);

function api(overrides: Record<string, Handler | unknown> = {}) {
  return fixtureApi({
    'GET /api/portfolios/alice-sub': portfolio(),
    'GET /api/withdrawals/alice-sub/eligible': { data: notEligible },
    'GET /api/portfolios/alice-sub/withdrawal-requests': [],
    'GET /api/portfolios/alice-sub/history': { data: [] },
    ...overrides,
  });
}

describe('dashboard', () => {
  it('shows the header, welcome line and portfolio cards', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    expect(await screen.findByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Welcome, Alice')).toBeInTheDocument();
    expect(screen.getByText('Alice Example')).toBeInTheDocument();
    expect(screen.getByText('alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByLabelText('Theme')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('balance')).toHaveTextContent('$12,345.67');
    expect(screen.getByText('Last updated Mar 10, 2025')).toBeInTheDocument();
    expect(screen.getByTestId('weekly-gain')).toHaveTextContent('+$163.21 (+1.34%) this week');
    expect(screen.getByTestId('weekly-performance')).toHaveTextContent('+1.34%');
    expect(screen.getByText('Weekly Performance')).toBeInTheDocument();
    expect(screen.getByText('Monday')).toBeInTheDocument();
    expect(screen.getByText('Automatic weekly update')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByText(`Growth target for ${new Date().getFullYear()}`)).toBeInTheDocument();
  });

  it('colours a weekly loss red, and a gain or no change green', async () => {
    // The component colours both the balance card's line and the Weekly Performance figure with
    // gainColor: Chakra's red.fg below 0, green.fg from 0 up (jsdom leaves the token as its CSS variable).
    const red = 'var(--chakra-colors-red-fg)';
    const green = 'var(--chakra-colors-green-fg)';
    const colours = () => [getComputedStyle(screen.getByTestId('weekly-performance')).color, getComputedStyle(screen.getByTestId('weekly-gain')).color];

    const loss = renderApp('/dashboard', { backend: fakeAuth(alice), api: api({ 'GET /api/portfolios/alice-sub': portfolio({ weeklyGain: -0.5, weeklyGainAmount: -3 }) }) });
    expect(await screen.findByTestId('weekly-performance')).toHaveTextContent('-0.50%');
    expect(screen.getByTestId('weekly-gain')).toHaveTextContent('-$3.00 (-0.50%) this week');
    expect(colours()).toEqual([red, red]);
    loss.unmount();

    const gain = renderApp('/dashboard', { backend: fakeAuth(alice), api: api({ 'GET /api/portfolios/alice-sub': portfolio({ weeklyGain: 1.34, weeklyGainAmount: 163.21 }) }) });
    expect(await screen.findByTestId('weekly-performance')).toHaveTextContent('+1.34%');
    expect(colours()).toEqual([green, green]);
    gain.unmount();

    renderApp('/dashboard', { backend: fakeAuth(alice), api: api({ 'GET /api/portfolios/alice-sub': portfolio({ weeklyGain: 0, weeklyGainAmount: 0 }) }) });
    expect(await screen.findByTestId('weekly-gain')).toHaveTextContent('+$0.00');
    expect(colours()).toEqual([green, green]);
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

  it('says it is loading the portfolio', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api({ 'GET /api/portfolios/alice-sub': never }) });
    expect(await screen.findByText('Loading your portfolio...')).toBeInTheDocument();
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
    expect(screen.queryByText('$1,000.00')).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('balance')).toHaveTextContent('$12,345.67');
  });

  it('refreshes everything and says so', async () => {
    let balance = 100;
    const fixtures = api({ 'GET /api/portfolios/alice-sub': () => portfolio({ balance }) });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    expect(await screen.findByTestId('balance')).toHaveTextContent('$100.00');
    balance = 200;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Portfolio refreshed')).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent('$200.00');
    const paths = fixtures.calls.map((c) => c.path);
    expect(paths.filter((p) => p === '/api/withdrawals/alice-sub/eligible')).toHaveLength(2);
    expect(paths.filter((p) => p === '/api/portfolios/alice-sub/withdrawal-requests')).toHaveLength(2);
    expect(paths).not.toContain('/api/portfolios/alice-sub/transactions');
  });

  it('refreshes the history too once it has been loaded', async () => {
    const fixtures = api({ 'GET /api/portfolios/alice-sub/transactions': [] });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    await userEvent.click(await screen.findByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
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

  it('signs out to the sign-in page', async () => {
    const backend = fakeAuth(alice);
    renderApp('/dashboard', { backend, api: api() });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalled();
  });

  it('says when sign-out fails', async () => {
    const backend = fakeAuth(alice, { signOut: jest.fn(async () => Promise.reject(new Error('network'))) });
    renderApp('/dashboard', { backend, api: api() });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Sign-out failed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Portfolio Dashboard' })).toBeInTheDocument();
  });
});

describe('dashboard: profit withdrawal', () => {
  it('says when deposits become eligible when nothing is eligible yet', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api() });
    expect(await screen.findByText('Deposits become eligible for profit withdrawal 6 months after they are made.')).toBeInTheDocument();
    expect(screen.getByTestId('eligible-profit')).toHaveTextContent('$0.00');
    expect(screen.queryByRole('button', { name: 'Request Withdrawal' })).not.toBeInTheDocument();
  });

  it('shows the eligibility loading state and the requests error state', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/withdrawals/alice-sub/eligible': never,
        'GET /api/portfolios/alice-sub/withdrawal-requests': () => {
          throw apiError(500, 'boom');
        },
      }),
    });
    expect(await screen.findByText('Loading withdrawal eligibility...')).toBeInTheDocument();
    expect(await screen.findByText('Unable to load withdrawal requests.')).toBeInTheDocument();
  });

  it('lists the eligible deposits and the total profit', async () => {
    renderApp('/dashboard', { backend: fakeAuth(alice), api: api({ 'GET /api/withdrawals/alice-sub/eligible': { data: eligible } }) });
    expect(await screen.findByTestId('eligible-profit')).toHaveTextContent('$250.50');
    const list = screen.getByRole('list', { name: 'Eligible deposits' });
    expect(within(list).getByText('$1,000.00')).toBeInTheDocument();
    expect(within(list).getByText('Deposited Jun 15, 2024')).toBeInTheDocument();
    expect(within(list).getByText('9 months')).toBeInTheDocument();
    expect(within(list).getByText('Profit $250.50')).toBeInTheDocument();
  });

  async function openDialog() {
    await userEvent.click(await screen.findByRole('button', { name: 'Request Withdrawal' }));
    const dialog = await screen.findByRole('dialog');
    return { dialog, input: within(dialog).getByLabelText('Amount'), submit: within(dialog).getByRole('button', { name: 'Submit Request' }) };
  }

  it('keeps Submit Request disabled while the amount is empty, and refuses invalid, too-low and too-high amounts', async () => {
    const fixtures = api({ 'GET /api/withdrawals/alice-sub/eligible': { data: eligible } });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    const { dialog, input, submit } = await openDialog();
    expect(input).toHaveAttribute('type', 'number');
    expect(input).toHaveAttribute('step', '0.01');
    expect(input).toHaveAttribute('min', '100');
    // The dialog says the minimum and the cap before anything is sent.
    expect(within(dialog).getByText('The minimum request is $100.00. You can have up to 3 requests waiting for a decision at once.')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await userEvent.type(input, '0');
    expect(submit).toBeEnabled();
    await userEvent.click(submit);
    expect(await screen.findByText('Invalid Amount')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid withdrawal amount')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '99.99');
    await userEvent.click(submit);
    expect(await screen.findByText('Amount Too Low')).toBeInTheDocument();
    expect(screen.getByText('The minimum withdrawal request is $100.00')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, '300');
    await userEvent.click(submit);
    expect(await screen.findByText('Amount Too High')).toBeInTheDocument();
    expect(screen.getByText('You can only withdraw up to $250.50 in eligible profit')).toBeInTheDocument();
    expect(fixtures.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('submits a request, closes the dialog and lists the request', async () => {
    const requests: WithdrawalRequestDto[] = [];
    const fixtures = api({
      'GET /api/withdrawals/alice-sub/eligible': { data: eligible },
      'GET /api/portfolios/alice-sub/withdrawal-requests': () => [...requests],
      'POST /api/withdrawals/request': (body: unknown) => {
        requests.push(request({ amount: (body as { amount: number }).amount }));
        return { success: true };
      },
    });
    const headers: Record<string, string>[] = [];
    const recording = Object.assign(
      async (path: string, options?: { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; body?: unknown; headers?: Record<string, string> }) => {
        if (options?.headers) headers.push(options.headers);
        return fixtures(path, options);
      },
      { calls: fixtures.calls },
    );
    renderApp('/dashboard', { backend: fakeAuth(alice), api: recording });
    expect(await screen.findByText('No withdrawal requests yet')).toBeInTheDocument();
    const { input, submit } = await openDialog();
    await userEvent.type(input, '100.25');
    await userEvent.click(submit);
    expect(await screen.findByText('Request Submitted')).toBeInTheDocument();
    expect(screen.getByText('Your withdrawal request will be reviewed by our team shortly. Processing takes 2-3 business days.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fixtures.calls).toContainEqual({ method: 'POST', path: '/api/withdrawals/request', body: { userId: 'alice-sub', userEmail: 'alice@example.com', amount: 100.25 } });
    expect(headers[0]?.['Idempotency-Key']).toEqual(expect.any(String));
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    expect(within(list).getByText('$100.25')).toBeInTheDocument();
    expect(within(list).getByText('Pending')).toBeInTheDocument();
    expect(fixtures.calls.filter((c) => c.path === '/api/withdrawals/alice-sub/eligible').length).toBeGreaterThanOrEqual(2);
    const reopened = await openDialog();
    expect(reopened.input).toHaveValue(null);
  });

  it("shows the server's error, or the connection message", async () => {
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
    const { input, submit } = await openDialog();
    await userEvent.type(input, '150');
    await userEvent.click(submit);
    expect(await screen.findByText('Request Failed')).toBeInTheDocument();
    expect(screen.getByText('You already have 3 withdrawal requests waiting for a decision. Please wait until one of them is decided before requesting again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    error = new TypeError('Failed to fetch');
    await userEvent.click(submit);
    expect(await screen.findByText('Failed to connect to server. Please try again.')).toBeInTheDocument();
  });

  it('lists requests with their status and the reason for a rejection', async () => {
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({
        'GET /api/portfolios/alice-sub/withdrawal-requests': [
          request({ id: 'a', status: 'pending', amount: 10 }),
          request({ id: 'b', status: 'approved', amount: 20 }),
          request({ id: 'c', status: 'rejected', amount: 30, reason: 'Profit already withdrawn' }),
        ],
      }),
    });
    const list = await screen.findByRole('list', { name: 'Withdrawal requests' });
    for (const text of ['Pending', 'Approved', 'Rejected', '$10.00', '$20.00', '$30.00', 'Reason: Profit already withdrawn']) {
      expect(within(list).getByText(text)).toBeInTheDocument();
    }
    expect(within(list).getAllByText('Requested Mar 1, 2025')).toHaveLength(3);
  });
});

describe('dashboard: transaction history', () => {
  const transactions: TransactionDto[] = [
    { id: 't1', type: 'deposit', amount: 1000, direction: 'in', timestamp: '2025-02-01T12:00:00Z', note: 'Wire transfer', adminEmail: 'admin@example.com' },
    { id: 't2', type: 'withdrawal', amount: 50, direction: 'out', timestamp: '2025-02-10T12:00:00Z', adminEmail: 'admin@example.com' },
    { id: 't3', type: 'adjustment', amount: 5, direction: 'out', timestamp: '2025-02-11T12:00:00Z' },
  ];

  it('loads only when first opened, and lists the entries', async () => {
    const fixtures = api({ 'GET /api/portfolios/alice-sub/transactions': transactions });
    renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
    const show = await screen.findByRole('button', { name: 'Show' });
    await screen.findByTestId('balance');
    expect(fixtures.calls.map((c) => c.path)).not.toContain('/api/portfolios/alice-sub/transactions');
    await userEvent.click(show);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(list).getByText('+$1,000.00')).toBeInTheDocument();
    expect(within(list).getByText('−$50.00')).toBeInTheDocument();
    expect(within(list).getByText('Deposit')).toBeInTheDocument();
    expect(within(list).getByText('Withdrawal')).toBeInTheDocument();
    expect(within(list).getByText('Adjustment')).toBeInTheDocument();
    expect(within(list).getByText('Wire transfer')).toBeInTheDocument();
    expect(within(list).getByText(/^Feb 1, 2025 \d/)).toBeInTheDocument();
    expect(within(list).getAllByText('Added')).toHaveLength(1);
    expect(within(list).getAllByText('Processed')).toHaveLength(2);
    expect(screen.queryByText(/admin@example.com/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByRole('list', { name: 'Transactions' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('list', { name: 'Transactions' })).toBeInTheDocument();
    expect(fixtures.calls.filter((c) => c.path === '/api/portfolios/alice-sub/transactions')).toHaveLength(1);
  });

  it('says it is loading, and shows the empty state', async () => {
    let resolve: (value: TransactionDto[]) => void = () => undefined;
    renderApp('/dashboard', {
      backend: fakeAuth(alice),
      api: api({ 'GET /api/portfolios/alice-sub/transactions': () => new Promise<TransactionDto[]>((r) => (resolve = r)) }),
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
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  describe('balance history', () => {
    const history = {
      data: [
        { at: '2026-05-01T00:00:00.000Z', kind: 'deposit', balance: 1000, amount: 1000 },
        { at: '2026-05-04T00:00:00.000Z', kind: 'growth', balance: 1000, amount: 0 },
        { at: '2026-05-11T00:00:00.000Z', kind: 'growth', balance: 1013.42, amount: 13.42 },
        { at: '2026-05-12T00:00:00.000Z', kind: 'withdrawal', balance: 913.42, amount: -100 },
      ],
    };

    it('charts the history with a text alternative for screen readers', async () => {
      renderApp('/dashboard', { backend: fakeAuth(alice), api: api({ 'GET /api/portfolios/alice-sub/history': history }) });
      expect(await screen.findByRole('heading', { name: 'Balance History' })).toBeInTheDocument();
      expect(await screen.findByText('Balance from $1,000.00 on May 1, 2026 to $913.42 on May 12, 2026: 1 deposits, 1 withdrawals.')).toBeInTheDocument();
      const table = screen.getByRole('table', { name: 'Balance history' });
      expect(table).toHaveTextContent('Weekly growth');
      expect(table).toHaveTextContent('$913.42');
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
      const year = new Date().getUTCFullYear();
      const today = new Date().toISOString().slice(0, 10);
      const fixtures = api({ [`GET /api/portfolios/alice-sub/statement?from=${year}-01-01&to=${today}`]: 'Date,Type\r\n' });
      renderApp('/dashboard', { backend: fakeAuth(alice), api: fixtures });
      await userEvent.click(await screen.findByRole('button', { name: 'Download statement (CSV)' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
      expect(fixtures.calls.some((c) => c.path.includes('/statement?from='))).toBe(true);
      click.mockRestore();
    });
  });
});
