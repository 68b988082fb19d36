import { DEMO_FIRM } from '../../../infra/aws/demo-firm';
import { DOC_ID_PATTERN, periodOf, type StatementPeriod } from './document-item';
import { type ConfirmedMove, confirmationDraft, renderConfirmation } from './confirmation-document';
import { statementTitle } from './statement-document';
import { pdfPageCount, pdfText } from './test-support/pdf-read';

const firm = { ...DEMO_FIRM };
const deposit: ConfirmedMove = {
  kind: 'deposit',
  sub: 'alice-sub',
  entryId: 'mhx0a1b2c3d4e5f6a7b8',
  amountCents: 1_234_567,
  at: '2026-10-07T09:30:00.000Z',
  note: 'Wire from Łódź bank 🏦, reference 4471-AB',
  balanceAfterCents: 3_534_567,
};
const payout: ConfirmedMove = {
  kind: 'payout',
  sub: 'alice-sub',
  requestId: 'alice-sub.0mhx0a1b2c',
  amountCents: 50_000,
  requestedAt: '2026-10-20T08:00:00.000Z',
  decidedAt: '2026-10-21T10:15:00.000Z',
  sentAt: '2026-10-22T00:00:00.000Z',
  reference: 'BANK-REF 7781/22',
};
const payTo = {
  holderName: 'Alice Example',
  bankName: 'Example Bank',
  kind: 'iban' as const,
  last4: '5432',
  country: 'GB',
  setAt: '2026-01-01T00:00:00.000Z',
  usableFrom: '2026-01-04T00:00:00.000Z',
};
const to = { clientName: 'Alice Example', firm, payTo: null, issuedAt: Date.parse('2026-10-07T09:31:00.000Z') };
const flat = (pdf: Uint8Array) => pdfText(pdf).replace(/\s+/g, ' ');

describe('confirmations', () => {
  it("a deposit's: one page with its amount, date, note, balance and reference", async () => {
    const { draft, pdf } = await renderConfirmation(deposit, to);
    expect(draft).toMatchObject({
      docId: '20261007T093000Z-deposit-mhx0a1b2c3d4e5f6a7b8',
      kind: 'deposit-confirmation',
      title: 'Deposit confirmation',
      date: deposit.at,
      ref: deposit.entryId,
    });
    const text = flat(pdf);
    expect(pdfPageCount(pdf)).toBe(1);
    for (const part of [
      'Deposit confirmation',
      'Client: Alice Example',
      'A deposit of $12,345.67 was recorded in your portfolio.',
      'Amount $12,345.67',
      'Dated 7 October 2026, 09:30 UTC',
      'Note Wire from Lódz bank ?, reference 4471-AB',
      'Balance after this deposit $35,345.67',
      'Our reference mhx0a1b2c3d4e5f6a7b8',
      'Demo House, 1 Example Street',
      'Page 1 of 1',
    ])
      expect(text).toContain(part);
  });

  it("a withdrawal's, in its own words", async () => {
    const text = flat((await renderConfirmation({ ...deposit, kind: 'withdrawal', note: undefined }, to)).pdf);
    expect(text).toContain('A withdrawal of $12,345.67 was processed from your portfolio.');
    expect(text).toContain('Balance after this withdrawal $35,345.67');
    expect(text).not.toContain('Note');
  });

  it("a payout's: the bank's reference and the masked account, never the whole number", async () => {
    const { draft, pdf } = await renderConfirmation(payout, { ...to, payTo });
    expect(draft).toMatchObject({
      docId: '20261022T000000Z-payout-0mhx0a1b2c',
      kind: 'payout-confirmation',
      ref: payout.requestId,
    });
    expect(draft.docId).toMatch(DOC_ID_PATTERN);
    const text = flat(pdf);
    for (const part of [
      'Payout confirmation',
      'The $500.00 you asked to withdraw was sent to your payout account on 22 October 2026.',
      'Requested 20 October 2026, 08:00 UTC',
      'Approved 21 October 2026, 10:15 UTC',
      'Sent 22 October 2026',
      'Bank reference BANK-REF 7781/22',
      'Paid to Alice Example, Example Bank',
      'Account IBAN GB•• ending 5432',
    ])
      expect(text).toContain(part);
    expect(flat((await renderConfirmation(payout, to)).pdf)).not.toContain('Paid to');
  });

  it('is the same file for the same move, and has the same id whenever it is written', async () => {
    const first = await renderConfirmation(deposit, to);
    const again = await renderConfirmation(deposit, { ...to, issuedAt: to.issuedAt + 86_400_000 });
    expect(again.draft.docId).toBe(first.draft.docId);
    expect(Buffer.from(again.pdf).equals(Buffer.from(first.pdf))).toBe(true);
    expect(confirmationDraft(deposit, 0).docId).toMatch(DOC_ID_PATTERN);
  });
});

describe('statement titles', () => {
  it.each([
    ['2026-10', 'October 2026 statement'],
    ['2026-Q4', 'Q4 2026 statement'],
    ['2026-Q1', 'Q1 2026 statement'],
    ['2026', '2026 annual statement'],
  ])('%s: %s', (label, title) => {
    expect(statementTitle(periodOf(label) as StatementPeriod)).toBe(title);
  });
});
