import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDate, formatDateTime } from '../../format';
import { adminUser, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';
import { accountSet, alicePage, closedPage } from '../../test/client-page-fixtures';
import { LEDGER_FIRST_LINES } from './ClientLedger';

let mockPhone = false;
jest.mock('../../components/use-phone-layout', () => ({ usePhoneLayout: () => mockPhone }));
beforeEach(() => {
  mockPhone = false;
});

function setup(path: string, answer: unknown) {
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': [],
    [`GET /api/admin/clients/${path.split('/').pop() ?? ''}`]: answer,
    // The Documents section's own read (ClientDocuments.test.tsx).
    [`GET /api/portfolios/${path.split('/').pop() ?? ''}/documents`]: { documents: [] },
  });
  renderApp(path, { backend: fakeAuth(adminUser), api });
  return api;
}

const section = async (name: string) => within(await screen.findByRole('region', { name }));

/** The running balance, line by line, as the ledger shows it. */
const balances = () => screen.getAllByTestId('ledger-balance').map((cell) => cell.textContent);
/** The fixture's balances, newest first, without the week that credited nothing. */
const FIXTURE_BALANCES = ['$11,050.50', '$10,995.00', '$11,550.00', '$10,050.00', '$10,000.00'];

describe("a client's page", () => {
  it('reads the client by its id and shows who, where the account stands, and the way back to the list', async () => {
    const api = setup('/admin/clients/c1', alicePage());
    expect(await screen.findByRole('heading', { level: 1, name: 'Alice Example' })).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/clients/c1');
    expect(screen.getByText('alice@example.com', { selector: 'p' })).toBeInTheDocument();
    const status = within(screen.getByTestId('client-status'));
    expect(status.getByText('Active')).toBeInTheDocument();
    expect(status.getByText(`Account opened ${formatDate('2024-09-01T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(status.queryByText(/^Closed on/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/admin');
  });

  it('shows the client agreement accepted, when, and whether it is the current version', async () => {
    setup('/admin/clients/c1', alicePage());
    const line = within(await screen.findByTestId('client-agreement'));
    expect(
      line.getByText(`Client agreement version 2026-11 accepted ${formatDateTime('2024-09-01T10:05:00.000Z')}`),
    ).toBeInTheDocument();
    expect(line.getByText('Current version')).toBeInTheDocument();
  });

  it('says when the accepted version is not the current one, or none is accepted', async () => {
    const older = alicePage();
    older.agreement = {
      accepted: { version: '2025-01', acceptedAt: '2025-01-02T10:00:00.000Z' },
      currentVersion: '2026-11',
    };
    setup('/admin/clients/c1', older);
    expect(
      within(await screen.findByTestId('client-agreement')).getByText('Current version is 2026-11'),
    ).toBeInTheDocument();
  });

  it('says none is accepted yet', async () => {
    setup('/admin/clients/c2', closedPage());
    const line = within(await screen.findByTestId('client-agreement'));
    expect(line.getByText('Client agreement not accepted yet')).toBeInTheDocument();
    expect(line.getByText('Current version is 2026-11')).toBeInTheDocument();
  });

  it('shows the balance and the growth of the week', async () => {
    setup('/admin/clients/c1', alicePage());
    expect(await screen.findByTestId('client-balance')).toHaveTextContent('$11,050.50');
    expect(screen.getByTestId('client-week')).toHaveTextContent('+$55.50');
    expect(screen.getByText('+0.50% this week')).toBeInTheDocument();
    expect(screen.getByText(`Last updated ${formatDate('2025-03-03T00:00:00.000Z')}`)).toBeInTheDocument();
  });

  it('shows the payout account masked, how long ago it was set, and nothing of a cooling-off that is over', async () => {
    setup('/admin/clients/c1', alicePage());
    const account = await section('Payout account');
    expect(account.getByText('IBAN GB•• ending 5432 · Example Bank plc')).toBeInTheDocument();
    expect(account.getByText('Alice Example')).toBeInTheDocument();
    expect(account.getByText(/\(set 10 days ago\)$/)).toBeInTheDocument();
    expect(account.queryByText('Usable from')).not.toBeInTheDocument();
  });

  it('says from when an account still cooling off may be used', async () => {
    const page = alicePage();
    page.payoutAccount = accountSet(1);
    setup('/admin/clients/c1', page);
    const account = await section('Payout account');
    expect(account.getByText(/\(set 1 day ago\)$/)).toBeInTheDocument();
    expect(account.getByText('Usable from')).toBeInTheDocument();
    expect(
      account.getByText(`${formatDateTime(page.payoutAccount.usableFrom)}, after its 72-hour cooling-off`),
    ).toBeInTheDocument();
  });

  it('lists the ledger newest first with its running balance, each entry with its note and who recorded it', async () => {
    setup('/admin/clients/c1', alicePage());
    const ledger = within(await screen.findByRole('table', { name: 'Ledger' }));
    expect(balances()).toEqual(FIXTURE_BALANCES);
    const rows = ledger.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.firstChild?.textContent)).toEqual([
      'Weekly growth',
      'Withdrawal',
      'Deposit',
      'Weekly growth',
      'Deposit',
    ]);
    const [growth, withdrawal, deposit] = rows.map((row) => within(row));
    expect(growth?.getByText(formatDate('2025-03-03T00:00:00.000Z', 'UTC'))).toBeInTheDocument();
    expect(growth?.getByText('+$55.50')).toBeInTheDocument();
    expect(withdrawal?.getByText('−$555.00')).toBeInTheDocument();
    expect(withdrawal?.getByText('Profit withdrawal')).toBeInTheDocument();
    expect(withdrawal?.getByText('by admin@example.com')).toBeInTheDocument();
    expect(withdrawal?.getByText(formatDateTime('2025-02-01T12:00:00.000Z'))).toBeInTheDocument();
    expect(deposit?.getByText('Second deposit')).toBeInTheDocument();
    expect(deposit?.getByText('by admin@example.com · approved by other-admin@example.com')).toBeInTheDocument();
  });

  it('shows the ledger as cards on a phone, with the same running balance', async () => {
    mockPhone = true;
    setup('/admin/clients/c1', alicePage());
    const ledger = within(await screen.findByRole('list', { name: 'Ledger' }));
    expect(ledger.getAllByRole('listitem')).toHaveLength(5);
    expect(balances()).toEqual(FIXTURE_BALANCES.map((b) => `Balance ${b}`));
    expect(screen.queryByRole('table', { name: 'Ledger' })).not.toBeInTheDocument();
  });

  it('shows the newest ledger lines of a long ledger first, and every line on asking', async () => {
    const page = alicePage();
    // Thirty weeks of $10 growth on the fixture's last balance: 36 lines in all.
    const last = page.ledger.at(-1);
    if (!last) throw new Error('the fixture has a ledger');
    page.ledger = [
      ...page.ledger,
      ...Array.from({ length: 30 }, (_, i) => ({
        at: new Date(Date.parse(last.at) + (i + 1) * 7 * 86_400_000).toISOString(),
        kind: 'growth' as const,
        amount: 10,
        balance: last.balance + (i + 1) * 10,
      })),
    ];
    setup('/admin/clients/c1', page);
    await screen.findByRole('table', { name: 'Ledger' });
    expect(balances()).toHaveLength(LEDGER_FIRST_LINES);
    expect(balances()[0]).toBe('$11,350.50');
    await userEvent.click(screen.getByRole('button', { name: 'Show all 35 lines' }));
    expect(balances()).toHaveLength(35);
    expect(balances().slice(30)).toEqual(FIXTURE_BALANCES);
    expect(screen.queryByRole('button', { name: /^Show all/ })).not.toBeInTheDocument();
  });

  it('lists the withdrawal requests with their steps: the reference of one sent, the reason of one rejected', async () => {
    setup('/admin/clients/c1', alicePage());
    const requests = await section('Withdrawal requests');
    const request = (label: string) => within(requests.getByRole('listitem', { name: label }));

    const pending = request(`Request of $300.00 on ${formatDate('2025-03-05T10:00:00.000Z')}`);
    expect(pending.getByText('Pending')).toBeInTheDocument();
    expect(pending.getByText(`Requested · ${formatDate('2025-03-05T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(pending.getByText('Approved · waiting for a decision')).toBeInTheDocument();

    const sent = request(`Request of $555.00 on ${formatDate('2025-01-20T10:00:00.000Z')}`);
    expect(sent.getByText('Approved')).toBeInTheDocument();
    expect(sent.getByText(`Approved · ${formatDate('2025-01-21T10:00:00.000Z')}`)).toBeInTheDocument();
    expect(
      sent.getByText(`Sent · ${formatDate('2025-01-23T00:00:00.000Z', 'UTC')} · reference WIRE-2025-0042`),
    ).toBeInTheDocument();
    expect(
      sent.getByText('Approved by other-admin@example.com · marked sent by admin@example.com'),
    ).toBeInTheDocument();
    expect(sent.getByText('To IBAN GB•• ending 5432 · Example Bank plc (Alice Example)')).toBeInTheDocument();

    const rejected = request(`Request of $100.00 on ${formatDate('2024-12-01T10:00:00.000Z')}`);
    expect(rejected.getByText('Rejected')).toBeInTheDocument();
    expect(rejected.getByText('Reason: Not eligible yet')).toBeInTheDocument();
    expect(
      rejected.getByText(
        `Requested ${formatDate('2024-12-01T10:00:00.000Z')} · Rejected ${formatDate('2024-12-02T10:00:00.000Z')}`,
      ),
    ).toBeInTheDocument();
    expect(rejected.queryByTestId('request-progress')).not.toBeInTheDocument();
    expect(rejected.getByText('No payout account recorded with this request')).toBeInTheDocument();
  });

  it("shows the newest activity, with the way on to the client's whole log", async () => {
    setup('/admin/clients/c1', alicePage());
    const activity = await section('Activity');
    const table = within(activity.getByRole('table', { name: 'Activity' }));
    expect(table.getAllByRole('row')).toHaveLength(3);
    expect(table.getByText('$11,550.00 → $10,995.00')).toBeInTheDocument();
    expect(activity.getByRole('link', { name: 'More activity' })).toHaveAttribute('href', '/admin/activity?client=c1');
  });

  it("shows an account under review, and a decided application's decision", async () => {
    const page = alicePage();
    const application = {
      id: 'c1',
      email: page.client.email,
      firstName: page.client.firstName,
      lastName: page.client.lastName,
      appliedAt: '2025-03-01T10:00:00.000Z',
      status: 'pending' as const,
    };
    setup('/admin/clients/c1', { ...page, client: { ...page.client, status: 'applied', application } });
    const status = within(await screen.findByTestId('client-status'));
    expect(status.getByText('Under review')).toBeInTheDocument();
    expect(
      status.getByText(`Applied on ${formatDate('2025-03-01T10:00:00.000Z')}, waiting for review.`),
    ).toBeInTheDocument();
  });

  it('shows who approved an application, and when', async () => {
    const page = alicePage();
    const application = {
      id: 'c1',
      email: page.client.email,
      firstName: page.client.firstName,
      lastName: page.client.lastName,
      appliedAt: '2025-03-01T10:00:00.000Z',
      status: 'approved' as const,
      decidedBy: 'admin@example.com',
      decidedAt: '2025-03-02T10:00:00.000Z',
    };
    setup('/admin/clients/c1', { ...page, client: { ...page.client, application } });
    const status = within(await screen.findByTestId('client-status'));
    expect(status.getByText('Active')).toBeInTheDocument();
    expect(
      status.getByText(
        `Applied on ${formatDate('2025-03-01T10:00:00.000Z')}, approved on ${formatDate('2025-03-02T10:00:00.000Z')} by admin@example.com.`,
      ),
    ).toBeInTheDocument();
  });

  it('shows a closed account: who closed it and when, until when its records are kept; no payout account, no requests', async () => {
    setup('/admin/clients/c2', closedPage());
    expect(await screen.findByRole('heading', { level: 1, name: 'Bob Example' })).toBeInTheDocument();
    const status = within(screen.getByTestId('client-status'));
    expect(status.getByText('Closed')).toBeInTheDocument();
    expect(status.queryByText('Active')).not.toBeInTheDocument();
    expect(
      status.getByText(`Closed on ${formatDate('2025-02-10T10:00:00.000Z')} by admin@example.com`),
    ).toBeInTheDocument();
    expect(
      status.getByText(`Read-only. Records kept until ${formatDate('2032-02-10T10:00:00.000Z')}.`),
    ).toBeInTheDocument();
    expect((await section('Payout account')).getByText('No payout account yet')).toBeInTheDocument();
    expect((await section('Withdrawal requests')).getByText('No withdrawal requests')).toBeInTheDocument();
    const activity = await section('Activity');
    expect(activity.getByText('No activity yet')).toBeInTheDocument();
    expect(activity.getByRole('link', { name: 'Open in the activity log' })).toHaveAttribute(
      'href',
      '/admin/activity?client=c2',
    );
    expect(balances()).toEqual(FIXTURE_BALANCES);
  });

  it('says so while it loads', async () => {
    setup('/admin/clients/c1', () => new Promise(() => undefined));
    expect(await screen.findByText('Loading client...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Client' })).toBeInTheDocument();
  });

  it("says there is no such client, in the server's words, with the way back to the list", async () => {
    setup('/admin/clients/nobody', () => Promise.reject(apiError(404, 'Client not found')));
    expect(await screen.findByRole('heading', { level: 1, name: 'No such client' })).toBeInTheDocument();
    expect(screen.getByText('Client not found: check the address.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to clients' })).toHaveAttribute('href', '/admin');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says when the client cannot be read, and reads it again', async () => {
    let fail = true;
    setup('/admin/clients/c1', () => (fail ? Promise.reject(apiError(500, '')) : alicePage()));
    expect(await screen.findByText('Failed to load the client')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Alice Example' })).toBeInTheDocument());
  });
});
