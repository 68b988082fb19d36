/**
 * Money inside the system is integer cents. Dollars exist only at the edges: JSON numbers
 * in the API, text typed into a form, and formatted strings on screen.
 *
 * `roundHalfEven` is the one place a float becomes a whole number of cents: every grown
 * value, profit and percentage passes through it before it is stored or shown.
 */

/** Integer number of US cents. */
export type Cents = number;

/** The largest amount a single entry may carry: $1,000,000,000 (docs/product.md, "Money"). */
export const MAX_ENTRY_CENTS: Cents = 100_000_000_000;

/** Rounds to the nearest integer, ties to even (banker's rounding), so rounding errors do not drift one way. */
export function roundHalfEven(x: number): number {
  if (!Number.isFinite(x)) throw new RangeError(`cannot round ${x}`);
  const floor = Math.floor(x);
  const diff = x - floor;
  let result: number;
  if (diff < 0.5) result = floor;
  else if (diff > 0.5) result = floor + 1;
  else result = floor % 2 === 0 ? floor : floor + 1;
  return result === 0 ? 0 : result; // never -0
}

export type AmountProblem = 'not-a-number' | 'too-many-decimals' | 'negative' | 'zero' | 'too-large';

export type ParsedAmount = { ok: true; cents: Cents } | { ok: false; problem: AmountProblem };

export interface AmountRules {
  /** Zero is allowed (a balance may be set to $0.00); deposits and withdrawals need more. */
  allowZero?: boolean;
  /** Signed amounts (an adjustment's difference); never typed by a person. */
  allowNegative?: boolean;
  maxCents?: Cents;
}

const DECIMAL_TEXT = /^(-?)(\d*)(?:\.(\d*))?$/;

function fromDecimalText(text: string, rules: AmountRules): ParsedAmount {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return { ok: false, problem: 'not-a-number' };
  const [, minus = '', whole = '', fraction = ''] = match;
  if (whole === '' && fraction === '') return { ok: false, problem: 'not-a-number' };
  if (fraction.replace(/0+$/, '').length > 2) return { ok: false, problem: 'too-many-decimals' };
  // Digits beyond the bound are rejected before arithmetic, so no precision is ever lost.
  const wholeDigits = whole.replace(/^0+/, '');
  if (wholeDigits.length > 12) return { ok: false, problem: 'too-large' };
  const magnitude = Number(wholeDigits || '0') * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const cents = minus && magnitude !== 0 ? -magnitude : magnitude;
  if (cents < 0 && !rules.allowNegative) return { ok: false, problem: 'negative' };
  if (cents === 0 && !rules.allowZero) return { ok: false, problem: 'zero' };
  if (Math.abs(cents) > (rules.maxCents ?? MAX_ENTRY_CENTS)) return { ok: false, problem: 'too-large' };
  return { ok: true, cents };
}

/**
 * A dollar amount as the API receives it: a JSON number with at most 2 decimals.
 * Strings, NaN, Infinity and anything else are refused.
 */
export function parseDollarNumber(value: unknown, rules: AmountRules = {}): ParsedAmount {
  if (typeof value !== 'number' || !Number.isFinite(value)) return { ok: false, problem: 'not-a-number' };
  // The shortest round-trip text of a double is the decimal the sender wrote (0.1 -> "0.1"),
  // and a sum like 0.1 + 0.2 shows its true length ("0.30000000000000004"). Exponent forms only
  // appear below 1e-6 or above 1e21, both outside what an amount may be.
  const text = String(value);
  if (/e/i.test(text))
    return Math.abs(value) >= 1 ? { ok: false, problem: 'too-large' } : { ok: false, problem: 'too-many-decimals' };
  return fromDecimalText(text, rules);
}

/** A dollar amount as a person types it ("12", "12.5", "0.01"); surrounding spaces are ignored. */
export function parseDollarText(value: string, rules: AmountRules = {}): ParsedAmount {
  return fromDecimalText(value.trim(), rules);
}

/** Cents as the JSON number of dollars the API answers with (exact for every amount below 2^53 cents). */
export function centsToDollars(cents: Cents): number {
  assertCents(cents);
  return cents / 100;
}

/**
 * A dollar number the API answered with (a balance, a profit, a transaction's amount) as the whole
 * cents it stands for. Unlike `parseDollarNumber` it judges nothing: any sign, any size, and a
 * float artefact (0.1 + 0.2) is rounded, half to even, to the nearest cent.
 */
export function dollarsToCents(dollars: number): Cents {
  return roundHalfEven(dollars * 100);
}

export function assertCents(cents: number): asserts cents is Cents {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
}

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0, useGrouping: true });

/** "$1,234.56", "-$3.00": built from integer cents, so no float ever reaches the screen. */
export function formatUsd(cents: Cents): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const whole = Math.floor(magnitude / 100);
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${sign}$${GROUPED.format(whole)}.${fraction}`;
}

/** "+1.34%", "-0.50%", "+0.00%": two decimals, rounded once, always signed. */
export function formatSignedPercent(percent: number): string {
  const hundredths = roundHalfEven(percent * 100);
  const sign = hundredths < 0 ? '-' : '+';
  const magnitude = Math.abs(hundredths);
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}%`;
}

/** Percent with two decimals, rounded once (for values carried in the API, not for display). */
export function roundPercent(percent: number): number {
  return roundHalfEven(percent * 100) / 100;
}
