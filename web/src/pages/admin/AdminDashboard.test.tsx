import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientDto, TransactionDto, WithdrawalRequestDto } from '../../../../shared/api';
import { eligibleAt } from '../../../../shared/eligibility';
import { formatDate as dateText } from '../../format';
import { adminUser, alice, apiError, fakeAuth, fixtureApi, type Handler, renderApp } from '../../test/harness';

const clients: ClientDto[] = [
  {
    id: 'c1',
    email: 'alice@example.com',
    displayName: 'Alice Example',
    portfolio: { balance: 1500.5, weeklyGain: 1.5, lastUpdate: '2025-03-03T00:00:00.000Z' },
    nextWithdrawalDate: '2025-06-01T00:00:00.000Z',
  },
  { id: 'c2', email: 'Bob@Example.com', displayName: 'Bob', portfolio: { balance: 250, weeklyGain: -0.5, lastUpdate: '2025-03-03T00:00:00.000Z' } },
  { id: 'c3', email: 'carol@test.org', displayName: 'Carol', portfolio: { balance: 4000, weeklyGain: 2, lastUpdate: '2025-03-03T00:00:00.000Z' } },
];

const pending: WithdrawalRequestDto[] = [
  { id: 'r1', userId: 'c1', userEmail: 'alice@example.com', amount: 120, status: 'pending', createdAt: '2025-03-01T10:00:00.000Z' },
];

/** The clients as the server holds them: its totals (its aggregate) follow the changes tests make here. */
let server: ClientDto[] = [];
const cents = (dollars: number) => Math.round(dollars * 100);
const serverTotals = () => ({
  totalClients: server.length,
  totalPortfolioValue: server.reduce((sum, c) => sum + cents(c.portfolio.balance), 0) / 100,
  averageWeeklyGain: server.length ? server.reduce((sum, c) => sum + c.portfolio.weeklyGain, 0) / server.length : 0,
});
const serverSets = (id: string, balance: number) => (server = server.map((c) => (c.id === id ? { ...c, portfolio: { ...c.portfolio, balance } } : c)));

/**
 * GET /api/admin/clients as the server answers it, over `server`: its order, a case-insensitive
 * e-mail search, the balance sorts, pages of `limit` (50 by default) with offsets as cursors.
 * `searchReads` makes a search answer as the server does when it has read only so much of the
 * book per request: only the matches among that many clients, with a cursor to read on.
 */
function listHandler(searchReads = Infinity): Handler {
  return (_body, path) => {
    const q = new URL(path, 'http://api').searchParams;
    const limit = Number(q.get('limit') ?? 50);
    const search = (q.get('search') ?? '').toLowerCase();
    const sort = q.get('sort');
    const ordered = sort ? [...server].sort((a, b) => (sort === 'balance-desc' ? -1 : 1) * (a.portfolio.balance - b.portfolio.balance)) : server;
    let at = Number(q.get('cursor') ?? 0);
    const found: ClientDto[] = [];
    const readUpTo = search ? Math.min(ordered.length, at + searchReads) : ordered.length;
    while (at < readUpTo && found.length < limit) {
      const client = ordered[at++] as ClientDto;
      if (client.email.toLowerCase().includes(search)) found.push(client);
    }
    return Promise.resolve(at < ordered.length ? { clients: found, nextCursor: String(at) } : { clients: found });
  };
}

function setup(handlers: Record<string, Handler | unknown> = {}, list: ClientDto[] = clients) {
  server = [...list];
  const api = fixtureApi({
    'GET /api/admin/clients': listHandler(),
    'GET /api/admin/client-totals': () => Promise.resolve(serverTotals()),
    'GET /api/admin/withdrawal-requests?status=pending': [],
    ...handlers,
  });
  const backend = fakeAuth(adminUser);
  renderApp('/admin', { backend, api });
  return { api, backend };
}

const row = async (email: string) => within(await screen.findByRole('listitem', { name: email }));
const names = () => screen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label')).filter((n) => n && n.includes('@') && !n.startsWith('Withdrawal'));

describe('admin guard', () => {
  it('shows the spinner while the client list loads', async () => {
    let release: ((v: unknown) => void) | null = null;
    setup({ 'GET /api/admin/clients': () => new Promise((r) => (release = r)) });
    await waitFor(() => expect(release).not.toBeNull());
    expect(screen.getByText('Loading admin panel...')).toBeInTheDocument();
    release!({ clients });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('sends a non-admin (403) to the dashboard without showing admin data', async () => {
    const api = fixtureApi({ 'GET /api/admin/clients': () => Promise.reject(apiError(403, 'Administrator access required')) });
    renderApp('/admin', { backend: fakeAuth(alice), api });
    expect(await screen.findByText('Portfolio Dashboard')).toBeInTheDocument();
    expect(screen.queryByText('Admin Dashboard')).not.toBeInTheDocument();
    expect(screen.queryByText('Client Portfolios')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/')).map((c) => c.path)).toEqual(['/api/admin/clients']);
  });

  it('shows the 404 page for other paths under /admin', async () => {
    renderApp('/admin/nope', { backend: fakeAuth(adminUser), api: fixtureApi({}) });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

describe('admin dashboard', () => {
  it('shows the header and the summary figures', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Client Management')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdrawal Alerts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    // The cards show the server's totals, not a sum of the rows.
    expect(await screen.findByText('$5,750.50')).toBeInTheDocument();
    expect(screen.getByText('Total Clients').parentElement).toHaveTextContent('3');
    expect(screen.getByText('Active portfolios')).toBeInTheDocument();
    expect(screen.getByText('Assets under management')).toBeInTheDocument();
    expect(screen.getByText('+1.00%')).toBeInTheDocument();
    expect(screen.getByText('Portfolio performance')).toBeInTheDocument();
    const a = await row('alice@example.com');
    expect(a.getByText('$1,500.50')).toBeInTheDocument();
    expect(a.getByText('+1.50% this week')).toBeInTheDocument();
    expect(a.getByText(/Last updated/)).toBeInTheDocument();
    expect(a.getByText(/Next withdrawal/)).toBeInTheDocument();
    expect((await row('Bob@Example.com')).getByText('-0.50% this week')).toBeInTheDocument();
    expect((await row('Bob@Example.com')).queryByText(/Next withdrawal/)).not.toBeInTheDocument();
  });

  it('searches case-insensitively and says when nothing matches', async () => {
    setup();
    const search = await screen.findByLabelText('Search clients by email...');
    await userEvent.type(search, 'EXAMPLE');
    await waitFor(() => expect(names()).toEqual(['alice@example.com', 'Bob@Example.com']));
    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(await screen.findByText('No clients found matching your search.')).toBeInTheDocument();
  });

  it('says when there are no clients', async () => {
    setup({}, []);
    expect(await screen.findByText('No clients available.')).toBeInTheDocument();
    expect(screen.getByText('No pending withdrawal requests')).toBeInTheDocument();
  });

  it('sorts by balance and resets to the API order', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Highest First' }));
    await waitFor(() => expect(names()).toEqual(['carol@test.org', 'alice@example.com', 'Bob@Example.com']));
    await userEvent.click(screen.getByRole('button', { name: 'Lowest First' }));
    await waitFor(() => expect(names()).toEqual(['Bob@Example.com', 'alice@example.com', 'carol@test.org']));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(names()).toEqual(['alice@example.com', 'Bob@Example.com', 'carol@test.org']));
    expect(screen.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  const many = (n: number): ClientDto[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `m${i}`,
      email: `client${String(i).padStart(3, '0')}@example.com`,
      displayName: `Client ${i}`,
      // The richest client sits on the last page of the server's order, the poorest on the first.
      portfolio: { balance: i === 110 ? 99_000 : 1000 + i, weeklyGain: 1, lastUpdate: '2025-03-03T00:00:00.000Z' },
    }));

  it('shows the list a page at a time from the server, which sorts and searches every client', async () => {
    const { api } = setup({}, many(120));
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    await waitFor(() => expect(screen.getByText('Total Clients').parentElement).toHaveTextContent('120'));
    expect(names()).toHaveLength(50);
    expect(names()[0]).toBe('client000@example.com');
    const pager = within(screen.getByRole('navigation', { name: 'Client list pages' }));
    expect(pager.getByText('Showing 1–50 of 120 clients')).toBeInTheDocument();
    expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await userEvent.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(names()[0]).toBe('client050@example.com'));
    await userEvent.click(pager.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pager.getByText('Showing 101–120 of 120 clients')).toBeInTheDocument());
    expect(pager.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(names()).toHaveLength(20);
    expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(pager.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(names()[0]).toBe('client050@example.com'));
    // Each page is the server's: the browser never asked for more than a page (and one just read is not read again at once).
    const listCalls = () => api.calls.filter((c) => c.path.startsWith('/api/admin/clients'));
    expect(listCalls().map((c) => c.path)).toEqual(['/api/admin/clients', '/api/admin/clients?cursor=50', '/api/admin/clients?cursor=100']);

    // Sorting goes back to the first page, ranked by the server over every client.
    await userEvent.click(screen.getByRole('button', { name: 'Highest First' }));
    await waitFor(() => expect(names()[0]).toBe('client110@example.com'));
    expect(screen.getByText('Showing 1–50 of 120 clients')).toBeInTheDocument();

    // A search, once typing pauses, asks the server once, and finds a client from any page.
    const before = listCalls().length;
    await userEvent.type(screen.getByLabelText('Search clients by email...'), 'client11');
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()).toEqual(['client110@example.com', 'client119@example.com', 'client118@example.com', 'client117@example.com', 'client116@example.com', 'client115@example.com', 'client114@example.com', 'client113@example.com', 'client112@example.com', 'client111@example.com']);
    expect(listCalls().slice(before).map((c) => c.path)).toEqual(['/api/admin/clients?sort=balance-desc&search=client11']);
    expect(screen.queryByRole('navigation', { name: 'Client list pages' })).not.toBeInTheDocument();
  });

  it('turns one page at a time: Next waits for the page it asked for', async () => {
    const pages = listHandler();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    setup({ 'GET /api/admin/clients': async (body: unknown, path: string) => (path.includes('cursor=50') && (await held), pages(body, path)) }, many(160));
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    const next = () => within(screen.getByRole('navigation', { name: 'Client list pages' })).getByRole('button', { name: 'Next' });
    await userEvent.click(next());
    // Page 2 is on its way: a second Next would skip to page 3 with page 2's rows.
    expect(await screen.findByText('Loading clients...')).toBeInTheDocument();
    expect(next()).toBeDisabled();
    release();
    await waitFor(() => expect(names()[0]).toBe('client050@example.com'));
    await waitFor(() => expect(next()).toBeEnabled());
    await userEvent.click(next());
    await waitFor(() => expect(names()[0]).toBe('client100@example.com'));
    expect(screen.getByText('Showing 101–150 of 160 clients')).toBeInTheDocument();
  });

  it('fills a search page from the server answers that read only part of the book', async () => {
    const partial = listHandler(30);
    // The search for '1' is held until the test lets it answer, to see the page meanwhile.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api } = setup({ 'GET /api/admin/clients': async (body: unknown, path: string) => (path.includes('search=1') && (await held), partial(body, path)) }, many(120));
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    await userEvent.type(screen.getByLabelText('Search clients by email...'), 'e');
    // Every e-mail has an 'e': more than a page, found 30 clients at a time. A search's matches are not counted.
    const pager = () => within(screen.getByRole('navigation', { name: 'Client list pages' }));
    await waitFor(() => expect(pager().getByText('Showing 1–50')).toBeInTheDocument());
    expect(names()).toHaveLength(50);
    expect(pager().getByText('Page 1')).toBeInTheDocument();
    const searches = api.calls.filter((c) => c.path.includes('search=')).map((c) => c.path);
    expect(searches[0]).toBe('/api/admin/clients?search=e');
    expect(searches.length).toBeGreaterThan(1);
    expect(searches.slice(1).every((path) => /cursor=\d+&limit=\d+$/.test(path))).toBe(true);
    // 39 clients have a '1' in their e-mail, found over 4 answers: one page, and the rows of the last search are never shown meanwhile.
    await userEvent.clear(screen.getByLabelText('Search clients by email...'));
    await userEvent.type(screen.getByLabelText('Search clients by email...'), '1');
    expect(await screen.findByText('Searching clients...')).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem', { name: /@example\.com$/ })).toHaveLength(0);
    release();
    await waitFor(() => expect(names()).toHaveLength(39));
    expect(names().every((email) => email?.includes('1'))).toBe(true);
    expect(screen.queryByRole('navigation', { name: 'Client list pages' })).not.toBeInTheDocument();
    // Nothing matches: the whole book is read, 30 at a time, before the page says so.
    await userEvent.clear(screen.getByLabelText('Search clients by email...'));
    await userEvent.type(screen.getByLabelText('Search clients by email...'), 'nobody');
    expect(await screen.findByText('No clients found matching your search.')).toBeInTheDocument();
  });

  it('says when the list cannot be read, and reads it again on Retry', async () => {
    let fail = false;
    const ok = listHandler();
    setup({ 'GET /api/admin/clients': (body: unknown, path: string) => (fail && path.includes('sort=') ? Promise.reject(apiError(500, 'boom')) : ok(body, path)) });
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Highest First' }));
    expect(await screen.findByText('Failed to load clients data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(names()).toEqual(['carol@test.org', 'alice@example.com', 'Bob@Example.com']));
  });

  it('keeps one editor open per row', async () => {
    setup();
    const a = await row('alice@example.com');
    await userEvent.click(a.getByRole('button', { name: 'Edit Balance' }));
    expect(a.getByLabelText('New balance')).toBeInTheDocument();
    await userEvent.click(a.getByRole('button', { name: 'Add Deposit' }));
    expect(a.queryByLabelText('New balance')).not.toBeInTheDocument();
    expect(a.getByLabelText('Date')).toBeInTheDocument();
    await userEvent.click(a.getByRole('button', { name: 'Process Withdrawal' }));
    expect(a.queryByLabelText('Date')).not.toBeInTheDocument();
    expect(a.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    await userEvent.click(a.getByRole('button', { name: 'Cancel' }));
    expect(a.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('edits a balance: validation, then success', async () => {
    const { api } = setup({
      'PUT /api/admin/clients/c2/balance': () => {
        serverSets('c2', 999.99);
        return Promise.resolve({ success: true });
      },
    });
    const b = await row('Bob@Example.com');
    await userEvent.click(b.getByRole('button', { name: 'Edit Balance' }));
    const input = b.getByLabelText('New balance');
    await userEvent.clear(input);
    await userEvent.click(b.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a valid positive number')).toBeInTheDocument();
    expect(screen.getByText('Invalid Amount')).toBeInTheDocument();
    await userEvent.type(input, '999.99');
    await userEvent.click(b.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Balance updated successfully')).toBeInTheDocument();
    expect(b.getByText('$999.99')).toBeInTheDocument();
    expect(b.queryByLabelText('New balance')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ balance: 999.99 });
    // The totals are read again after the change.
    expect(await screen.findByText('$6,500.49')).toBeInTheDocument();
  });

  it('says the balance update failed when the request fails without a server error', async () => {
    setup({ 'PUT /api/admin/clients/c2/balance': () => Promise.reject(new Error('offline')) });
    const b = await row('Bob@Example.com');
    await userEvent.click(b.getByRole('button', { name: 'Edit Balance' }));
    await userEvent.click(b.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update balance')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('adds a deposit: validation, then newBalance and the toast', async () => {
    const { api } = setup({ 'POST /api/admin/clients/c1/deposit': { success: true, newBalance: 1600.5 } });
    const a = await row('alice@example.com');
    await userEvent.click(a.getByRole('button', { name: 'Add Deposit' }));
    const amount = a.getByLabelText('Amount');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '0');
    expect((a.getByLabelText('Date') as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await userEvent.type(amount, '0');
    await userEvent.click(a.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Please enter a valid positive deposit amount')).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.type(a.getByLabelText('Note'), '  March transfer  ');
    await userEvent.click(a.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Deposit of $100.00 added successfully')).toBeInTheDocument();
    expect(a.getByText('$1,600.50')).toBeInTheDocument();
    expect(a.queryByLabelText('Amount')).not.toBeInTheDocument();
    const call = api.calls.find((c) => c.method === 'POST');
    expect(call?.body).toMatchObject({ amount: 100, note: 'March transfer' });
    const depositAt = Date.parse((call?.body as { timestamp: string }).timestamp);
    expect(depositAt).not.toBeNaN();
    // The listed date (2025-06-01) has passed: the new deposit's date is now the next one.
    expect(a.getByText(`Next withdrawal: ${dateText(new Date(eligibleAt(depositAt)).toISOString())}`)).toBeInTheDocument();
  });

  it('shows the next withdrawal date a first deposit brings, and none for one already eligible', async () => {
    setup({ 'POST /api/admin/clients/c2/deposit': { success: true, newBalance: 350 } });
    const b = await row('Bob@Example.com');
    const deposit = async (date: string) => {
      await userEvent.click(b.getByRole('button', { name: 'Add Deposit' }));
      await userEvent.type(b.getByLabelText('Amount'), '50');
      if (date) {
        await userEvent.clear(b.getByLabelText('Date'));
        await userEvent.type(b.getByLabelText('Date'), date);
      }
      await userEvent.click(b.getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(b.queryByLabelText('Amount')).not.toBeInTheDocument());
    };
    // Seven months back: eligible already, so nothing ahead.
    const past = new Date(Date.now() - 213 * 24 * 3600 * 1000);
    await deposit(`${past.getFullYear()}-${String(past.getMonth() + 1).padStart(2, '0')}-${String(past.getDate()).padStart(2, '0')}`);
    expect(b.queryByText(/Next withdrawal/)).not.toBeInTheDocument();
    await deposit('');
    expect(b.getByText(/Next withdrawal/)).toBeInTheDocument();
  });

  it('processes a withdrawal, and a 409 changes nothing', async () => {
    let fail = true;
    const { api } = setup({
      'POST /api/admin/clients/c2/withdrawal': () =>
        fail ? Promise.reject(apiError(409, 'Insufficient balance for this withdrawal')) : { success: true, newBalance: 200 },
    });
    const b = await row('Bob@Example.com');
    await userEvent.click(b.getByRole('button', { name: 'Process Withdrawal' }));
    await userEvent.click(b.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Please enter a valid positive withdrawal amount')).toBeInTheDocument();
    await userEvent.type(b.getByLabelText('Amount'), '5000');
    await userEvent.click(b.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Insufficient balance for this withdrawal')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(b.getByText('$250.00')).toBeInTheDocument();
    expect(b.getByLabelText('Amount')).toBeInTheDocument();
    fail = false;
    await userEvent.clear(b.getByLabelText('Amount'));
    await userEvent.type(b.getByLabelText('Amount'), '50');
    await userEvent.click(b.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal of $50.00 processed successfully')).toBeInTheDocument();
    expect(b.getByText('$200.00')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ amount: 50, note: '' });
  });

  it('shows the history: loading, entries with the admin, and reloads after a deposit', async () => {
    let release: (v: TransactionDto[]) => void = () => undefined;
    let answer: TransactionDto[] | null = null;
    const tx: TransactionDto = {
      id: 't1', type: 'deposit', amount: 100, direction: 'in', timestamp: '2025-03-01T10:00:00.000Z', note: 'Wire', adminEmail: 'admin@example.com',
    };
    const { api } = setup({
      'GET /api/admin/clients/c1/transactions': () => answer ?? new Promise<TransactionDto[]>((r) => (release = r)),
      'POST /api/admin/clients/c1/deposit': { success: true, newBalance: 1550.5 },
    });
    const a = await row('alice@example.com');
    await userEvent.click(a.getByRole('button', { name: 'View Transaction History' }));
    expect(a.getByText('Loading transactions...')).toBeInTheDocument();
    release([tx]);
    expect(await a.findByText('by admin@example.com')).toBeInTheDocument();
    expect(a.getByText('+$100.00')).toBeInTheDocument();
    expect(a.getByText('deposit')).toBeInTheDocument();
    expect(a.getByText('Wire')).toBeInTheDocument();
    answer = [{ ...tx, id: 't2', amount: 50, note: 'Second' }, tx];
    await userEvent.click(a.getByRole('button', { name: 'Add Deposit' }));
    await userEvent.type(a.getByLabelText('Amount'), '50');
    await userEvent.click(a.getByRole('button', { name: 'Add' }));
    expect(await a.findByText('Second')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith('/transactions'))).toHaveLength(2);
    await userEvent.click(a.getByRole('button', { name: 'View Transaction History' }));
    expect(a.queryByText('Second')).not.toBeInTheDocument();
  });

  it('shows the empty history and the load failure', async () => {
    setup({
      'GET /api/admin/clients/c1/transactions': [],
      'GET /api/admin/clients/c2/transactions': () => Promise.reject(apiError(500, 'boom')),
    });
    const a = await row('alice@example.com');
    await userEvent.click(a.getByRole('button', { name: 'View Transaction History' }));
    expect(await a.findByText('No transactions found')).toBeInTheDocument();
    expect(a.getByText('Deposits and withdrawals will appear here')).toBeInTheDocument();
    const b = await row('Bob@Example.com');
    await userEvent.click(b.getByRole('button', { name: 'View Transaction History' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load transaction history');
  });

  it('deletes a client after confirmation', async () => {
    const { api } = setup({
      'DELETE /api/admin/clients/c2': () => {
        server = server.filter((c) => c.id !== 'c2');
        return Promise.resolve({ success: true });
      },
    });
    const b = await row('Bob@Example.com');
    await userEvent.click(b.getByRole('button', { name: 'Delete Client' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete client Bob@Example.com? This action cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(b.getByRole('button', { name: 'Delete Client' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Client deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Bob@Example.com' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByText('Total Clients').parentElement).toHaveTextContent('2'));
  });

  it('reports a failed deletion with the server error', async () => {
    setup({ 'DELETE /api/admin/clients/c2': () => Promise.reject(apiError(400, 'You cannot delete your own account')) });
    const b = await row('Bob@Example.com');
    await userEvent.click(b.getByRole('button', { name: 'Delete Client' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('You cannot delete your own account')).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Bob@Example.com', hidden: true })).toBeInTheDocument();
  });

  it('approves a pending request and refreshes the balance', async () => {
    setup({
      'GET /api/admin/withdrawal-requests?status=pending': pending,
      'POST /api/admin/withdrawal-requests/r1/approve': { success: true, newBalance: 1380.5 },
    });
    const r = within(await screen.findByRole('listitem', { name: 'Withdrawal request of alice@example.com' }));
    expect(r.getByText('$120.00')).toBeInTheDocument();
    expect(r.getByText(/Requested/)).toBeInTheDocument();
    await userEvent.click(r.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Withdrawal approved')).toBeInTheDocument();
    expect((await row('alice@example.com')).getByText('$1,380.50')).toBeInTheDocument();
    expect(screen.getByText('No pending withdrawal requests')).toBeInTheDocument();
  });

  it('shows the server error when approval conflicts', async () => {
    setup({
      'GET /api/admin/withdrawal-requests?status=pending': pending,
      'POST /api/admin/withdrawal-requests/r1/approve': () => Promise.reject(apiError(409, 'Insufficient balance for this withdrawal')),
    });
    const r = within(await screen.findByRole('listitem', { name: 'Withdrawal request of alice@example.com' }));
    await userEvent.click(r.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Insufficient balance for this withdrawal')).toBeInTheDocument();
    expect((await row('alice@example.com')).getByText('$1,500.50')).toBeInTheDocument();
  });

  it('rejects a pending request with a required reason', async () => {
    const { api } = setup({
      'GET /api/admin/withdrawal-requests?status=pending': pending,
      'POST /api/admin/withdrawal-requests/r1/reject': { success: true },
    });
    const r = within(await screen.findByRole('listitem', { name: 'Withdrawal request of alice@example.com' }));
    await userEvent.click(r.getByRole('button', { name: 'Reject' }));
    await userEvent.click(r.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText('Please give a reason for the rejection')).toBeInTheDocument();
    await userEvent.type(r.getByLabelText(/Reason/), 'Not enough documentation');
    await userEvent.click(r.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: 'Not enough documentation' });
    expect(screen.getByText('No pending withdrawal requests')).toBeInTheDocument();
  });

  it('exports the balances: starts the export, asks after it until it is ready, then downloads from its link', async () => {
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.href);
    });
    try {
      const startedAt = '2026-11-25T08:00:00.000Z';
      let asked = 0;
      const { api } = setup({
        'POST /api/admin/statements/balances/exports': { exportId: 'e1', status: 'running', startedAt },
        'GET /api/admin/statements/balances/exports/e1': () =>
          Promise.resolve(++asked < 2 ? { exportId: 'e1', status: 'running', startedAt } : { exportId: 'e1', status: 'ready', startedAt, rows: 3, url: 'https://exports.example/balances/e1.csv?X-Amz-Signature=s', linkExpiresAt: startedAt }),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Export Balances (CSV)' }));
      expect(await screen.findByText('Preparing export...')).toBeInTheDocument();
      await waitFor(() => expect(downloads).toEqual(['https://exports.example/balances/e1.csv?X-Amz-Signature=s']), { timeout: 5000 });
      expect(api.calls.filter((c) => c.path.includes('/exports')).map((c) => `${c.method} ${c.path}`)).toEqual([
        'POST /api/admin/statements/balances/exports',
        'GET /api/admin/statements/balances/exports/e1',
        'GET /api/admin/statements/balances/exports/e1',
      ]);
      await waitFor(() => expect(screen.getByRole('button', { name: 'Export Balances (CSV)' })).toBeEnabled());
    } finally {
      click.mockRestore();
    }
  });

  it('says when an export failed, and downloads nothing', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click');
    try {
      setup({
        'POST /api/admin/statements/balances/exports': { exportId: 'e2', status: 'running', startedAt: '2026-11-25T08:00:00.000Z' },
        'GET /api/admin/statements/balances/exports/e2': { exportId: 'e2', status: 'failed', startedAt: '2026-11-25T08:00:00.000Z' },
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Export Balances (CSV)' }));
      expect(await screen.findByText('Failed to export balances', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(click).not.toHaveBeenCalled();
    } finally {
      click.mockRestore();
    }
  });

  it('logs out to the sign-in page', async () => {
    const { backend } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalled();
  });
});
