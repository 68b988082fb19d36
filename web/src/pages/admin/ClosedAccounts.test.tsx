import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClientDto, TransactionDto, WithdrawalRequestDto } from '../../../../shared/api';
import { formatDate } from '../../format';
import { adminUser, fakeAuth, fixtureApi, type Handler, renderApp } from '../../test/harness';

const open: ClientDto[] = [
  {
    id: 'c1',
    email: 'alice@example.com',
    displayName: 'Alice Example',
    portfolio: { balance: 1500.5, weeklyGain: 1.5, weeklyGainAmount: 22.17, lastUpdate: '2025-03-03T00:00:00.000Z' },
  },
];
const closedPortfolio = { balance: 0, weeklyGain: 0, weeklyGainAmount: 0, lastUpdate: '2025-03-03T00:00:00.000Z' };
const closed: ClientDto[] = [
  {
    id: 'z1',
    email: 'zoe@example.com',
    displayName: 'Zoe Gone',
    portfolio: closedPortfolio,
    closed: {
      at: '2025-04-02T10:00:00.000Z',
      by: 'admin@example.com',
      recordsKeptUntil: '2032-04-02T10:00:00.000Z',
      recordsStamped: true,
    },
  },
  {
    id: 'z2',
    email: 'yves@example.com',
    displayName: 'Yves Left',
    portfolio: closedPortfolio,
    closed: {
      at: '2025-03-20T10:00:00.000Z',
      by: 'checker@example.com',
      recordsKeptUntil: '2032-03-20T10:00:00.000Z',
      recordsStamped: false,
    },
  },
];
const ledger: TransactionDto[] = [
  {
    id: 'e2',
    type: 'withdrawal',
    amount: 55_000,
    direction: 'out',
    timestamp: '2025-04-01T09:00:00.000Z',
    note: 'paid out',
    adminEmail: 'admin@example.com',
  },
  {
    id: 'e1',
    type: 'deposit',
    amount: 55_000,
    direction: 'in',
    timestamp: '2024-04-01T09:00:00.000Z',
    note: 'wire',
    adminEmail: 'admin@example.com',
  },
];
const requests: WithdrawalRequestDto[] = [
  {
    id: 'z1.r1',
    userId: 'z1',
    userEmail: 'zoe@example.com',
    amount: 100,
    status: 'rejected',
    createdAt: '2025-02-01T10:00:00.000Z',
    decidedBy: 'checker@example.com',
    reason: 'call us',
  },
];

/** GET /api/admin/clients: the open accounts, or with status=closed the closed ones (searched by e-mail). */
const listHandler: Handler = (_body, path) => {
  const q = new URL(path, 'http://api').searchParams;
  const search = (q.get('search') ?? '').toLowerCase();
  const list = q.get('status') === 'closed' ? closed : open;
  return Promise.resolve({ clients: list.filter((c) => c.email.includes(search)) });
};

function setup() {
  const api = fixtureApi({
    'GET /api/admin/clients': listHandler,
    'GET /api/admin/client-totals': { totalClients: 1, totalPortfolioValue: 1500.5, averageWeeklyGain: 1.5 },
    'GET /api/admin/withdrawal-requests?status=pending': [],
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/clients/z1/transactions': ledger,
    'GET /api/portfolios/z1/withdrawal-requests': requests,
  });
  renderApp('/admin', { backend: fakeAuth(adminUser), api });
  return api;
}

/** A row by the client's e-mail; the console's first render loads its pages, which may take a while. */
const row = async (email: string) =>
  within(await screen.findByRole('row', { name: email, hidden: true }, { timeout: 5000 }));

describe('closed accounts in the admin console', () => {
  it('lists the closed accounts under the Closed filter, newest closed first, each with who closed it and when, searchable', async () => {
    const api = setup();
    await row('alice@example.com');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Closed' }));
    expect(screen.getByRole('button', { name: 'Closed' })).toHaveAttribute('aria-pressed', 'true');
    const zoe = await row('zoe@example.com');
    // A closed account's page reads too: the name opens it.
    expect(zoe.getByRole('link', { name: 'Zoe Gone' })).toHaveAttribute('href', '/admin/clients/z1');
    expect(
      zoe.getByText(`Closed on ${formatDate('2025-04-02T10:00:00.000Z')} by admin@example.com`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('row', { name: 'alice@example.com' })).not.toBeInTheDocument();
    expect(
      screen
        .getAllByRole('row')
        .map((r) => r.getAttribute('aria-label'))
        .filter(Boolean),
    ).toEqual(['zoe@example.com', 'yves@example.com']);
    expect(api.calls.some((c) => c.path.includes('status=closed'))).toBe(true);
    // Listed in one order only: no sort to choose.
    expect(screen.queryByRole('button', { name: /^Balance/ })).not.toBeInTheDocument();
    // A closing cut short says so, and how to finish it.
    expect(
      (await row('yves@example.com')).getByText('Closing not finished: close the account again to keep every record.'),
    ).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients by email...' }), 'yves');
    await waitFor(() => expect(screen.queryByRole('row', { name: 'zoe@example.com' })).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.path.includes('status=closed') && c.path.includes('search=yves'))).toBe(true);

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search clients by email...' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await row('alice@example.com');
  });

  it("opens a closed account's history read-only: its ledger, requests and activity, no money action", async () => {
    setup();
    await row('alice@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Closed' }));
    await userEvent.click((await row('zoe@example.com')).getByRole('button', { name: /^Actions for / }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Transactions', 'Activity']);
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Transactions' }));

    const d = within(await screen.findByRole('dialog', { name: 'Transactions' }));
    expect(d.getByText(`Closed on ${formatDate('2025-04-02T10:00:00.000Z')} by admin@example.com`)).toBeInTheDocument();
    expect(d.getByText(`Read-only. Records kept until ${formatDate('2032-04-02T10:00:00.000Z')}.`)).toBeInTheDocument();
    expect(await d.findByText('paid out')).toBeInTheDocument();
    expect(d.getByText('wire')).toBeInTheDocument();
    const kept = within(d.getByRole('region', { name: 'Withdrawal requests' }));
    expect(
      await kept.findByText(/\$100\.00, requested .*: rejected by checker@example\.com \(call us\)/),
    ).toBeInTheDocument();
    for (const money of ['Deposit', 'Withdraw', 'Edit balance', 'Delete'])
      expect(d.queryByRole('button', { name: money })).not.toBeInTheDocument();
  });
});
