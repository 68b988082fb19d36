import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { payoutRefusals, sentMessages } from '../../../../shared/payout-account';
import { formatDate, localDateInput, utcDateInput } from '../../format';
import { expectFieldError } from '../../test/field-errors';
import { adminUser, apiError, fakeAuth, fixtureApi, renderApp } from '../../test/harness';
import { approvedRequest, bobUs } from '../../test/payout-fixtures';

afterEach(() => jest.restoreAllMocks());

/** The payouts still to send, as the server holds them: a mark takes one off. */
let unsent: WithdrawalRequestDto[] = [];

const alices = approvedRequest();
const bobs = approvedRequest({
  id: 'r8',
  userId: 'c2',
  userEmail: 'bob@example.com',
  amount: 1_200,
  createdAt: '2025-03-04T10:00:00.000Z',
  decidedAt: '2025-03-05T09:00:00.000Z',
  destination: bobUs,
});
const carols = approvedRequest({
  id: 'r9',
  userId: 'c3',
  userEmail: 'carol@example.com',
  amount: 500,
  decidedAt: '2025-03-06T09:00:00.000Z',
  destination: undefined,
});

function setup(handlers: Record<string, unknown> = {}, list = [alices, bobs, carols]) {
  unsent = [...list];
  const api = fixtureApi({
    'GET /api/admin/clients': { clients: [] },
    'GET /api/admin/pending-actions': [],
    'GET /api/admin/withdrawal-requests?status=approved': () => unsent,
    ...handlers,
  });
  renderApp('/admin/payouts', { backend: fakeAuth(adminUser), api });
  return api;
}

const payout = async (email: string) => within(await screen.findByRole('listitem', { name: `Payout to ${email}` }));

async function openMark(email: string) {
  await userEvent.click((await payout(email)).getByRole('button', { name: 'Mark sent' }));
  return within(await screen.findByRole('dialog', { name: 'Mark payout sent' }));
}

const typeReference = async (d: ReturnType<typeof within>, text: string) => {
  await userEvent.clear(d.getByLabelText('Bank reference'));
  if (text) await userEvent.type(d.getByLabelText('Bank reference'), text);
};
const setDay = async (d: ReturnType<typeof within>, day: string) => {
  await userEvent.clear(d.getByLabelText('Date sent'));
  if (day) await userEvent.type(d.getByLabelText('Date sent'), day);
};
const markSent = (d: ReturnType<typeof within>) => userEvent.click(d.getByRole('button', { name: 'Mark sent' }));

describe('payouts to send', () => {
  it('is a page of the console, listing approved payouts oldest approval first, each with where it goes', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payouts to send' })).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Administration' }));
    expect(nav.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    const list = await screen.findByRole('list', { name: 'Payouts to send' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Payout to alice@example.com', 'Payout to bob@example.com', 'Payout to carol@example.com']);
    expect(screen.getByText('3 payouts to send')).toBeInTheDocument();
    const alice = await payout('alice@example.com');
    expect(alice.getByText('$250.00')).toBeInTheDocument();
    expect(alice.getByRole('link', { name: 'alice@example.com' })).toHaveAttribute('href', '/admin/clients/c1');
    expect((await payout('bob@example.com')).getByRole('link', { name: 'bob@example.com' })).toHaveAttribute(
      'href',
      '/admin/clients/c2',
    );
    expect(alice.getByText(new RegExp(`^Approved ${formatDate(alices.decidedAt ?? '')} \\(`))).toBeInTheDocument();
    expect(alice.getByText('To IBAN GB•• ending 5432 · Example Bank plc (Alice Example)')).toBeInTheDocument();
    expect(
      (await payout('bob@example.com')).getByText(
        'To US account ending 6789 (routing 011000015) · Example Savings Bank (Bob Example)',
      ),
    ).toBeInTheDocument();
    expect(
      (await payout('carol@example.com')).getByText('No payout account recorded with this request'),
    ).toBeInTheDocument();
  });

  it('says when there is nothing to send', async () => {
    setup({}, []);
    expect(await screen.findByText('No payouts to send')).toBeInTheDocument();
  });

  it('says when the list cannot be read, and reads it again', async () => {
    let fail = true;
    setup({
      'GET /api/admin/withdrawal-requests?status=approved': () =>
        fail ? Promise.reject(apiError(500, 'boom')) : [alices],
    });
    expect(await screen.findByText('Failed to load the payouts to send')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await payout('alice@example.com')).toBeTruthy();
  });

  it('checks the reference and the day at their fields before anything is sent', async () => {
    const api = setup();
    const d = await openMark('alice@example.com');
    expect(d.getByLabelText('Date sent')).toHaveValue(localDateInput());
    await markSent(d);
    await expectFieldError('Bank reference', sentMessages.referenceRequired, d);
    await typeReference(d, 'WIRE#42');
    await setDay(d, '2025-03-02');
    await markSent(d);
    await expectFieldError('Bank reference', sentMessages.referenceInvalid, d);
    await expectFieldError('Date sent', payoutRefusals.beforeApproval(alices.decidedAt ?? ''), d);
    await setDay(d, '2999-01-01');
    await markSent(d);
    await expectFieldError('Date sent', payoutRefusals.inFuture, d);
    await setDay(d, '');
    await markSent(d);
    await expectFieldError('Date sent', sentMessages.sentAtRequired, d);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('marks a payout sent with the reference and the day; it leaves the list', async () => {
    const api = setup({
      'POST /api/admin/withdrawal-requests/r7/sent': (body: { reference: string; sentAt: string }) => {
        unsent = unsent.filter((r) => r.id !== 'r7');
        return { success: true, request: { ...alices, sentAt: body.sentAt, sentReference: body.reference } };
      },
    });
    const d = await openMark('alice@example.com');
    expect(d.getByText('IBAN GB•• ending 5432 · Example Bank plc')).toBeInTheDocument();
    await typeReference(d, '  WIRE-2025-0042 ');
    await setDay(d, '2025-03-05');
    await markSent(d);
    expect(await screen.findByText('Payout marked sent')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reference: 'WIRE-2025-0042',
      sentAt: '2025-03-05',
    });
    await waitFor(() =>
      expect(screen.queryByRole('listitem', { name: 'Payout to alice@example.com' })).not.toBeInTheDocument(),
    );
    expect(screen.getByText('2 payouts to send')).toBeInTheDocument();
  });

  it('sends today as now, so the bank day of any time zone is not ahead of the server', async () => {
    const api = setup({
      'POST /api/admin/withdrawal-requests/r7/sent': { success: true, request: alices },
    });
    const d = await openMark('alice@example.com');
    await typeReference(d, 'WIRE-1');
    const before = Date.now();
    await markSent(d);
    await screen.findByText('Payout marked sent');
    const sentAt = (api.calls.find((c) => c.method === 'POST')?.body as { sentAt: string }).sentAt;
    expect(Date.parse(sentAt)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(sentAt)).toBeLessThanOrEqual(Date.now());
  });

  it("puts the server's refusals at their fields, and one of the whole mark in the dialog, reading the list again", async () => {
    let refusal = apiError(400, payoutRefusals.inFuture);
    const api = setup({ 'POST /api/admin/withdrawal-requests/r7/sent': () => Promise.reject(refusal) });
    const d = await openMark('alice@example.com');
    await typeReference(d, 'WIRE-1');
    await setDay(d, '2025-03-05');
    await markSent(d);
    await expectFieldError('Date sent', payoutRefusals.inFuture, d);
    expect(d.queryByRole('alert')).not.toBeInTheDocument();
    refusal = apiError(400, sentMessages.referenceInvalid);
    await markSent(d);
    await expectFieldError('Bank reference', sentMessages.referenceInvalid, d);

    const reads = () => api.calls.filter((c) => c.path === '/api/admin/withdrawal-requests?status=approved').length;
    const before = reads();
    refusal = apiError(409, payoutRefusals.alreadySent('2025-03-05T00:00:00.000Z', 'WIRE-9'));
    unsent = unsent.filter((r) => r.id !== 'r7');
    await typeReference(d, 'WIRE-2');
    await markSent(d);
    expect(await d.findByRole('alert')).toHaveTextContent(
      `Error${payoutRefusals.alreadySent('2025-03-05T00:00:00.000Z', 'WIRE-9')}`,
    );
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('downloads the file for the bank as CSV', async () => {
    const createObjectURL = jest.fn(() => 'blob:payouts');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const names: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const api = setup({ 'POST /api/admin/payouts/unsent/export': 'Request,Approved\r\n' });
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV for the bank' }));
    await waitFor(() => expect(names).toEqual([`aurum-payouts-to-send-${utcDateInput()}.csv`]));
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
    expect(api.calls.filter((c) => c.path === '/api/admin/payouts/unsent/export')).toHaveLength(1);
  });

  it('says when the file cannot be downloaded', async () => {
    setup({ 'POST /api/admin/payouts/unsent/export': () => Promise.reject(apiError(500, '')) });
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV for the bank' }));
    expect(await screen.findByText('Failed to download the payouts file')).toBeInTheDocument();
  });
});
