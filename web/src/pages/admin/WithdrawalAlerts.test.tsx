import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertGroupDto, ClientDto } from '../../../../shared/api';
import { eligibleAt } from '../../../../shared/eligibility';
import { formatDate } from '../../format';
import { clientBadge, depositBadge } from './words';
import { adminUser, alice, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';

const clients: ClientDto[] = [
  {
    id: 'c1',
    email: 'alice@example.com',
    displayName: 'Alice',
    portfolio: { balance: 100, weeklyGain: 1, weeklyGainAmount: 1, lastUpdate: '2025-03-03T00:00:00.000Z' },
  },
];

const groups: AlertGroupDto[] = [
  {
    userId: 'c1',
    userEmail: 'alice@example.com',
    deposits: [
      { id: 'd1', amount: 1000, timestamp: '2024-09-01T00:00:00.000Z', daysUntilEligible: 0 },
      { id: 'd2', amount: 2500.25, timestamp: '2024-09-06T00:00:00.000Z', daysUntilEligible: 5 },
    ],
  },
  {
    userId: 'c2',
    userEmail: 'bob@example.com',
    deposits: [{ id: 'd3', amount: 40, timestamp: '2024-09-02T00:00:00.000Z', daysUntilEligible: 1 }],
  },
];

function setup(alerts: unknown) {
  const api = fixtureApi({
    'GET /api/admin/clients': { clients },
    'GET /api/admin/withdrawal-requests?status=pending': [],
    'GET /api/admin/withdrawal-alerts': alerts,
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/client-totals': { totalClients: 1, totalPortfolioValue: 100, averageWeeklyGain: 1 },
  });
  renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(adminUser), api });
  return api;
}

describe('withdrawal alerts page', () => {
  it('shows the loading texts, then the empty state', async () => {
    let release: ((v: unknown) => void) | null = null;
    setup(() => new Promise((r) => (release = r)));
    expect(await screen.findByRole('heading', { name: 'Withdrawal Alerts' })).toBeInTheDocument();
    expect(screen.getByText('Clients approaching withdrawal eligibility')).toBeInTheDocument();
    expect(screen.getByText('Loading withdrawal alerts...')).toBeInTheDocument();
    await waitFor(() => expect(release).not.toBeNull());
    release!({ data: [] });
    expect(await screen.findByText('No clients approaching withdrawal eligibility')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Clients will appear here when their deposits are within 2 weeks of the 6-month eligibility period',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Clients Approaching Eligibility').parentElement).toHaveTextContent('0');
  });

  it("lists the clients and their deposits: each client's soonest time left, each deposit's, with links to the client", async () => {
    setup({ data: groups });
    expect(await screen.findByText('Upcoming Withdrawal Eligibility')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'alice@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Clients Approaching Eligibility').parentElement).toHaveTextContent('2');
    expect(screen.getByText('Within 2 weeks of 6-month mark')).toBeInTheDocument();
    expect(screen.getByText('Deposits Approaching Eligibility').parentElement).toHaveTextContent('3');
    const eligibleOn = (timestamp: string) => formatDate(eligibleAt(Date.parse(timestamp)));

    const alice = screen.getByRole('listitem', { name: 'alice@example.com' });
    const a = within(alice);
    expect(a.getByText('2 deposits approaching eligibility')).toBeInTheDocument();
    expect(a.getByText(`First eligible ${eligibleOn('2024-09-01T00:00:00.000Z')}`)).toBeInTheDocument();
    // The client's badge is its soonest deposit's: one is eligible already.
    expect(a.getAllByText('Eligible Now')).toHaveLength(2);
    expect(a.getByText('5 days remaining')).toBeInTheDocument();
    expect(
      a.getByText(
        `Deposited ${formatDate('2024-09-06T00:00:00.000Z')} · eligible ${eligibleOn('2024-09-06T00:00:00.000Z')}`,
      ),
    ).toBeInTheDocument();
    expect(a.getByText('$2,500.25')).toBeInTheDocument();
    expect(alice).not.toHaveTextContent(/In \d|deposit\(s\)|day\(s\)/);
    expect(a.getByRole('link', { name: 'Show in client list: alice@example.com' })).toHaveAttribute(
      'href',
      '/admin?search=alice%40example.com',
    );
    expect(a.getByRole('link', { name: 'Activity of alice@example.com' })).toHaveAttribute(
      'href',
      '/admin/activity?client=c1',
    );
    expect(a.getByRole('link', { name: 'alice@example.com' })).toHaveAttribute('href', '/admin/clients/c1');

    const b = within(screen.getByRole('listitem', { name: 'bob@example.com' }));
    expect(b.getByText('1 deposit approaching eligibility')).toBeInTheDocument();
    expect(b.getByText('1 day remaining')).toBeInTheDocument();
    expect(b.getByText('1 day until eligible')).toBeInTheDocument();
    // One deposit: its own line has the date, the client's lines do not repeat it.
    expect(b.queryByText(/First eligible/)).not.toBeInTheDocument();
  });

  it("opens the client list searched for the alert's client", async () => {
    setup({ data: groups });
    await userEvent.click(await screen.findByRole('link', { name: 'Show in client list: alice@example.com' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search clients by email...')).toHaveValue('alice@example.com');
    expect(await screen.findByRole('row', { name: 'alice@example.com' })).toBeInTheDocument();
  });

  it('reports a load failure', async () => {
    setup(() => Promise.reject(apiError(500, 'boom')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load withdrawal alerts');
    expect(screen.getByRole('alert')).toHaveTextContent('Error');
  });

  it('goes back to the client list with "Back to Admin"', async () => {
    setup({ data: [] });
    await userEvent.click(await screen.findByRole('link', { name: 'Back to Admin' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('goes back to the client list from the navigation', async () => {
    setup({ data: [] });
    const nav = within(await screen.findByRole('navigation', { name: 'Administration' }));
    expect(nav.getByRole('link', { name: 'Withdrawal Alerts' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(nav.getByRole('link', { name: 'Clients' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('sends a non-admin to the dashboard without loading the alerts', async () => {
    const api = fixtureApi({
      'GET /api/admin/clients': () => Promise.reject(apiError(403, 'Administrator access required')),
    });
    renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(alice), api });
    expect(await screen.findByText('Portfolio Dashboard')).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal Alerts')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/admin/withdrawal-alerts')).toBe(false);
  });

  it('says "Loading alerts..." while the admin check runs', async () => {
    let release: ((v: unknown) => void) | null = null;
    const api = fixtureApi({
      'GET /api/admin/clients': () => new Promise((r) => (release = r)),
      'GET /api/admin/withdrawal-alerts': { data: [] },
    });
    renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(adminUser), api });
    await waitFor(() => expect(release).not.toBeNull());
    expect(screen.getByText('Loading alerts...')).toBeInTheDocument();
    release!({ clients });
    expect(await screen.findByText('No clients approaching withdrawal eligibility')).toBeInTheDocument();
  });
});

describe('alert badges', () => {
  it("say a client's soonest days until eligible, singular for one", () => {
    expect(clientBadge(12)).toBe('12 days until eligible');
    expect(clientBadge(1)).toBe('1 day until eligible');
    expect(clientBadge(0)).toBe('Eligible Now');
  });

  it("say a deposit's days remaining, singular for one", () => {
    expect(depositBadge(14)).toBe('14 days remaining');
    expect(depositBadge(1)).toBe('1 day remaining');
    expect(depositBadge(0)).toBe('Eligible Now');
  });
});
