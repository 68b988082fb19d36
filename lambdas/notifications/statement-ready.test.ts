import { confirmationsFor } from './confirmation-events';
import { notificationsFor } from './events';
import { renderNotification } from './render';
import {
  approved,
  entryItem,
  insert,
  modify,
  pendingRequest,
  REQUEST_ID,
  sent,
  statementDocumentItem,
  SUB,
  balanceEditItem,
  NOW,
} from './test-support/stream-records';

const SITE = 'https://portal.aurum.example';
const mailOf = (item: object) => {
  const [n, ...rest] = notificationsFor(insert(item));
  expect(rest).toEqual([]);
  if (!n) throw new Error('no notification');
  return { n, mail: renderNotification(n, { siteUrl: SITE, recipientFirstName: 'Jane' }) };
};

describe("the statement's e-mail", () => {
  it('tells the client a month is ready, with a link to the Documents page and no attachment', () => {
    const { n, mail } = mailOf(statementDocumentItem('2026-10'));
    expect(n).toMatchObject({
      kind: 'statement-ready',
      id: `document:${SUB}:20261101T000000Z-statement-2026-10`,
      recipient: { kind: 'client', sub: SUB },
      optional: true,
    });
    expect(mail.subject).toBe('Your October statement is ready');
    expect(mail.text).toContain('Your Aurum statement for October 2026 is ready.');
    expect(mail.text).toContain(`${SITE}/documents`);
    expect(mail.html).toContain(`href="${SITE}/documents"`);
    expect(mail.text).toContain('You can turn them off in your account settings');
  });

  it.each([
    ['2026-Q4', 'Your Q4 2026 statement is ready'],
    ['2026', 'Your 2026 annual statement is ready'],
  ])('names a %s statement: %s', (label, subject) => {
    expect(mailOf(statementDocumentItem(label)).mail.subject).toBe(subject);
  });

  it('says a regenerated statement is a correction, in its own e-mail', () => {
    const { n, mail } = mailOf(statementDocumentItem('2026-10', { of: 'x', by: 'admin@aurum.example' }));
    expect(n.id).toContain('-correction');
    expect(mail.subject).toBe('Your corrected October statement is ready');
    expect(mail.text).toContain('We have corrected your Aurum statement for October 2026.');
  });

  it("sends nothing for a confirmation's item, a misfiled or malformed one, or a changed item", () => {
    const confirmation = { ...statementDocumentItem('2026-10'), kind: 'deposit-confirmation' };
    expect(notificationsFor(insert(confirmation))).toEqual([]);
    const misfiled = { ...statementDocumentItem('2026-10'), SK: 'DOC#20261101T000000Z-statement-2026-09' };
    expect(notificationsFor(insert(misfiled))).toEqual([]);
    const noPeriod = { ...statementDocumentItem('2026-10'), period: 'October' };
    expect(notificationsFor(insert(noPeriod))).toEqual([]);
    const item = statementDocumentItem('2026-10');
    expect(notificationsFor(modify(item, { ...item, bytes: 1 }))).toEqual([]);
  });
});

describe('the confirmations a record stands for', () => {
  it('a deposit or a withdrawal entry, with what its PDF shows', () => {
    const deposit = entryItem({ type: 'deposit', amountCents: 123_456, balanceAfterCents: 223_456, note: 'Wire' });
    expect(confirmationsFor(insert(deposit))).toEqual([
      {
        kind: 'deposit',
        sub: SUB,
        entryId: deposit.entryId,
        amountCents: 123_456,
        at: deposit.at,
        note: 'Wire',
        balanceAfterCents: 223_456,
      },
    ]);
    const withdrawal = entryItem({ type: 'withdrawal', amountCents: 5_000, balanceAfterCents: 1_000 });
    expect(confirmationsFor(insert(withdrawal))).toMatchObject([{ kind: 'withdrawal', amountCents: 5_000 }]);
    expect(confirmationsFor(modify(deposit, deposit))).toEqual([]);
  });

  it('none for a balance edit, a new or approved request, or a statement', () => {
    const edit = balanceEditItem({ balanceCents: 100_000, netCents: 100_000, lastUpdate: NOW - 1 }, 250_075);
    const request = pendingRequest();
    expect(confirmationsFor(insert(edit))).toEqual([]);
    expect(confirmationsFor(insert(request))).toEqual([]);
    expect(confirmationsFor(modify(request, approved(request)))).toEqual([]);
    expect(confirmationsFor(insert(statementDocumentItem()))).toEqual([]);
  });

  it("a request's change to sent, once: with the bank's reference", () => {
    const request = approved(pendingRequest(50_000));
    const paid = sent(request, 'WIRE-9');
    expect(confirmationsFor(modify(request, paid))).toEqual([
      {
        kind: 'payout',
        sub: SUB,
        requestId: REQUEST_ID,
        amountCents: 50_000,
        requestedAt: request.createdAt,
        decidedAt: request.decidedAt,
        sentAt: paid.sentAt,
        reference: 'WIRE-9',
      },
    ]);
    expect(confirmationsFor(modify(paid, { ...paid, markedSentAt: 'later' }))).toEqual([]);
  });
});
