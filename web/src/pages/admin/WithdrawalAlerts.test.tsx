import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AlertGroupDto, ClientDto } from '../../../../shared/api';
import { adminUser, alice, apiError, fakeAuth, fixtureApi, type Handler, renderApp } from '../../test/harness';

const clients: ClientDto[] = [
  { id: 'c1', email: 'alice@example.com', displayName: 'Alice', portfolio: { balance: 100, weeklyGain: 1, lastUpdate: '2025-03-03T00:00:00.000Z' } },
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

function setup(alerts: Handler | unknown) {
  const api = fixtureApi({
    'GET /api/admin/clients': clients,
    'GET /api/admin/withdrawal-requests?status=pending': [],
    'GET /api/admin/withdrawal-alerts': alerts,
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
      screen.getByText('Clients will appear here when their deposits are within 2 weeks of the 6-month eligibility period'),
    ).toBeInTheDocument();
    expect(screen.getByText('Clients Approaching Eligibility').parentElement).toHaveTextContent('0');
  });

  it('lists the clients and their deposits', async () => {
    setup({ data: groups });
    expect(await screen.findByText('Upcoming Withdrawal Eligibility')).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'alice@example.com' })).toBeInTheDocument();
    expect(screen.getByText('Clients Approaching Eligibility').parentElement).toHaveTextContent('2');
    expect(screen.getByText('Within 2 weeks of 6-month mark')).toBeInTheDocument();
    expect(screen.getByText('Deposits Approaching Eligibility').parentElement).toHaveTextContent('3');
    const a = within(screen.getByRole('listitem', { name: 'alice@example.com' }));
    expect(a.getByText('2 deposit(s) approaching eligibility')).toBeInTheDocument();
    expect(a.getByText('0 days until eligible')).toBeInTheDocument();
    expect(a.getByText('Eligible Now')).toBeInTheDocument();
    expect(a.getByText('5 days remaining')).toBeInTheDocument();
    expect(a.getByText('$2,500.25')).toBeInTheDocument();
    expect(a.getAllByText(/Deposited/)).toHaveLength(2);
    const b = within(screen.getByRole('listitem', { name: 'bob@example.com' }));
    expect(b.getByText('1 deposit(s) approaching eligibility')).toBeInTheDocument();
    expect(b.getByText('1 days until eligible')).toBeInTheDocument();
    expect(b.getByText('1 day remaining')).toBeInTheDocument();
  });

  it('reports a load failure', async () => {
    setup(() => Promise.reject(apiError(500, 'boom')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load withdrawal alerts');
    expect(screen.getByRole('alert')).toHaveTextContent('Error');
  });

  it('goes back to the admin dashboard', async () => {
    setup({ data: [] });
    await userEvent.click(await screen.findByRole('button', { name: 'Back to Admin' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeInTheDocument();
  });

  it('sends a non-admin to the dashboard without loading the alerts', async () => {
    const api = fixtureApi({ 'GET /api/admin/clients': () => Promise.reject(apiError(403, 'Administrator access required')) });
    renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(alice), api });
    expect(await screen.findByText('Portfolio Dashboard')).toBeInTheDocument();
    expect(screen.queryByText('Withdrawal Alerts')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/admin/withdrawal-alerts')).toBe(false);
  });

  it('says "Loading alerts..." while the admin check runs', async () => {
    let release: ((v: unknown) => void) | null = null;
    const api = fixtureApi({ 'GET /api/admin/clients': () => new Promise((r) => (release = r)), 'GET /api/admin/withdrawal-alerts': { data: [] } });
    renderApp('/admin/withdrawal-alerts', { backend: fakeAuth(adminUser), api });
    await waitFor(() => expect(release).not.toBeNull());
    expect(screen.getByText('Loading alerts...')).toBeInTheDocument();
    release!(clients);
    expect(await screen.findByText('No clients approaching withdrawal eligibility')).toBeInTheDocument();
  });
});
