import { formatUsd } from '../../../shared/money';
import { formatUtcDate } from '../../../shared/utc-format';
import { SAMPLE_FIRM } from '../../../shared/test-support/sample-firm';
import { DEMO_FIRM } from '../../../infra/aws/demo-firm';
import { periodOf, type StatementPeriod } from './document-item';
import { type StatementEntry, statementFigures } from './statement-figures';
import { signedUsd, statementPdf } from './statement-pdf';
import { pdfLines, pdfPageCount, pdfText } from './test-support/pdf-read';

const Q3 = periodOf('2026-Q3') as StatementPeriod;
const DAY = 86_400_000;
const firm = { ...DEMO_FIRM };

/** A busy quarter: a deposit a day for 80 days, some with long notes, one with letters WinAnsi lacks. */
function busyLedger(): StatementEntry[] {
  const entries: StatementEntry[] = [
    { id: 'e000', type: 'deposit', amountCents: 2_500_000, at: Date.parse('2026-01-14T10:00:00.000Z'), note: 'Start' },
  ];
  for (let i = 1; i <= 80; i++) {
    const type = i % 9 === 0 ? 'withdrawal' : i % 13 === 0 ? 'adjustment' : 'deposit';
    entries.push({
      id: `e${String(i).padStart(3, '0')}`,
      type,
      amountCents: type === 'adjustment' ? -(i * 7 + 3) : 1_000 + i * 137,
      at: Q3.from + i * DAY + 9 * 3_600_000,
      ...(i % 10 === 0
        ? {
            note: `Wire ${i} from the client's bank, reference ${'X'.repeat(i % 3)}AB-${i}: ${'long words '.repeat(12)}end`,
          }
        : {}),
      ...(i === 7 ? { note: 'Virement de Łukasz Żółć 😀 reçu — merci' } : {}),
    });
  }
  return entries;
}

describe('the statement PDF', () => {
  const entries = busyLedger();
  const requests = [
    { requestId: 'r1', amountCents: 12_345, status: 'pending' as const, requestedAt: Q3.from + 40 * DAY },
  ];
  const figures = statementFigures({
    entries,
    requests,
    lastUpdate: Date.parse('2026-11-30T00:00:00.000Z'),
    period: Q3,
  });
  const input = { title: 'Q3 2026 statement', clientName: 'Zoë Ångström-Łęcka', firm, figures, issuedAt: Q3.to };

  it('shows every figure of the ledger, read back as a PDF reader reads it', async () => {
    const pdf = await statementPdf(input);
    const lines = pdfLines(pdf);
    const has = (...parts: string[]) => lines.some((line) => parts.every((part) => line.includes(part)));
    expect(has('Opening balance on 1 July 2026', formatUsd(figures.openingCents))).toBe(true);
    expect(has('Deposits', signedUsd(figures.depositsCents))).toBe(true);
    expect(has('Withdrawals', signedUsd(-figures.withdrawalsCents))).toBe(true);
    expect(has('Weekly growth', signedUsd(figures.growthCents))).toBe(true);
    expect(has('Balance adjustments', signedUsd(figures.adjustmentsCents))).toBe(true);
    expect(has('Closing balance on 30 September 2026', formatUsd(figures.closingCents))).toBe(true);
    expect(has('Profit eligible for withdrawal at the close', formatUsd(figures.eligibleProfitCents))).toBe(true);
    expect(has('Withdrawal requests pending at the close (1)', '$123.45')).toBe(true);
    expect(figures.moves).toHaveLength(80);
    for (const m of figures.moves)
      expect([m.entryId, has(formatUtcDate(m.at), signedUsd(m.amountCents), formatUsd(m.balanceAfterCents))]).toEqual([
        m.entryId,
        true,
      ]);
    expect(figures.growth.length).toBeGreaterThan(10);
    for (const g of figures.growth)
      expect(has(formatUtcDate(g.at), 'Weekly growth', signedUsd(g.amountCents), formatUsd(g.balanceAfterCents))).toBe(
        true,
      );
    // The totals are the moves' own: no floor at zero in this ledger.
    const sum = (type: string) =>
      figures.moves.filter((m) => m.type === type).reduce((total, m) => total + m.amountCents, 0);
    expect([sum('deposit'), -sum('withdrawal'), sum('adjustment')]).toEqual([
      figures.depositsCents,
      figures.withdrawalsCents,
      figures.adjustmentsCents,
    ]);
  });

  it('wraps long notes over several pages, with the letterhead, footer and page numbers', async () => {
    const pdf = await statementPdf(input);
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    const pages = pdfPageCount(pdf);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Page ${pages} of ${pages}`);
    expect(text).toContain('Q3 2026 statement (continued)');
    // Each page the activity runs onto starts with its column headings again.
    expect((text.match(/Date Description Amount Balance after/g) ?? []).length).toBeGreaterThanOrEqual(pages - 1);
    expect(text).toContain('Client: Zoë Ångström-Lecka');
    expect(text).toContain('Virement de Lukasz Zólc ? reçu — merci');
    expect(text).toContain(`long words end`);
    for (const line of firm.address ?? []) expect(text).toContain(line);
    expect(text).toContain('Period: 1 July 2026 to 30 September 2026 (UTC)');
    expect((text.match(/The 100% annual growth is a target: it is not guaranteed\./g) ?? []).length).toBe(pages);
    expect((text.match(/Demo firm — not a real offer/g) ?? []).length).toBe(pages);
    expect(text).toContain('Support: support@aurum.example, +44 20 0000 0000');
    expect(text).not.toContain('Corrected statement');
  });

  it('gives the same bytes for the same inputs, and says when it corrects an earlier one', async () => {
    const first = await statementPdf(input);
    expect(Buffer.from(await statementPdf(input)).equals(Buffer.from(first))).toBe(true);
    const corrected = pdfText(await statementPdf({ ...input, correction: true, issuedAt: Q3.to + 20 * DAY }));
    expect(corrected).toContain('Corrected statement');
    expect(corrected).toContain('Issued: 21 October 2026');
  });

  it('writes a quiet period, a firm without address or phone, and says there was nothing', async () => {
    const october = periodOf('2026-10') as StatementPeriod;
    const quiet = statementFigures({
      entries: [{ id: 'a', type: 'deposit', amountCents: 100, at: Date.parse('2026-10-31T23:00:00.000Z') }],
      requests: [],
      lastUpdate: Date.parse('2026-10-31T23:00:00.000Z'),
      period: periodOf('2026-09') as StatementPeriod,
    });
    const text = pdfText(
      await statementPdf({ ...input, figures: quiet, firm: { ...SAMPLE_FIRM }, issuedAt: october.from }),
    );
    expect(text).toContain('No deposits, withdrawals, adjustments or growth in this period.');
    expect(text).toContain('Aurum Capital Ltd');
    expect(text).not.toContain('Demo firm');
  });
});
