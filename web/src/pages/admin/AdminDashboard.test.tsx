import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientDto, TransactionDto, WithdrawalRequestDto } from '../../../../shared/api';
import { eligibleAt } from '../../../../shared/eligibility';
import { formatDate as dateText } from '../../format';
import type { PendingActionDto } from '../../api/admin-types';
import { othersDeposit } from '../../test/admin-fixtures';
import { adminUser, alice, apiError, fakeAuth, fixtureApi, type Handler, renderApp } from '../../test/harness';
import { aliceClient } from '../../test/client-fixtures';
import { alicePage } from '../../test/client-page-fixtures';
import { aliceIban } from '../../test/payout-fixtures';

const clients: ClientDto[] = [
  aliceClient,
  {
    id: 'c2',
    email: 'Bob@Example.com',
    displayName: 'Bob',
    portfolio: { balance: 250, weeklyGain: -0.5, weeklyGainAmount: -1.26, lastUpdate: '2025-03-03T00:00:00.000Z' },
  },
  {
    id: 'c3',
    email: 'carol@test.org',
    displayName: 'Carol',
    portfolio: { balance: 4000, weeklyGain: 2, weeklyGainAmount: 78.43, lastUpdate: '2025-03-03T00:00:00.000Z' },
  },
];

/** The server's 202 for a move above the threshold: nothing moved, the action waits. */
const proposed = (action: Partial<PendingActionDto>) => ({
  success: true,
  pending: true,
  action: { ...othersDeposit, ...action },
});

const pending: WithdrawalRequestDto[] = [
  {
    id: 'r1',
    userId: 'c1',
    userEmail: 'alice@example.com',
    amount: 120,
    status: 'pending',
    createdAt: '2025-03-01T10:00:00.000Z',
  },
];

/** The clients as the server holds them: its totals (its aggregate) follow the changes tests make here. */
let server: ClientDto[] = [];
const cents = (dollars: number) => Math.round(dollars * 100);
const serverTotals = () => ({
  totalClients: server.length,
  totalPortfolioValue: server.reduce((sum, c) => sum + cents(c.portfolio.balance), 0) / 100,
  averageWeeklyGain: server.length ? server.reduce((sum, c) => sum + c.portfolio.weeklyGain, 0) / server.length : 0,
});
const serverSets = (id: string, balance: number) =>
  (server = server.map((c) => (c.id === id ? { ...c, portfolio: { ...c.portfolio, balance } } : c)));

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
    const ordered = sort
      ? [...server].sort((a, b) => (sort === 'balance-desc' ? -1 : 1) * (a.portfolio.balance - b.portfolio.balance))
      : server;
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

function setup(handlers: Record<string, unknown> = {}, list: ClientDto[] = clients) {
  server = [...list];
  const api = fixtureApi({
    'GET /api/admin/clients': listHandler(),
    'GET /api/admin/client-totals': () => Promise.resolve(serverTotals()),
    'GET /api/admin/withdrawal-requests?status=pending': [],
    'GET /api/admin/pending-actions': [],
    ...handlers,
  });
  const backend = fakeAuth(adminUser);
  renderApp('/admin', { backend, api });
  return { api, backend };
}

/** A client's row of the table, by the client's e-mail (also while a dialog hides the page from assistive technology). */
const row = async (email: string) => within(await screen.findByRole('row', { name: email, hidden: true }));
/** The e-mails of the rows shown, in order (the header row has no name). */
const names = () =>
  screen
    .queryAllByRole('row')
    .map((r) => r.getAttribute('aria-label'))
    .filter((n): n is string => Boolean(n));

/** Opens a row's menu and picks `item`; answers the dialog it opens, if any. */
async function choose(email: string, item: string) {
  await userEvent.click((await row(email)).getByRole('button', { name: /^Actions for / }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}
const dialog = async (name: string) => within(await screen.findByRole('dialog', { name }));
/** The value a dialog's review gives for `term`. */
const fact = (d: ReturnType<typeof within>, term: string) =>
  d.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

/** The amount's problem: "Invalid Amount" over its message at the top of the form, the field marked and pointing to it. */
async function expectInvalidAmount(d: ReturnType<typeof within>, input: HTMLElement, message: string) {
  const alert = await d.findByRole('alert');
  expect(within(alert).getByText('Invalid Amount')).toBeInTheDocument();
  expect(within(alert).getByText(message)).toBeInTheDocument();
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input.getAttribute('aria-describedby')).toBe(alert.id);
}

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
    const api = fixtureApi({
      'GET /api/admin/clients': () => Promise.reject(apiError(403, 'Administrator access required')),
    });
    renderApp('/admin', { backend: fakeAuth(alice), api });
    expect(await screen.findByText('Portfolio Dashboard')).toBeInTheDocument();
    expect(screen.queryByText('Admin Dashboard')).not.toBeInTheDocument();
    expect(screen.queryByText('Client Portfolios')).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/admin/')).map((c) => c.path)).toEqual([
      '/api/admin/clients',
    ]);
  });

  it('shows the 404 page for other paths under /admin', async () => {
    renderApp('/admin/nope', { backend: fakeAuth(adminUser), api: fixtureApi({}) });
    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });
});

describe('admin dashboard', () => {
  it('shows the header, the navigation, the totals saying what they count, and the client table', async () => {
    setup({ 'GET /api/admin/pending-actions': [othersDeposit] });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText('Client Management')).toBeInTheDocument();
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Administration' }));
    expect(nav.getByRole('link', { name: 'Clients' })).toHaveAttribute('aria-current', 'page');
    expect(nav.getByRole('link', { name: 'Activity' })).toHaveAttribute('href', '/admin/activity');
    expect(nav.getByRole('link', { name: 'Withdrawal Alerts' })).toHaveAttribute('href', '/admin/withdrawal-alerts');
    // The count of actions waiting for a second administrator, said in words to a screen reader.
    expect(await nav.findByRole('link', { name: 'Approvals , 1 action waiting' })).toHaveAttribute(
      'href',
      '/admin/approvals',
    );
    // The cards show the server's totals, not a sum of the rows.
    expect(await screen.findByText('$5,750.50')).toBeInTheDocument();
    expect(screen.getByText('Total Clients', { selector: 'dt' }).parentElement).toHaveTextContent('3');
    expect(screen.getByText('Active portfolios (administrators not counted)')).toBeInTheDocument();
    expect(screen.getByText('Total Portfolio Value').parentElement).toHaveTextContent('$5,750.50');
    expect(screen.getByText('Assets under management')).toBeInTheDocument();
    expect(screen.getByText('Average Weekly Gain').parentElement).toHaveTextContent('+1.00%');
    expect(screen.getByText('Portfolio performance')).toBeInTheDocument();

    const table = within(screen.getByRole('table', { name: 'Clients' }));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Client↑',
      'Balance↕',
      'This week',
      'Actions',
    ]);
    const a = await row('alice@example.com');
    expect(a.getByText('Alice Example')).toBeInTheDocument();
    // The client's name opens their page.
    expect(a.getByRole('link', { name: 'Alice Example' })).toHaveAttribute('href', '/admin/clients/c1');
    expect(a.getByText('alice@example.com')).toBeInTheDocument();
    expect(a.getByTestId('balance')).toHaveTextContent('$1,500.50');
    expect(a.getByText('+$22.17')).toBeInTheDocument();
    expect(a.getByText('+1.50% this week')).toBeInTheDocument();
    expect(a.getByText(`Last updated ${dateText('2025-03-03T00:00:00.000Z')}`)).toBeInTheDocument();
    expect(a.getByText(`Next withdrawal ${dateText('2025-06-01T00:00:00.000Z')}`)).toBeInTheDocument();
    const b = await row('Bob@Example.com');
    expect(b.getByText('-$1.26')).toBeInTheDocument();
    expect(b.getByText('-0.50% this week')).toBeInTheDocument();
    expect(b.getByText(`Last updated ${dateText('2025-03-03T00:00:00.000Z')}`)).toBeInTheDocument();
    // No deposit still to become eligible: no next withdrawal date.
    expect(b.queryByText(/Next withdrawal/)).not.toBeInTheDocument();
  });

  it('names a client without a display name by the e-mail, once', async () => {
    setup({}, [{ ...(clients[1] as ClientDto), displayName: '' }]);
    const b = await row('Bob@Example.com');
    expect(b.getAllByText('Bob@Example.com')).toHaveLength(1);
    expect(b.getByRole('button', { name: 'Actions for Bob@Example.com' })).toBeInTheDocument();
  });

  it("opens a client's page from the client's name in the table", async () => {
    const { api } = setup({
      'GET /api/admin/clients/c2': { ...alicePage(), client: { ...alicePage().client, id: 'c2' } },
    });
    await userEvent.click((await row('Bob@Example.com')).getByRole('link', { name: 'Bob' }));
    expect(await screen.findByRole('region', { name: 'Ledger' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/admin');
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/clients/c2');
  });

  it("keeps each row's actions in a menu named after the client, which the keyboard can work", async () => {
    setup();
    const a = await row('alice@example.com');
    const button = a.getByRole('button', { name: 'Actions for Alice Example (alice@example.com)' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'Actions for Alice Example (alice@example.com)' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Deposit', 'Withdraw', 'Edit balance', 'Transactions', 'Activity', 'Delete client']);
    expect(within(menu).getByRole('menuitem', { name: 'Deposit' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: 'Delete client' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Deposit' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    // A click elsewhere closes it too.
    await userEvent.click(button);
    await screen.findByRole('menu');
    await userEvent.click(screen.getByRole('heading', { name: 'Admin Dashboard' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
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

  it("sorts by the server's orders from the column headers: balance either way, back to e-mail", async () => {
    setup();
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Client')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Balance')).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(names()).toEqual(['carol@test.org', 'alice@example.com', 'Bob@Example.com']));
    expect(header('Balance')).toHaveAttribute('aria-sort', 'descending');
    expect(header('Client')).toHaveAttribute('aria-sort', 'none');
    await userEvent.click(screen.getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(names()).toEqual(['Bob@Example.com', 'alice@example.com', 'carol@test.org']));
    expect(header('Balance')).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Client' }));
    await waitFor(() => expect(names()).toEqual(['alice@example.com', 'Bob@Example.com', 'carol@test.org']));
    expect(header('Client')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by balance with "Highest First" and "Lowest First", one order with the column headers, and "Reset" only while sorted', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    const sorts = within(screen.getByRole('group', { name: 'Sort by balance' }));
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // Unsorted by default (the server's e-mail order), so nothing to reset.
    expect(sorts.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
    expect(sorts.getByRole('button', { name: 'Highest First' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(sorts.getByRole('button', { name: 'Highest First' }));
    await waitFor(() => expect(names()).toEqual(['carol@test.org', 'alice@example.com', 'Bob@Example.com']));
    expect(sorts.getByRole('button', { name: 'Highest First' })).toHaveAttribute('aria-pressed', 'true');
    expect(header('Balance')).toHaveAttribute('aria-sort', 'descending');
    await userEvent.click(sorts.getByRole('button', { name: 'Lowest First' }));
    await waitFor(() => expect(names()).toEqual(['Bob@Example.com', 'alice@example.com', 'carol@test.org']));
    expect(header('Balance')).toHaveAttribute('aria-sort', 'ascending');
    // The column header turns the same order: the buttons follow it.
    await userEvent.click(screen.getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(names()).toEqual(['carol@test.org', 'alice@example.com', 'Bob@Example.com']));
    expect(sorts.getByRole('button', { name: 'Highest First' })).toHaveAttribute('aria-pressed', 'true');
    expect(sorts.getByRole('button', { name: 'Lowest First' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(sorts.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(names()).toEqual(['alice@example.com', 'Bob@Example.com', 'carol@test.org']));
    expect(header('Client')).toHaveAttribute('aria-sort', 'ascending');
    expect(sorts.queryByRole('button', { name: 'Reset' })).not.toBeInTheDocument();
  });

  it('opens on a search a link asks for (/admin?search=...)', async () => {
    server = [...clients];
    const api = fixtureApi({
      'GET /api/admin/clients': listHandler(),
      'GET /api/admin/client-totals': () => Promise.resolve(serverTotals()),
      'GET /api/admin/withdrawal-requests?status=pending': [],
      'GET /api/admin/pending-actions': [],
    });
    renderApp('/admin?search=carol%40test.org', { backend: fakeAuth(adminUser), api });
    await waitFor(() => expect(names()).toEqual(['carol@test.org']));
    expect(screen.getByLabelText('Search clients by email...')).toHaveValue('carol@test.org');
  });

  const many = (n: number): ClientDto[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `m${i}`,
      email: `client${String(i).padStart(3, '0')}@example.com`,
      displayName: `Client ${i}`,
      // The richest client sits on the last page of the server's order, the poorest on the first.
      portfolio: {
        balance: i === 110 ? 99_000 : 1000 + i,
        weeklyGain: 1,
        weeklyGainAmount: 10,
        lastUpdate: '2025-03-03T00:00:00.000Z',
      },
    }));

  it('shows the list a page at a time from the server, which sorts and searches every client', async () => {
    const { api } = setup({}, many(120));
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    await waitFor(() =>
      expect(screen.getByText('Total Clients', { selector: 'dt' }).parentElement).toHaveTextContent('120'),
    );
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
    // Each page is the server's: the browser never asked for more than a page. (Going back may read
    // page 2 again: SWR skips a repeat only within 2 s, which a loaded machine can outlast.)
    const listCalls = () => api.calls.filter((c) => c.path.startsWith('/api/admin/clients'));
    expect([...new Set(listCalls().map((c) => c.path))]).toEqual([
      '/api/admin/clients',
      '/api/admin/clients?cursor=50',
      '/api/admin/clients?cursor=100',
    ]);

    // Sorting goes back to the first page, ranked by the server over every client.
    await userEvent.click(screen.getByRole('button', { name: 'Balance' }));
    await waitFor(() => expect(names()[0]).toBe('client110@example.com'));
    expect(screen.getByText('Showing 1–50 of 120 clients')).toBeInTheDocument();

    // A search, once typing pauses, asks the server once, and finds a client from any page.
    const before = listCalls().length;
    await userEvent.type(screen.getByLabelText('Search clients by email...'), 'client11');
    await waitFor(() => expect(names()).toHaveLength(10));
    expect(names()).toEqual([
      'client110@example.com',
      'client119@example.com',
      'client118@example.com',
      'client117@example.com',
      'client116@example.com',
      'client115@example.com',
      'client114@example.com',
      'client113@example.com',
      'client112@example.com',
      'client111@example.com',
    ]);
    expect(
      listCalls()
        .slice(before)
        .map((c) => c.path),
    ).toEqual(['/api/admin/clients?sort=balance-desc&search=client11']);
    expect(screen.queryByRole('navigation', { name: 'Client list pages' })).not.toBeInTheDocument();
  });

  it('turns one page at a time: Next waits for the page it asked for', async () => {
    const pages = listHandler();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    setup(
      {
        'GET /api/admin/clients': async (body: unknown, path: string) => (
          path.includes('cursor=50') && (await held),
          pages(body, path)
        ),
      },
      many(160),
    );
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    const next = () =>
      within(screen.getByRole('navigation', { name: 'Client list pages' })).getByRole('button', { name: 'Next' });
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
    const { api } = setup(
      {
        'GET /api/admin/clients': async (body: unknown, path: string) => (
          path.includes('search=1') && (await held),
          partial(body, path)
        ),
      },
      many(120),
    );
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
    expect(screen.queryAllByRole('row', { name: /@example\.com$/ })).toHaveLength(0);
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
    setup({
      'GET /api/admin/clients': (body: unknown, path: string) =>
        fail && path.includes('sort=') ? Promise.reject(apiError(500, 'boom')) : ok(body, path),
    });
    await screen.findByRole('heading', { name: 'Admin Dashboard' });
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Balance' }));
    const failed = await screen.findByRole('alert');
    expect(within(failed).getByText('Error')).toBeInTheDocument();
    expect(within(failed).getByText('Failed to load clients data')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(names()).toEqual(['carol@test.org', 'alice@example.com', 'Bob@Example.com']));
  });

  it('edits a balance: the field says what is wrong, the review shows before and after, then it is confirmed', async () => {
    const { api } = setup({
      'PUT /api/admin/clients/c2/balance': () => {
        serverSets('c2', 999.99);
        return Promise.resolve({ success: true, newBalance: 999.99 });
      },
    });
    await choose('Bob@Example.com', 'Edit balance');
    const d = await dialog('Edit balance');
    expect(d.getByText('Bob')).toBeInTheDocument();
    expect(d.getByText('Bob@Example.com')).toBeInTheDocument();
    const input = d.getByLabelText('New balance');
    expect(input).toHaveValue(250);
    await userEvent.clear(input);
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    await expectInvalidAmount(d, input, 'Please enter a valid positive number');
    await userEvent.type(input, '999.99');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    expect(fact(d, 'New balance')).toBe('$999.99');
    expect(fact(d, 'Change')).toBe('+$749.99');
    expect(fact(d, 'Balance before')).toBe('$250.00');
    expect(fact(d, 'Balance after')).toBe('$999.99 (estimate)');
    // Nothing is sent before the confirmation.
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.click(d.getByRole('button', { name: 'Confirm balance edit' }));
    expect(await screen.findByText('Balance updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await row('Bob@Example.com')).getByTestId('balance')).toHaveTextContent('$999.99');
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ balance: 999.99 });
    // The totals are read again after the change.
    expect(await screen.findByText('$6,500.49')).toBeInTheDocument();
  });

  it('says at the dialog that the balance update failed when the request fails without a server error', async () => {
    setup({ 'PUT /api/admin/clients/c2/balance': () => Promise.reject(new Error('offline')) });
    await choose('Bob@Example.com', 'Edit balance');
    const d = await dialog('Edit balance');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    await userEvent.click(d.getByRole('button', { name: 'Confirm balance edit' }));
    const alert = await d.findByRole('alert');
    // Titled "Error" over the message, as the console's failures are.
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(alert).toHaveTextContent('Failed to update balance');
    expect(d.getByRole('button', { name: 'Confirm balance edit' })).toBeEnabled();
  });

  it('says "Failed to connect to server" at the dialog when the server cannot be reached, and nothing moves', async () => {
    setup({ 'POST /api/admin/clients/c1/deposit': () => Promise.reject(new TypeError('Failed to fetch')) });
    await choose('alice@example.com', 'Deposit');
    const d = await dialog('Add deposit');
    await userEvent.type(d.getByLabelText('Amount'), '100');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    await userEvent.click(d.getByRole('button', { name: 'Confirm deposit' }));
    const alert = await d.findByRole('alert');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    expect(within(alert).getByText('Failed to connect to server')).toBeInTheDocument();
    expect((await row('alice@example.com')).getByTestId('balance')).toHaveTextContent('$1,500.50');
  });

  it('adds a deposit: checked, reviewed with the balance before and after, confirmed, then the new balance and the toast', async () => {
    const { api } = setup({ 'POST /api/admin/clients/c1/deposit': { success: true, newBalance: 1600.5 } });
    await choose('alice@example.com', 'Deposit');
    const d = await dialog('Add deposit');
    expect(d.getByText('Alice Example')).toBeInTheDocument();
    expect(d.getByText('alice@example.com')).toBeInTheDocument();
    const amount = d.getByLabelText('Amount');
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '0.01');
    expect(amount).toHaveAttribute('min', '0');
    expect(d.getByLabelText<HTMLInputElement>('Date').value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await userEvent.type(amount, '0');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    await expectInvalidAmount(d, amount, 'Please enter a valid positive deposit amount');
    await userEvent.clear(amount);
    await userEvent.type(amount, '100');
    await userEvent.type(d.getByLabelText('Note'), '  March transfer  ');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    expect(fact(d, 'Amount')).toBe('$100.00');
    expect(fact(d, 'Note')).toBe('March transfer');
    expect(fact(d, 'Balance before')).toBe('$1,500.50');
    expect(fact(d, 'Balance after')).toBe('$1,600.50 (estimate)');
    expect(d.getByText(/the server checks the balance again/)).toBeInTheDocument();
    // Back returns to the fields as typed.
    await userEvent.click(d.getByRole('button', { name: 'Back' }));
    expect(d.getByLabelText('Amount')).toHaveValue(100);
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(d.getByRole('button', { name: 'Confirm deposit' }));
    expect(await screen.findByText('Deposit of $100.00 added successfully')).toBeInTheDocument();
    const a = await row('alice@example.com');
    expect(a.getByTestId('balance')).toHaveTextContent('$1,600.50');
    const call = api.calls.find((c) => c.method === 'POST');
    expect(call?.body).toMatchObject({ amount: 100, note: 'March transfer' });
    const depositAt = Date.parse((call?.body as { timestamp: string }).timestamp);
    expect(depositAt).not.toBeNaN();
    // The listed date (2025-06-01) has passed: the new deposit's date is now the next one.
    expect(
      a.getByText(`Next withdrawal ${dateText(new Date(eligibleAt(depositAt)).toISOString())}`),
    ).toBeInTheDocument();
  });

  it('says a deposit above the threshold was sent for approval, and shows no new balance', async () => {
    let actions: PendingActionDto[] = [];
    setup({
      'POST /api/admin/clients/c1/deposit': () => {
        actions = [{ ...othersDeposit, proposedBy: adminUser.email }];
        return proposed({ proposedBy: adminUser.email });
      },
      'GET /api/admin/pending-actions': () => actions,
    });
    await choose('alice@example.com', 'Deposit');
    const d = await dialog('Add deposit');
    await userEvent.type(d.getByLabelText('Amount'), '25000');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    expect(fact(d, 'Balance after')).toBe('$26,500.50 (estimate)');
    await userEvent.click(d.getByRole('button', { name: 'Confirm deposit' }));
    expect(
      await d.findByText('Sent for approval: another administrator must approve this deposit of $25,000.00.'),
    ).toBeInTheDocument();
    expect(d.getByText('The balance stays $1,500.50 until then.')).toBeInTheDocument();
    expect(screen.queryByText(/added successfully/)).not.toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await row('alice@example.com')).getByTestId('balance')).toHaveTextContent('$1,500.50');
    // The navigation's count of waiting actions follows.
    expect(await screen.findByRole('link', { name: 'Approvals , 1 action waiting' })).toBeInTheDocument();
  });

  it('shows the next withdrawal date a first deposit brings, and none for one already eligible', async () => {
    setup({ 'POST /api/admin/clients/c2/deposit': { success: true, newBalance: 350 } });
    const nextDate = async () =>
      (await screen.findByRole('row', { name: 'Bob@Example.com', hidden: true })).textContent?.match(
        /Next withdrawal ([A-Z][a-z]{2} \d{1,2}, \d{4})/,
      )?.[1] ?? '—';
    const deposit = async (date: string) => {
      await choose('Bob@Example.com', 'Deposit');
      const d = await dialog('Add deposit');
      await userEvent.type(d.getByLabelText('Amount'), '50');
      if (date) {
        await userEvent.clear(d.getByLabelText('Date'));
        await userEvent.type(d.getByLabelText('Date'), date);
      }
      await userEvent.click(d.getByRole('button', { name: 'Review' }));
      await userEvent.click(d.getByRole('button', { name: 'Confirm deposit' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    };
    expect(await nextDate()).toBe('—');
    // Seven months back: eligible already, so nothing ahead.
    const past = new Date(Date.now() - 213 * 24 * 3600 * 1000);
    await deposit(
      `${past.getFullYear()}-${String(past.getMonth() + 1).padStart(2, '0')}-${String(past.getDate()).padStart(2, '0')}`,
    );
    expect(await nextDate()).toBe('—');
    await deposit('');
    expect(await nextDate()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });

  it('processes a withdrawal; a 409 is said at the dialog and changes nothing', async () => {
    let fail = true;
    const { api } = setup({
      'POST /api/admin/clients/c2/withdrawal': () =>
        fail
          ? Promise.reject(apiError(409, 'Insufficient balance for this withdrawal'))
          : { success: true, newBalance: 200 },
    });
    await choose('Bob@Example.com', 'Withdraw');
    const d = await dialog('Process withdrawal');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    await expectInvalidAmount(d, d.getByLabelText('Amount'), 'Please enter a valid positive withdrawal amount');
    await userEvent.type(d.getByLabelText('Amount'), '5000');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    expect(fact(d, 'Balance after')).toBe('-$4,750.00 (estimate)');
    expect(d.getByText(/more than the balance shown/)).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Insufficient balance for this withdrawal');
    expect((await row('Bob@Example.com')).getByTestId('balance')).toHaveTextContent('$250.00');
    fail = false;
    await userEvent.click(d.getByRole('button', { name: 'Back' }));
    expect(d.queryByRole('alert')).not.toBeInTheDocument();
    await userEvent.clear(d.getByLabelText('Amount'));
    await userEvent.type(d.getByLabelText('Amount'), '50');
    await userEvent.click(d.getByRole('button', { name: 'Review' }));
    await userEvent.click(d.getByRole('button', { name: 'Confirm withdrawal' }));
    expect(await screen.findByText('Withdrawal of $50.00 processed successfully')).toBeInTheDocument();
    expect((await row('Bob@Example.com')).getByTestId('balance')).toHaveTextContent('$200.00');
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ amount: 50, note: '' });
  });

  it('shows the transactions: loading, entries with the admin, and reads them again after a deposit', async () => {
    let release: (v: TransactionDto[]) => void = () => undefined;
    let answer: TransactionDto[] | null = null;
    const tx: TransactionDto = {
      id: 't1',
      type: 'deposit',
      amount: 100,
      direction: 'in',
      timestamp: '2025-03-01T10:00:00.000Z',
      note: 'Wire',
      adminEmail: 'admin@example.com',
    };
    const { api } = setup({
      'GET /api/admin/clients/c1/transactions': () => answer ?? new Promise<TransactionDto[]>((r) => (release = r)),
      'POST /api/admin/clients/c1/deposit': { success: true, newBalance: 1550.5 },
    });
    await choose('alice@example.com', 'Transactions');
    const d = await dialog('Transactions');
    expect(d.getByText('Loading transactions...')).toBeInTheDocument();
    release([tx]);
    expect(await d.findByText('by admin@example.com')).toBeInTheDocument();
    expect(d.getByText('+$100.00')).toBeInTheDocument();
    expect(d.getByText('deposit')).toBeInTheDocument();
    expect(d.getByText('Wire')).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    answer = [{ ...tx, id: 't2', amount: 50, note: 'Second' }, tx];
    await choose('alice@example.com', 'Deposit');
    const deposit = await dialog('Add deposit');
    await userEvent.type(deposit.getByLabelText('Amount'), '50');
    await userEvent.click(deposit.getByRole('button', { name: 'Review' }));
    await userEvent.click(deposit.getByRole('button', { name: 'Confirm deposit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await choose('alice@example.com', 'Transactions');
    expect(await (await dialog('Transactions')).findByText('Second')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.endsWith('/transactions'))).toHaveLength(2);
  });

  it('names both administrators on an entry a second administrator approved', async () => {
    const tx: TransactionDto = {
      id: 't1',
      type: 'deposit',
      amount: 25_000,
      direction: 'in',
      timestamp: '2025-03-01T10:00:00.000Z',
      adminEmail: 'admin@example.com',
      approvedBy: 'checker@example.com',
    };
    setup({ 'GET /api/admin/clients/c1/transactions': [tx] });
    await choose('alice@example.com', 'Transactions');
    const d = await dialog('Transactions');
    expect(await d.findByText('by admin@example.com · approved by checker@example.com')).toBeInTheDocument();
  });

  it('shows the empty history and the load failure', async () => {
    setup({
      'GET /api/admin/clients/c1/transactions': [],
      'GET /api/admin/clients/c2/transactions': () => Promise.reject(apiError(500, 'boom')),
    });
    await choose('alice@example.com', 'Transactions');
    const d = await dialog('Transactions');
    expect(await d.findByText('No transactions found')).toBeInTheDocument();
    expect(d.getByText('Deposits and withdrawals will appear here')).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await choose('Bob@Example.com', 'Transactions');
    expect(
      await (await dialog('Transactions')).findByText('Transaction history could not be loaded.'),
    ).toBeInTheDocument();
  });

  it("opens the activity log filtered by the client from the row's menu", async () => {
    const { api } = setup({ 'GET /api/admin/activity': { entries: [] } });
    await choose('alice@example.com', 'Activity');
    expect(await screen.findByRole('heading', { name: 'Activity' })).toBeInTheDocument();
    expect(screen.getByText('Showing one client, from the link. Type to search instead.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/admin/activity?client=c1'));
  });

  it("deletes a client only once the client's e-mail is typed", async () => {
    const { api } = setup({
      'DELETE /api/admin/clients/c2': () => {
        server = server.filter((c) => c.id !== 'c2');
        return Promise.resolve({ success: true });
      },
    });
    await choose('Bob@Example.com', 'Delete client');
    let d = within(await screen.findByRole('alertdialog', { name: 'Delete client' }));
    expect(
      d.getByText('Are you sure you want to delete client Bob@Example.com? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(d.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.type(d.getByLabelText("Type the client's e-mail to confirm"), 'bob@example');
    expect(d.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await userEvent.click(d.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    // Opened again, it starts empty; the e-mail typed in any case confirms.
    await choose('Bob@Example.com', 'Delete client');
    d = within(await screen.findByRole('alertdialog', { name: 'Delete client' }));
    expect(d.getByLabelText("Type the client's e-mail to confirm")).toHaveValue('');
    await userEvent.type(d.getByLabelText("Type the client's e-mail to confirm"), ' bob@example.com ');
    await userEvent.click(d.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Account closed. Its records are kept, read-only, under the Closed filter.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('row', { name: 'Bob@Example.com' })).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByText('Total Clients', { selector: 'dt' }).parentElement).toHaveTextContent('2'),
    );
  });

  it('reports a failed deletion with the server error at the dialog', async () => {
    setup({
      'DELETE /api/admin/clients/c2': () => Promise.reject(apiError(400, 'You cannot delete your own account')),
    });
    await choose('Bob@Example.com', 'Delete client');
    const d = within(await screen.findByRole('alertdialog', { name: 'Delete client' }));
    await userEvent.type(d.getByLabelText("Type the client's e-mail to confirm"), 'Bob@Example.com');
    await userEvent.click(d.getByRole('button', { name: 'Delete' }));
    expect(await d.findByRole('alert')).toHaveTextContent('You cannot delete your own account');
    expect(screen.getByRole('row', { name: 'Bob@Example.com', hidden: true })).toBeInTheDocument();
  });

  /** A request three days and an hour old, with alice's balance and eligible profit as the server reads them. */
  const requestFixtures = (more: Record<string, unknown> = {}) => ({
    'GET /api/admin/withdrawal-requests?status=pending': [
      {
        ...(pending[0] as WithdrawalRequestDto),
        createdAt: new Date(Date.now() - (3 * 24 + 1) * 3600 * 1000).toISOString(),
      },
    ],
    'GET /api/portfolios/c1': {
      success: true,
      portfolio: {
        userId: 'c1',
        balance: 1500.5,
        weeklyGain: 1.5,
        weeklyGainAmount: 22.17,
        lastUpdate: '2025-03-03T00:00:00.000Z',
      },
    },
    'GET /api/withdrawals/c1/eligible': {
      data: { totalEligibleProfit: 300, showRequestButton: true, eligibleDeposits: [] },
    },
    ...more,
  });
  const request = async () =>
    within(await screen.findByRole('listitem', { name: 'Withdrawal request of alice@example.com' }));

  it("approves a pending request after a look at the client's balance, the eligible profit and the request's age", async () => {
    const { api } = setup(
      requestFixtures({ 'POST /api/admin/withdrawal-requests/r1/approve': { success: true, newBalance: 1380.5 } }),
    );
    const r = await request();
    expect(r.getByText('$120.00')).toBeInTheDocument();
    expect(r.getByRole('link', { name: 'alice@example.com' })).toHaveAttribute('href', '/admin/clients/c1');
    expect(r.getByText(/\(3 days ago\)$/)).toBeInTheDocument();
    await userEvent.click(r.getByRole('button', { name: 'Approve' }));
    const d = await dialog('Approve withdrawal request');
    await waitFor(() => expect(fact(d, "Client's balance")).toBe('$1,500.50'));
    expect(fact(d, 'Client')).toBe('alice@example.com');
    expect(fact(d, 'Amount')).toBe('$120.00');
    expect(fact(d, 'Eligible profit')).toBe('$300.00');
    expect(fact(d, 'Requested')).toMatch(/\(3 days ago\)$/);
    expect(fact(d, 'Balance after')).toBe('$1,380.50 (estimate)');
    expect(api.calls.some((c) => c.path.endsWith('/approve'))).toBe(false);
    await userEvent.click(d.getByRole('button', { name: 'Confirm approval' }));
    expect(await screen.findByText('Withdrawal approved')).toBeInTheDocument();
    expect((await row('alice@example.com')).getByTestId('balance')).toHaveTextContent('$1,380.50');
    expect(screen.getByText('No pending withdrawal requests')).toBeInTheDocument();
  });

  it('shows at the approval where the money goes: the account masked, its holder, how long before the request it was set', async () => {
    const createdAt = new Date(Date.now() - 3 * 24 * 3600 * 1000).toISOString();
    const setAt = new Date(Date.parse(createdAt) - 60 * 24 * 3600 * 1000).toISOString();
    setup(
      requestFixtures({
        'GET /api/admin/withdrawal-requests?status=pending': [
          { ...(pending[0] as WithdrawalRequestDto), createdAt, destination: { ...aliceIban, setAt } },
        ],
      }),
    );
    const r = await request();
    expect(r.queryByText('No payout account recorded with this request')).not.toBeInTheDocument();
    await userEvent.click(r.getByRole('button', { name: 'Approve' }));
    const d = await dialog('Approve withdrawal request');
    expect(fact(d, 'Pays to')).toBe('IBAN GB•• ending 5432 · Example Bank plc');
    expect(fact(d, 'Account holder')).toBe('Alice Example');
    expect(fact(d, 'Account set')).toBe(`${dateText(setAt)} (60 days before the request)`);
    expect(d.queryByText(/Confirm with the client where the money goes/)).not.toBeInTheDocument();
  });

  it('flags a request with no payout account recorded, on its line and at its approval', async () => {
    setup(requestFixtures());
    const r = await request();
    expect(r.getByText('No payout account recorded with this request')).toBeInTheDocument();
    await userEvent.click(r.getByRole('button', { name: 'Approve' }));
    const d = await dialog('Approve withdrawal request');
    expect(fact(d, 'Pays to')).toBe('No payout account recorded with this request');
    expect(
      d.getByText(
        'This request was made before payout accounts were recorded with requests. Confirm with the client where the money goes before it is paid.',
      ),
    ).toBeInTheDocument();
  });

  it('shows the server error at the dialog when an approval conflicts', async () => {
    setup(
      requestFixtures({
        'POST /api/admin/withdrawal-requests/r1/approve': () =>
          Promise.reject(apiError(409, 'Insufficient balance for this withdrawal')),
      }),
    );
    await userEvent.click((await request()).getByRole('button', { name: 'Approve' }));
    const d = await dialog('Approve withdrawal request');
    await userEvent.click(d.getByRole('button', { name: 'Confirm approval' }));
    expect(await d.findByRole('alert')).toHaveTextContent('Insufficient balance for this withdrawal');
    expect((await row('alice@example.com')).getByTestId('balance')).toHaveTextContent('$1,500.50');
  });

  it('says a request approval above the threshold was sent for approval, and the request then waits for it', async () => {
    let actions: PendingActionDto[] = [];
    const held = {
      ...othersDeposit,
      kind: 'approveRequest' as const,
      amount: 120,
      change: -120,
      requestId: 'r1',
      proposedBy: adminUser.email,
    };
    setup(
      requestFixtures({
        'POST /api/admin/withdrawal-requests/r1/approve': () => {
          actions = [held];
          return proposed(held);
        },
        'GET /api/admin/pending-actions': () => actions,
      }),
    );
    await userEvent.click((await request()).getByRole('button', { name: 'Approve' }));
    const d = await dialog('Approve withdrawal request');
    await userEvent.click(d.getByRole('button', { name: 'Confirm approval' }));
    expect(
      await d.findByText('Sent for approval: another administrator must approve this withdrawal request of $120.00.'),
    ).toBeInTheDocument();
    await userEvent.click(d.getByRole('button', { name: 'Close' }));
    const r = await request();
    expect(await r.findByRole('link', { name: 'Awaiting a second approval' })).toHaveAttribute(
      'href',
      '/admin/approvals',
    );
    expect(r.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect((await row('alice@example.com')).getByTestId('balance')).toHaveTextContent('$1,500.50');
  });

  it('rejects a pending request with a required reason, said at the field', async () => {
    const { api } = setup({
      'GET /api/admin/withdrawal-requests?status=pending': pending,
      'POST /api/admin/withdrawal-requests/r1/reject': { success: true },
    });
    const r = await request();
    await userEvent.click(r.getByRole('button', { name: 'Reject' }));
    await userEvent.click(r.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await r.findByText('Please give a reason for the rejection')).toBeInTheDocument();
    expect(r.getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.path.endsWith('/reject'))).toBe(false);
    await userEvent.type(r.getByLabelText(/Reason/), 'Not enough documentation');
    await userEvent.click(r.getByRole('button', { name: 'Confirm Rejection' }));
    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path.endsWith('/reject'))?.body).toEqual({ reason: 'Not enough documentation' });
    expect(screen.getByText('No pending withdrawal requests')).toBeInTheDocument();
  });

  it('exports the balances: starts the export, asks after it until it is ready, then downloads from its link', async () => {
    const downloads: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push(this.href);
    });
    try {
      const startedAt = '2026-11-25T08:00:00.000Z';
      let asked = 0;
      const { api } = setup({
        'POST /api/admin/statements/balances/exports': { exportId: 'e1', status: 'running', startedAt },
        'GET /api/admin/statements/balances/exports/e1': () =>
          Promise.resolve(
            ++asked < 2
              ? { exportId: 'e1', status: 'running', startedAt }
              : {
                  exportId: 'e1',
                  status: 'ready',
                  startedAt,
                  rows: 3,
                  url: 'https://exports.example/balances/e1.csv?X-Amz-Signature=s',
                  linkExpiresAt: startedAt,
                },
          ),
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Export Balances (CSV)' }));
      expect(await screen.findByText('Preparing export...')).toBeInTheDocument();
      await waitFor(() => expect(downloads).toEqual(['https://exports.example/balances/e1.csv?X-Amz-Signature=s']), {
        timeout: 5000,
      });
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
        'POST /api/admin/statements/balances/exports': {
          exportId: 'e2',
          status: 'running',
          startedAt: '2026-11-25T08:00:00.000Z',
        },
        'GET /api/admin/statements/balances/exports/e2': {
          exportId: 'e2',
          status: 'failed',
          startedAt: '2026-11-25T08:00:00.000Z',
        },
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
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
    expect(backend.signOut).toHaveBeenCalled();
  });
});
