import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiMessages } from '../../../../shared/messages';
import type { ActivityEntryDto } from '../../api/admin-types';
import { formatDateTime } from '../../format';
import { adminUser, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';

let mockPhone = false;
jest.mock('../../components/use-phone-layout', () => ({ usePhoneLayout: () => mockPhone }));
beforeEach(() => {
  mockPhone = false;
});

const entries: ActivityEntryDto[] = [
  {
    id: 'e3',
    at: '2025-03-03T10:00:00.000Z',
    kind: 'action-proposed',
    actor: 'admin@example.com',
    clientId: 'c1',
    clientEmail: 'alice@example.com',
    amount: 25_000,
    actionKind: 'deposit',
    note: '=HYPERLINK("http://evil.example","Click")',
  },
  {
    id: 'e2',
    at: '2025-03-02T10:00:00.000Z',
    kind: 'balance-edit',
    actor: 'other-admin@example.com',
    clientId: 'c2',
    clientEmail: 'bob@example.com',
    amount: 999.99,
    balanceBefore: 250,
    balanceAfter: 999.99,
  },
  {
    id: 'e1',
    at: '2025-03-01T10:00:00.000Z',
    kind: 'request-rejected',
    actor: 'admin@example.com',
    clientId: 'c1',
    clientEmail: 'alice@example.com',
    reason: '+1 missing document',
  },
];

/** The log's query of a call, as an object. */
const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://api').searchParams);

function setup(path = '/admin/activity', activity: unknown = { entries }) {
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/activity': activity,
  });
  renderApp(path, { backend: fakeAuth(adminUser), api });
  return api;
}
const logCalls = (api: ReturnType<typeof setup>) => api.calls.filter((c) => c.path.startsWith('/api/admin/activity'));

/** What the page hands the browser to download: the CSV's text. */
function captureDownloads() {
  const files: Blob[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => (files.push(blob), 'blob:activity')),
    revokeObjectURL: jest.fn(),
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const text = (blob: Blob) =>
    new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(blob);
    });
  return { files, text, restore: () => click.mockRestore() };
}

describe('activity page', () => {
  it('shows each act: when, who, what, on whom, the amount and the balance before and after, the reason or note', async () => {
    const api = setup();
    const table = within(await screen.findByRole('table', { name: 'Activity' }));
    // Five columns whose long words wrap: the table fits a laptop's width.
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'When and by whom',
      'Kind',
      'Client',
      'Amount and balance',
      'Reason or note',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent(formatDateTime('2025-03-03T10:00:00.000Z'));
    expect(within(rows[0] as HTMLElement).getByText('Approval requested')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Deposit')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('other-admin@example.com');
    expect(rows[1]).toHaveTextContent('Balance edit');
    expect(within(rows[1] as HTMLElement).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute(
      'href',
      '/admin/clients/c2',
    );
    expect(rows[1]).toHaveTextContent('$250.00 → $999.99');
    expect(rows[2]).toHaveTextContent('Request rejected');
    expect(rows[2]).toHaveTextContent('+1 missing document');
    expect(screen.getByText('Showing 3 entries')).toBeInTheDocument();
    expect(logCalls(api).map((c) => c.path)).toEqual(['/api/admin/activity']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('sends the filters as the query, and Clear drops them', async () => {
    const api = setup();
    await screen.findByRole('table', { name: 'Activity' });
    await userEvent.type(screen.getByLabelText('Administrator e-mail'), ' Other-Admin@example.com ');
    await userEvent.type(screen.getByLabelText('Client name or e-mail'), ' Bob ');
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Balance edit');
    await userEvent.type(screen.getByLabelText('From'), '2025-03-01');
    await userEvent.type(screen.getByLabelText('To'), '2025-03-31');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(logCalls(api)).toHaveLength(2));
    expect(queryOf(logCalls(api)[1]?.path ?? '')).toEqual({
      actor: 'Other-Admin@example.com',
      clientSearch: 'Bob',
      kind: 'balance-edit',
      from: '2025-03-01',
      to: '2025-03-31',
    });
    // The filters stay in the form once applied.
    expect(await screen.findByLabelText('Kind')).toHaveValue('balance-edit');
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(logCalls(api)).toHaveLength(3));
    expect(logCalls(api)[2]?.path).toBe('/api/admin/activity');
    expect(screen.getByLabelText('Client name or e-mail')).toHaveValue('');
  });

  it("opens filtered by a client from the page's address, naming the client", async () => {
    const api = setup('/admin/activity?client=c1', { entries: entries.filter((e) => e.clientId === 'c1') });
    expect(await screen.findByText('Showing 2 entries for alice@example.com')).toBeInTheDocument();
    expect(screen.getByText('Showing one client: alice@example.com. Type to search instead.')).toBeInTheDocument();
    expect(logCalls(api).map((c) => c.path)).toEqual(['/api/admin/activity?client=c1']);
    // A client typed replaces the one the link named.
    await userEvent.type(screen.getByLabelText('Client name or e-mail'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(logCalls(api)).toHaveLength(2));
    expect(queryOf(logCalls(api)[1]?.path ?? '')).toEqual({ clientSearch: 'bob' });
    expect(await screen.findByText('Showing 2 entries for clients matching "bob"')).toBeInTheDocument();
  });

  it('offers "Withdrawal" as all money out and says what it covers', async () => {
    const api = setup();
    await screen.findByRole('table', { name: 'Activity' });
    await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Withdrawal (all money out)');
    expect(
      screen.getByText(/All money out: withdrawals processed and clients' withdrawal requests approved/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(logCalls(api)).toHaveLength(2));
    expect(queryOf(logCalls(api)[1]?.path ?? '')).toEqual({ kind: 'withdrawal' });
  });

  it('shows each entry as a card of stacked lines on a phone', async () => {
    mockPhone = true;
    setup();
    const list = await screen.findByRole('list', { name: 'Activity' });
    expect(screen.queryByRole('table', { name: 'Activity' })).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    expect(cards[1]).toHaveTextContent('Balance edit');
    expect(cards[1]).toHaveTextContent('$999.99');
    expect(cards[1]).toHaveTextContent(`${formatDateTime('2025-03-02T10:00:00.000Z')} · by other-admin@example.com`);
    expect(cards[1]).toHaveTextContent('Client: bob@example.com');
    expect(within(cards[1] as HTMLElement).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute(
      'href',
      '/admin/clients/c2',
    );
    expect(cards[1]).toHaveTextContent('Balance: $250.00 → $999.99');
    expect(cards[2]).toHaveTextContent('+1 missing document');
  });

  it('loads more through the cursor, after the entries shown', async () => {
    const api = setup('/admin/activity', (_body: unknown, path: string) =>
      queryOf(path).cursor === 'p2'
        ? { entries: entries.slice(2) }
        : { entries: entries.slice(0, 2), nextCursor: 'p2' },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 3 entries')).toBeInTheDocument();
    expect(queryOf(logCalls(api)[1]?.path ?? '')).toEqual({ cursor: 'p2' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says an empty page with more of the log to search is not the end: nothing matches only when none is left', async () => {
    setup('/admin/activity?clientSearch=zed', (_body: unknown, path: string) =>
      queryOf(path).cursor === 'p2' ? { entries: [] } : { entries: [], nextCursor: 'p2' },
    );
    expect(await screen.findByText('Nothing found yet in the entries searched')).toBeInTheDocument();
    expect(screen.queryByText('No activity matches these filters')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("says why the log could not be read, in the server's words", async () => {
    setup('/admin/activity?client=bad%20id', () => Promise.reject(apiError(400, apiMessages.invalidActivityClient)));
    expect(await screen.findByText(apiMessages.invalidActivityClient)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('exports every page matching the filters as CSV, with the formulas people typed defused', async () => {
    const downloads = captureDownloads();
    try {
      const api = setup('/admin/activity?kind=balance-edit', (_body: unknown, path: string) =>
        queryOf(path).cursor === 'p2'
          ? { entries: entries.slice(2) }
          : { entries: entries.slice(0, 2), nextCursor: 'p2' },
      );
      await screen.findByRole('table', { name: 'Activity' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Exported 3 entries.')).toBeInTheDocument();
      const exportCalls = logCalls(api)
        .slice(1)
        .map((c) => queryOf(c.path));
      expect(exportCalls).toEqual([
        { kind: 'balance-edit', limit: '200' },
        { kind: 'balance-edit', cursor: 'p2', limit: '200' },
      ]);
      expect(downloads.files).toHaveLength(1);
      const lines = (await downloads.text(downloads.files[0] as Blob)).split('\r\n');
      expect(lines[0]).toBe(
        'When,Administrator,Kind,Action,Client e-mail,Client id,Amount,Balance before,Balance after,Reason,Note',
      );
      expect(lines[1]).toBe(
        `2025-03-03T10:00:00.000Z,admin@example.com,Approval requested,Deposit,alice@example.com,c1,25000.00,,,,"'=HYPERLINK(""http://evil.example"",""Click"")"`,
      );
      expect(lines[2]).toBe(
        '2025-03-02T10:00:00.000Z,other-admin@example.com,Balance edit,,bob@example.com,c2,999.99,250.00,999.99,,',
      );
      expect(lines[3]).toBe(
        "2025-03-01T10:00:00.000Z,admin@example.com,Request rejected,,alice@example.com,c1,,,,'+1 missing document,",
      );
      expect(lines).toHaveLength(5);
    } finally {
      downloads.restore();
    }
  });

  it('stops an export at 5,000 entries and says so', async () => {
    const downloads = captureDownloads();
    try {
      let served = 0;
      const api = setup('/admin/activity', (_body: unknown, path: string) => {
        const limit = Number(queryOf(path).limit ?? 50);
        const page = Array.from({ length: limit }, (_, i) => ({
          ...(entries[1] as ActivityEntryDto),
          id: `x${served + i}`,
        }));
        served += limit;
        return { entries: page, nextCursor: `after-${served}` };
      });
      await screen.findByRole('table', { name: 'Activity' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(
        await screen.findByText('Exported the newest 5,000 entries only: narrow the filters to export the rest.'),
      ).toBeInTheDocument();
      expect(logCalls(api)).toHaveLength(1 + 25);
      const csv = await downloads.text(downloads.files[0] as Blob);
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(1 + 5000);
    } finally {
      downloads.restore();
    }
  });
});
