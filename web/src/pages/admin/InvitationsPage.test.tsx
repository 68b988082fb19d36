import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationDto } from '../../../../shared/api';
import { invitationMessages, invitationRefusals } from '../../../../shared/invitations';
import { apiMessages } from '../../../../shared/messages';
import { formatDate } from '../../format';
import { adminUser, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';

afterEach(() => jest.restoreAllMocks());

const invitation = (over: Partial<InvitationDto>): InvitationDto => ({
  id: 'a'.repeat(32),
  email: 'ivy@example.com',
  firstName: 'Ivy',
  lastName: 'Invited',
  status: 'open',
  invitedBy: 'admin@aurum.example',
  createdAt: '2026-11-20T10:00:00.000Z',
  sentAt: '2026-11-20T10:00:00.000Z',
  validUntil: '2026-11-27T10:00:00.000Z',
  ...over,
});

const ivy = invitation({});
const used = invitation({ id: 'b'.repeat(32), email: 'una@example.com', firstName: 'Una', status: 'used' });
const late = invitation({ id: 'c'.repeat(32), email: 'lee@example.com', firstName: 'Lee', status: 'expired' });
const gone = invitation({ id: 'd'.repeat(32), email: 'rex@example.com', firstName: 'Rex', status: 'revoked' });

let held: InvitationDto[] = [];

function setup(handlers: Record<string, unknown> = {}, list = [ivy, used, late, gone]) {
  held = [...list];
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/invitations': () => ({ invitations: held }),
    ...handlers,
  });
  renderApp('/admin/invitations', { backend: fakeAuth(adminUser), api });
  return api;
}

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Invitations' });
  return within(table).getAllByRole('row').slice(1);
};

describe('the invitations page', () => {
  it('is a page of the console, listing invitations as the server orders them, with status, dates and inviter', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Invitations' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Administration' }));
    expect(nav.getByRole('link', { name: 'Invitations' })).toHaveAttribute('aria-current', 'page');
    const [first, ...rest] = await rows();
    expect(rest).toHaveLength(3);
    const row = within(first as HTMLElement);
    expect(row.getByText('Ivy Invited')).toBeInTheDocument();
    expect(row.getByText('ivy@example.com')).toBeInTheDocument();
    expect(row.getByText('Open')).toBeInTheDocument();
    expect(row.getByText(formatDate(ivy.sentAt))).toBeInTheDocument();
    expect(row.getByText(formatDate(ivy.validUntil))).toBeInTheDocument();
    expect(row.getByText('admin@aurum.example')).toBeInTheDocument();
    // Open and expired ones can be revoked; used and revoked ones cannot.
    expect(screen.getByRole('button', { name: 'Revoke ivy@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Revoke lee@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke una@example.com' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke rex@example.com' })).not.toBeInTheDocument();
    for (const word of ['Used', 'Expired', 'Revoked']) expect(screen.getByText(word)).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    setup({}, []);
    expect(await screen.findByText('No invitations yet')).toBeInTheDocument();
  });

  it('sends an invitation, with a toast, and lists it', async () => {
    const sent = invitation({ id: 'e'.repeat(32), email: 'new@example.com', firstName: 'New', lastName: 'Person' });
    const api = setup({
      'POST /api/admin/invitations': () => {
        held = [sent, ...held];
        return { success: true, invitation: sent };
      },
    });
    await screen.findByRole('table', { name: 'Invitations' });
    const form = within(screen.getByRole('form', { name: 'Invite a client' }));
    await userEvent.type(form.getByLabelText('Email'), ' new@example.com ');
    await userEvent.type(form.getByLabelText('First name'), 'New');
    await userEvent.type(form.getByLabelText('Last name'), 'Person');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(invitationMessages.sent)).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: '/api/admin/invitations',
      body: { email: 'new@example.com', firstName: 'New', lastName: 'Person' },
    });
    await waitFor(async () => expect(await rows()).toHaveLength(5));
    expect(form.getByLabelText('Email')).toHaveValue('');
  });

  it('says each problem at its field, and sends nothing', async () => {
    const api = setup();
    await screen.findByRole('table', { name: 'Invitations' });
    const form = within(screen.getByRole('form', { name: 'Invite a client' }));
    await userEvent.type(form.getByLabelText('Email'), 'not an address');
    await userEvent.type(form.getByLabelText('Last name'), '=SUM(A1)');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(form.getByLabelText('Email')).toHaveAccessibleDescription(invitationMessages.emailInvalid);
    expect(form.getByLabelText('First name')).toHaveAccessibleDescription(apiMessages.firstNameRequired);
    expect(form.getByLabelText('Last name')).toHaveAccessibleDescription(apiMessages.nameFormulaCharacters);
    expect(api.calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("says the server's refusal of the address at the e-mail field", async () => {
    setup({
      'POST /api/admin/invitations': () => {
        throw apiError(409, invitationRefusals.accountExists);
      },
    });
    await screen.findByRole('table', { name: 'Invitations' });
    const form = within(screen.getByRole('form', { name: 'Invite a client' }));
    await userEvent.type(form.getByLabelText('Email'), 'taken@example.com');
    await userEvent.type(form.getByLabelText('First name'), 'Tak');
    await userEvent.type(form.getByLabelText('Last name'), 'En');
    await userEvent.click(form.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(form.getByLabelText('Email')).toHaveAccessibleDescription(invitationRefusals.accountExists),
    );
  });

  it('revokes an open invitation after a confirmation', async () => {
    const api = setup({
      [`POST /api/admin/invitations/${ivy.id}/revoke`]: () => {
        const revoked = { ...ivy, status: 'revoked' as const, revokedBy: 'admin@aurum.example' };
        held = held.map((i) => (i.id === ivy.id ? revoked : i));
        return { success: true, invitation: revoked };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke ivy@example.com' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' }));
    expect(dialog.getByText(invitationMessages.revokeConfirm('ivy@example.com'))).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(invitationMessages.revoked)).toBeInTheDocument();
    expect(api.calls).toContainEqual({
      method: 'POST',
      path: `/api/admin/invitations/${ivy.id}/revoke`,
      body: undefined,
    });
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Revoke ivy@example.com' })).not.toBeInTheDocument(),
    );
  });

  it('says a refused revocation in the dialog and reads the list again', async () => {
    setup({
      [`POST /api/admin/invitations/${ivy.id}/revoke`]: () => {
        throw apiError(409, invitationRefusals.notOpen);
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke ivy@example.com' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Revoke' }));
    expect(await dialog.findByText(invitationRefusals.notOpen)).toBeInTheDocument();
  });
});
