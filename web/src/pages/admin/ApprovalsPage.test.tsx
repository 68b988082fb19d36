import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiMessages } from '../../../../shared/messages';
import type { PendingActionDto } from '../../api/admin-types';
import { formatDateTime } from '../../format';
import { othersDeposit } from '../../test/admin-fixtures';
import { adminUser, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';

const deposit: PendingActionDto = {
  ...othersDeposit,
  note: 'Wire from the bank',
  proposedAt: new Date(Date.now() - (2 * 24 + 3) * 3600 * 1000).toISOString(),
};
/** The signed-in administrator's own proposal (the e-mail as another case of it). */
const ownEdit: PendingActionDto = {
  ...deposit,
  id: 'a2',
  kind: 'balance',
  clientId: 'c2',
  clientEmail: 'bob@example.com',
  clientName: 'Bob',
  amount: 50_000,
  change: 49_750,
  balanceAtProposal: 250,
  note: undefined,
  proposedBy: 'Admin@Example.com',
};

/** The pending actions as the server holds them: a decision takes one off. */
let waiting: PendingActionDto[] = [];

function setup(handlers: Record<string, unknown> = {}, actions: PendingActionDto[] = [deposit, ownEdit]) {
  waiting = [...actions];
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': () => waiting,
    ...handlers,
  });
  renderApp('/admin/approvals', { backend: fakeAuth(adminUser), api });
  return api;
}

const card = async (name: string) => within(await screen.findByRole('listitem', { name }));
const decided = (id: string) => (waiting = waiting.filter((a) => a.id !== id));
const reads = (api: ReturnType<typeof setup>) =>
  api.calls.filter((c) => c.path === '/api/admin/pending-actions').length;

describe('approvals page', () => {
  it('lists what waits, with what each does; the proposer sees theirs waiting for another administrator', async () => {
    setup();
    expect(await screen.findByRole('heading', { name: 'Approvals' })).toBeInTheDocument();
    expect(await screen.findByText('2 actions waiting')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Administration' })).getByRole('link', {
        name: 'Approvals , 2 actions waiting',
      }),
    ).toHaveAttribute('aria-current', 'page');

    const other = await card('Deposit of $25,000.00 for alice@example.com');
    expect(other.getByText('Alice Example')).toBeInTheDocument();
    expect(other.getByRole('link', { name: 'Alice Example' })).toHaveAttribute('href', '/admin/clients/c1');
    expect(other.getByText('+$25,000.00')).toBeInTheDocument();
    expect(other.getByText('$1,500.50')).toBeInTheDocument();
    expect(other.getByText('$26,500.50 (estimate)')).toBeInTheDocument();
    expect(other.getByText('other-admin@example.com')).toBeInTheDocument();
    expect(other.getByText(`${formatDateTime(deposit.proposedAt)} (2 days ago)`)).toBeInTheDocument();
    expect(other.getByText('Wire from the bank')).toBeInTheDocument();
    expect(other.getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(other.queryByText('Waiting for another administrator')).not.toBeInTheDocument();

    const own = await card('Balance edit to $50,000.00 for bob@example.com');
    expect(own.getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/admin/clients/c2');
    expect(own.getByText('Waiting for another administrator')).toBeInTheDocument();
    expect(own.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(own.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });

  it("shows the approver why a move was held and the two sums it was measured by: the client's 24 hours and the proposer's", async () => {
    const split: PendingActionDto = {
      ...deposit,
      id: 'a3',
      clientEmail: 'carol@example.com',
      amount: 9_999.99,
      change: 9_999.99,
      clientDaySum: 19_999.98,
      proposerDaySum: 59_999.94,
      heldBecause: 'threshold',
    };
    const backdated: PendingActionDto = {
      ...deposit,
      id: 'a4',
      clientEmail: 'dan@example.com',
      amount: 10_000,
      change: 20_012.5,
      clientDaySum: 20_012.5,
      proposerDaySum: 20_012.5,
      heldBecause: 'backdated',
    };
    setup({}, [split, backdated]);
    const held = await card('Deposit of $9,999.99 for carol@example.com');
    expect(held.getByText("The client's moves in 24 hours pass the approval threshold")).toBeInTheDocument();
    expect(held.getByText("Client's 24 hours with this move")).toBeInTheDocument();
    expect(held.getByText('$19,999.98')).toBeInTheDocument();
    expect(held.getByText('$59,999.94')).toBeInTheDocument();
    // The change is the effect on the balance after the ledger's replay, not the amount typed.
    const old = await card('Deposit of $10,000.00 for dan@example.com');
    expect(old.getByText('+$20,012.50')).toBeInTheDocument();
    expect(old.getByText('A deposit dated more than 31 days back')).toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    setup({}, []);
    expect(await screen.findByText('No actions waiting for approval')).toBeInTheDocument();
  });

  it('approves after a dialog that repeats what will happen, then reads the list again', async () => {
    const api = setup({
      'POST /api/admin/pending-actions/a1/approve': () => {
        decided('a1');
        return {
          success: true,
          action: { ...deposit, status: 'approved', decidedBy: adminUser.email },
          newBalance: 26_500.5,
        };
      },
    });
    await userEvent.click(
      (await card('Deposit of $25,000.00 for alice@example.com')).getByRole('button', { name: 'Approve' }),
    );
    const d = within(await screen.findByRole('dialog', { name: 'Approve deposit' }));
    expect(d.getByText('Deposit of $25,000.00')).toBeInTheDocument();
    expect(d.getByText('alice@example.com')).toBeInTheDocument();
    expect(d.getByText('$26,500.50 (estimate)')).toBeInTheDocument();
    expect(d.getByText(/applies it at once/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(d.getByRole('button', { name: 'Approve deposit' }));
    expect(await screen.findByText('Deposit of $25,000.00 approved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /alice@example\.com/ })).not.toBeInTheDocument());
    expect(screen.getByText('1 action waiting')).toBeInTheDocument();
  });

  it("says at the dialog why an approval was refused (already decided, or the proposer's own), and reads the list again", async () => {
    let refusal = apiError(409, apiMessages.actionAlreadyDecided);
    const api = setup({ 'POST /api/admin/pending-actions/a1/approve': () => Promise.reject(refusal) });
    await userEvent.click(
      (await card('Deposit of $25,000.00 for alice@example.com')).getByRole('button', { name: 'Approve' }),
    );
    const d = within(await screen.findByRole('dialog', { name: 'Approve deposit' }));
    const before = reads(api);
    await userEvent.click(d.getByRole('button', { name: 'Approve deposit' }));
    expect(await d.findByRole('alert')).toHaveTextContent(apiMessages.actionAlreadyDecided);
    await waitFor(() => expect(reads(api)).toBeGreaterThan(before));
    refusal = apiError(403, apiMessages.cannotApproveOwnAction);
    await userEvent.click(d.getByRole('button', { name: 'Approve deposit' }));
    expect(await d.findByRole('alert')).toHaveTextContent(apiMessages.cannotApproveOwnAction);
  });

  it('rejects with a reason, which the field asks for when it is missing', async () => {
    const api = setup({
      'POST /api/admin/pending-actions/a2/reject': () => {
        decided('a2');
        return { success: true, action: { ...ownEdit, status: 'rejected', reason: 'Typo in the amount' } };
      },
    });
    await userEvent.click(
      (await card('Balance edit to $50,000.00 for bob@example.com')).getByRole('button', { name: 'Reject' }),
    );
    const d = within(await screen.findByRole('dialog', { name: 'Reject balance edit' }));
    await userEvent.click(d.getByRole('button', { name: 'Reject balance edit' }));
    expect(await d.findByText(apiMessages.reasonRequired)).toBeInTheDocument();
    expect(d.getByLabelText(/Reason/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(d.getByLabelText(/Reason/), '  Typo in the amount ');
    await userEvent.click(d.getByRole('button', { name: 'Reject balance edit' }));
    expect(await screen.findByText('Balance edit to $50,000.00 rejected')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'Typo in the amount' });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /bob@example\.com/ })).not.toBeInTheDocument());
  });
});
