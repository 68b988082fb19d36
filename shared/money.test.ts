import fc from 'fast-check';
import {
  centsToDollars,
  dollarsToCents,
  formatSignedPercent,
  formatUsd,
  MAX_ENTRY_CENTS,
  parseDollarNumber,
  parseDollarText,
  roundHalfEven,
} from './money';

describe('roundHalfEven', () => {
  it.each([
    [0.5, 0],
    [1.5, 2],
    [2.5, 2],
    [-0.5, 0],
    [-1.5, -2],
    [-2.5, -2],
    [2.4999, 2],
    [2.5001, 3],
    [-2.5001, -3],
    [202.68, 203],
  ])('%p -> %p', (x, expected) => {
    expect(roundHalfEven(x)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundHalfEven(-0.2), 0)).toBe(true);
  });

  it('refuses NaN and Infinity', () => {
    expect(() => roundHalfEven(Number.NaN)).toThrow(RangeError);
    expect(() => roundHalfEven(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('is within half a unit of its input and whole', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (x) => {
        const r = roundHalfEven(x);
        return Number.isInteger(r) && Math.abs(r - x) <= 0.5;
      }),
    );
  });
});

describe('parseDollarText (form input)', () => {
  it.each([
    '10.001',
    '-1',
    '',
    '   ',
    'abc',
    '1e400',
    '1e3',
    '1,000',
    '12.3.4',
    '.',
    '$5',
    'Infinity',
    'NaN',
    '0',
    '0.00',
  ])('rejects %p', (text) => {
    expect(parseDollarText(text).ok).toBe(false);
  });

  it.each([
    ['0.01', 1],
    ['1000000', 100_000_000],
    ['12', 1200],
    ['12.5', 1250],
    [' 12.50 ', 1250],
    ['.5', 50],
    ['7.', 700],
    ['1000000000', MAX_ENTRY_CENTS],
  ])('accepts %p as %p cents', (text, cents) => {
    expect(parseDollarText(text)).toEqual({ ok: true, cents });
  });

  it('says why it refused', () => {
    expect(parseDollarText('10.001')).toEqual({ ok: false, problem: 'too-many-decimals' });
    expect(parseDollarText('-1')).toEqual({ ok: false, problem: 'negative' });
    expect(parseDollarText('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseDollarText('abc')).toEqual({ ok: false, problem: 'not-a-number' });
    expect(parseDollarText('1000000000.01')).toEqual({ ok: false, problem: 'too-large' });
    expect(parseDollarText('99999999999999999999')).toEqual({ ok: false, problem: 'too-large' });
  });

  it('allows zero and negatives only when asked', () => {
    expect(parseDollarText('0', { allowZero: true })).toEqual({ ok: true, cents: 0 });
    expect(parseDollarText('-3.25', { allowNegative: true })).toEqual({ ok: true, cents: -325 });
  });
});

describe('parseDollarNumber (API)', () => {
  it.each([
    [Number('1e400')],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [-1],
    [0],
    [10.001],
    [0.1 + 0.2],
    [1e-7],
    [1e21],
    ['10'],
    [null],
    [undefined],
    [{}],
    [[5]],
    [true],
  ])('rejects %p', (value) => {
    expect(parseDollarNumber(value).ok).toBe(false);
  });

  it.each([
    [0.01, 1],
    [1000000, 100_000_000],
    [19.99, 1999],
    [0.1, 10],
    [1234.5, 123450],
  ])('accepts %p as %p cents', (value, cents) => {
    expect(parseDollarNumber(value)).toEqual({ ok: true, cents });
  });

  it('round-trips every whole number of cents through its dollar number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_ENTRY_CENTS }), (cents) => {
        const parsed = parseDollarNumber(centsToDollars(cents));
        return parsed.ok && parsed.cents === cents;
      }),
    );
  });

  it('agrees with the text parser on the same decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.integer({ min: 0, max: 99 }), (whole, frac) => {
        const text = `${whole}.${String(frac).padStart(2, '0')}`;
        expect(parseDollarNumber(Number(text), { allowZero: true })).toEqual(
          parseDollarText(text, { allowZero: true }),
        );
      }),
    );
  });
});

describe('dollarsToCents (API dollars for display)', () => {
  it.each([
    [0, 0],
    [12345.67, 1234567],
    [-3, -300],
    [0.1 + 0.2, 30],
    [1.005, 100],
    [-0.001, 0],
    [200_000_000_000.01, 20_000_000_000_001],
  ])('%p -> %p cents', (dollars, cents) => {
    expect(dollarsToCents(dollars)).toBe(cents);
  });

  it('never returns -0', () => {
    expect(Object.is(dollarsToCents(-0.001), 0)).toBe(true);
  });

  it('undoes centsToDollars for every whole number of cents, of either sign', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_ENTRY_CENTS * 100, max: MAX_ENTRY_CENTS * 100 }),
        (cents) => dollarsToCents(centsToDollars(cents)) === cents,
      ),
    );
  });

  it('refuses NaN and Infinity', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError);
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [1, '$0.01'],
    [203, '$2.03'],
    [123456789, '$1,234,567.89'],
    [20_000_000, '$200,000.00'],
    [-300, '-$3.00'],
    [MAX_ENTRY_CENTS, '$1,000,000,000.00'],
  ])('%p cents -> %p', (cents, text) => {
    expect(formatUsd(cents)).toBe(text);
  });

  it('matches Intl currency formatting for every amount', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => formatUsd(cents) === intl.format(cents / 100)),
    );
  });

  it('refuses fractional cents', () => {
    expect(() => formatUsd(1.5)).toThrow(RangeError);
  });
});

describe('formatSignedPercent', () => {
  it.each([
    [1.3419, '+1.34%'],
    [0, '+0.00%'],
    [-0.5, '-0.50%'],
    [100, '+100.00%'],
    [-0.001, '+0.00%'],
    [0.125, '+0.12%'],
    [0.135, '+0.14%'],
  ])('%p -> %p', (p, text) => {
    expect(formatSignedPercent(p)).toBe(text);
  });
});
