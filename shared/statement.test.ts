import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { WEEK_MS, type LedgerEntry, replayLedger } from './growth';
import { balanceHistory } from './history';
import { balancesCsv, safeText, statementCsv, toCsv } from './statement';

const parseCsv = (text: string) => parse(text, { relax_column_count: false });
const MONDAY = Date.UTC(2026, 0, 5);

describe('CSV', () => {
  it('quotes what must be quoted and parses back to the same rows (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string(), { minLength: 3, maxLength: 3 }), { maxLength: 20 }), (rows) => {
        const csv = toCsv(['a', 'b', 'c'], rows);
        expect(csv.endsWith('\r\n')).toBe(true);
        expect(parseCsv(csv)).toEqual([['a', 'b', 'c'], ...rows.map((r) => r.map(safeText))]);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    ['=HYPERLINK("http://evil","x")', `'=HYPERLINK("http://evil","x")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1)', `'@SUM(A1)`],
    ['\tcmd', `'\tcmd`],
    ['plain, with "quotes"\nand a newline', 'plain, with "quotes"\nand a newline'],
  ])('defuses %j', (note, cell) => {
    const csv = toCsv(['note'], [[note]]);
    expect(parseCsv(csv)[1]).toEqual([cell]);
  });

  it.each([
    ["Example;=1+1;=cmd|' /C calc'!A0", `"Example;'=1+1;'=cmd|' /C calc'!A0"`],
    ['a,+1', `"a,'+1"`],
    ['a\t@SUM(A1)', `"a\t'@SUM(A1)"`],
    ['a; -2', `"a;' -2"`],
    ['a;"=2', `"a;'""=2"`],
    ['line\r\n=2', `"line\r\n'=2"`],
    ['\uff1dcmd', `'\uff1dcmd`],
    ["O'Brien; Anne-Marie, José", `"O'Brien; Anne-Marie, José"`],
  ])('defuses what follows every separator and quotes the field: %j', (text, field) => {
    expect(toCsv(['x'], [[text]])).toBe(`x\r\n${field}\r\n`);
  });

  /** Typed text made of what CSV injection is made of: separators, quotes, spaces, formula signs. */
  const hostileText = fc.string({
    unit: fc.constantFrom('a', ' ', '"', "'", ',', ';', '\t', '\r', '\n', '=', '+', '-', '@', '\uff1d', '\u00a0'),
    maxLength: 12,
  });

  it('leaves no piece a formula, however a reader splits the file (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(hostileText, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          const csv = toCsv(['a', 'b', 'c'], rows);
          // Every cell any reader could see: split on `,` (RFC 4180), `;` (a European Excel), tab
          // and line breaks, honouring no quote; a reader may then trim white space and quotes.
          for (const piece of csv.split(/[,;\t\r\n]/)) {
            expect(piece.replace(/^[\s"]*/, '')).not.toMatch(/^[=+\-@\uff1d\uff0b\uff0d\uff20]/);
          }
          // A reader that honours the quotes gets each field back, changed only by the `'`s added.
          const parsed = parseCsv(csv).slice(1);
          expect(parsed).toEqual(rows.map((r) => r.map(safeText)));
          expect(parsed.map((r) => r.map((cell) => cell.replaceAll("'", '')))).toEqual(
            rows.map((r) => r.map((text) => text.replaceAll("'", ''))),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('writes amounts with 2 decimals, negatives too, never defused', () => {
    expect(parseCsv(toCsv(['x'], [[{ amountCents: -5 }], [{ amountCents: 123456 }], [{ amountCents: 0 }]]))).toEqual([
      ['x'],
      ['-0.05'],
      ['1234.56'],
      ['0.00'],
    ]);
  });
});

describe('statements', () => {
  const ledger: LedgerEntry[] = [
    { id: 'a', type: 'deposit', amountCents: 1_000_000, at: MONDAY + 86_400_000 },
    { id: 'b', type: 'withdrawal', amountCents: 25_000, at: MONDAY + 3 * WEEK_MS + 3600_000 },
  ];
  const L = MONDAY + 5 * WEEK_MS;
  const points = balanceHistory(ledger, L);

  it('has the opening balance, entries with notes, weekly growth, the running balance and the closing balance', () => {
    const csv = statementCsv({ points, notes: new Map([['a', '=wire from "bank", ref 12']]), from: MONDAY, to: L });
    const rows = parseCsv(csv);
    expect(rows[0]).toEqual(['Date', 'Type', 'Description', 'Amount', 'Balance']);
    expect(rows[1]).toEqual([new Date(MONDAY).toISOString(), 'Opening balance', '', '0.00', '0.00']);
    expect(rows[2]).toEqual([
      new Date(MONDAY + 86_400_000).toISOString(),
      'Deposit',
      `'=wire from "bank", ref 12`,
      '10000.00',
      '10000.00',
    ]);
    expect(rows.filter((r) => r[1] === 'Weekly growth').length).toBeGreaterThanOrEqual(3);
    expect(rows.find((r) => r[1] === 'Withdrawal')?.[3]).toBe('-250.00');
    const closing = rows.at(-1);
    expect(closing?.[1]).toBe('Closing balance');
    expect(Math.round(Number(closing?.[4]) * 100)).toBe(replayLedger(ledger, L).balanceCents);
    // every running balance is the previous one plus the row's amount, except where the floor at 0 bites
    for (let i = 3; i < rows.length - 1; i++) {
      expect(Math.round(Number(rows[i]?.[4]) * 100)).toBe(
        Math.round(Number(rows[i - 1]?.[4]) * 100) + Math.round(Number(rows[i]?.[3]) * 100),
      );
    }
  });

  it('opens a later period at the balance carried in', () => {
    const rows = parseCsv(statementCsv({ points, notes: new Map(), from: MONDAY + 2 * WEEK_MS + 1, to: L }));
    expect(Number(rows[1]?.[4])).toBeGreaterThan(10000);
    expect(rows.some((r) => r[1] === 'Deposit')).toBe(false);
  });

  it('all clients balances', () => {
    const rows = parseCsv(
      balancesCsv([
        {
          email: 'a@x.co',
          name: '@bob',
          balanceCents: 12345,
          weeklyGainPercent: 1.3419,
          lastUpdate: '2026-11-16T00:00:00.000Z',
        },
      ]),
    );
    expect(rows).toEqual([
      ['Email', 'Name', 'Balance', 'Weekly gain %', 'Last updated'],
      ['a@x.co', "'@bob", '123.45', '1.34', '2026-11-16T00:00:00.000Z'],
    ]);
  });
});
