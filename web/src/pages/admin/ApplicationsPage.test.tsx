import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApplicationDto } from '../../../../shared/api';
import { apiMessages } from '../../../../shared/messages';
import { adminUser, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';

afterEach(() => jest.restoreAllMocks());

const application = (over: Partial<ApplicationDto>): ApplicationDto => ({
  id: 'c1',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Example',
  appliedAt: '2025-03-01T10:00:00.000Z',
  status: 'pending',
  ...over,
});
const alices = application({});
const bobs = application({
  id: 'c2',
  email: 'bob@example.com',
  firstName: 'Bob',
  appliedAt: '2025-03-02T10:00:00.000Z',
});

/** The pending applications, as the server holds them: a decision takes one off. */
let pending: ApplicationDto[] = [];

function setup(handlers: Record<string, unknown> = {}, list = [alices, bobs]) {
  pending = [...list];
  const decided = (id: string, status: 'approved' | 'rejected') => {
    const found = pending.find((a) => a.id === id);
    pending = pending.filter((a) => a.id !== id);
    return { success: true, application: { ...found, status } };
  };
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/applications': () => ({ applications: pending }),
    'POST /api/admin/applications/c1/approve': () => decided('c1', 'approved'),
    'POST /api/admin/applications/c1/reject': () => decided('c1', 'rejected'),
    ...handlers,
  });
  renderApp('/admin/applications', { backend: fakeAuth(adminUser), api });
  return api;
}

const row = async (email: string) => within(await screen.findByRole('listitem', { name: `Application of ${email}` }));

describe('applications', () => {
  it('lists the applications oldest first, each name opening the client page, with a count in the nav', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Applications' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Applications' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Application of alice@example.com', 'Application of bob@example.com']);
    const alice = await row('alice@example.com');
    expect(alice.getByRole('link', { name: 'Alice Example' })).toHaveAttribute('href', '/admin/clients/c1');
    expect(alice.getByText('alice@example.com')).toBeInTheDocument();
    expect(alice.getByText(/^Applied /)).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Administration' }));
    expect(nav.getByRole('link', { name: /Applications/ })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(nav.getByRole('link', { name: /Applications/ })).toHaveTextContent('2'));
    expect(nav.getByText(', 2 applications waiting')).toBeInTheDocument();
  });

  it('says so when none waits', async () => {
    setup({}, []);
    expect(await screen.findByText('No applications waiting')).toBeInTheDocument();
  });

  it('approves one: the server is asked, a toast says so, and it leaves the list', async () => {
    const api = setup();
    await userEvent.click((await row('alice@example.com')).getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve application' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Alice Example approved')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Application of alice@example.com' })).not.toBeInTheDocument(),
    );
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/applications/c1/approve',
    ]);
  });

  it('rejects only with a reason, said at the field, then sends it', async () => {
    const api = setup();
    await userEvent.click((await row('alice@example.com')).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject application' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText(apiMessages.reasonRequired)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
    await userEvent.type(dialog.getByLabelText(/Reason/), 'We could not verify your identity.');
    await userEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Alice Example rejected')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toMatchObject([
      { path: '/api/admin/applications/c1/reject', body: { reason: 'We could not verify your identity.' } },
    ]);
  });

  it("says the server's refusal in the dialog, and reads the list again", async () => {
    const api = setup({
      'POST /api/admin/applications/c1/approve': () => {
        throw apiError(409, 'This application has already been decided.');
      },
    });
    await userEvent.click((await row('alice@example.com')).getByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve application' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText('This application has already been decided.')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/admin/applications').length).toBeGreaterThan(1),
    );
  });
});
