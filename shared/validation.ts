/**
 * Request bodies (spec.md section 7) as zod schemas, and the form checks of spec.md section 5.
 * The lambdas parse every body with these; the web checks forms with the same rules and words
 * before it sends anything, so both sides refuse the same input with the same message.
 */
import { z } from 'zod';
import { DAY_MS } from './growth';
import { apiMessages, type Notice, validation } from './messages';
import { type AmountRules, type Cents, formatUsd, parseDollarNumber, parseDollarText } from './money';

export const NOTE_MAX_LENGTH = 500;
export const MIN_PASSWORD_LENGTH = 6;
/** Deposits may be recorded late (a transfer that arrived last week), but not absurdly late. */
export const MAX_BACKDATE_MS = 366 * DAY_MS;
/** Clock skew tolerated between the admin's browser and the server. */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;

function amountField(message: string, rules: AmountRules = {}) {
  return z.unknown().transform((value, ctx): Cents => {
    const parsed = parseDollarNumber(value, rules);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed.cents;
  });
}

const noteField = z
  .string({ error: apiMessages.noteTooLong })
  .nullish()
  .transform((note) => note?.trim() ?? '')
  .pipe(z.string().max(NOTE_MAX_LENGTH, { error: apiMessages.noteTooLong }));

const ISO_DATE_OR_DATETIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2})))?$/;

/** Epoch milliseconds of an ISO 8601 date or zoned date-time, or NaN; impossible dates (30 Feb) are NaN, not rolled over. */
export function parseIsoTimestamp(text: string): number {
  const m = ISO_DATE_OR_DATETIME.exec(text);
  if (!m) return Number.NaN;
  const [year, month, day, hour = 0, minute = 0, second = 0, offH = 0, offM = 0] = m.slice(1).map((x) => (x === undefined ? undefined : Number(x)));
  if (year === undefined || month === undefined || day === undefined) return Number.NaN;
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  const valid =
    calendarDay.getUTCFullYear() === year && calendarDay.getUTCMonth() === month - 1 && calendarDay.getUTCDate() === day &&
    hour <= 23 && minute <= 59 && second <= 59 && offH <= 23 && offM <= 59;
  return valid ? Date.parse(text) : Number.NaN;
}

/** An ISO 8601 date or date-time (with zone), as epoch milliseconds. */
const timestampField = z.string({ error: apiMessages.invalidTimestamp }).transform((text, ctx): number => {
  const ms = parseIsoTimestamp(text);
  if (!Number.isFinite(ms)) {
    ctx.addIssue({ code: 'custom', message: apiMessages.invalidTimestamp });
    return z.NEVER;
  }
  return ms;
});

const userIdField = z.string({ error: apiMessages.userIdRequired }).min(1, { error: apiMessages.userIdRequired }).max(128);
const emailField = z.email({ error: apiMessages.invalidEmail }).max(254, { error: apiMessages.invalidEmail });

/** POST /api/portfolios/create. A client may create its own empty portfolio, never give itself money. */
export const createPortfolioBody = z.strictObject({
  userId: userIdField,
  initialBalance: z.literal(0, { error: apiMessages.initialBalanceMustBeZero }).optional(),
});

/** POST /api/withdrawals/request (a client asking for a profit withdrawal). */
export const withdrawalRequestBody = z.strictObject({
  userId: userIdField,
  userEmail: emailField,
  amount: amountField(validation.invalidWithdrawalAmount.description),
});

/** POST /api/admin/clients/{id}/deposit */
export const depositBody = z.strictObject({
  amount: amountField(validation.invalidDepositAmount.description),
  note: noteField,
  timestamp: timestampField.optional(),
});

/** POST /api/admin/clients/{id}/withdrawal */
export const adminWithdrawalBody = z.strictObject({
  amount: amountField(validation.invalidAdminWithdrawalAmount.description),
  note: noteField,
});

/** PUT /api/admin/clients/{id}/balance (zero allowed). */
export const balanceBody = z.strictObject({
  balance: amountField(validation.invalidBalance.description, { allowZero: true }),
});

/** POST /api/admin/withdrawal-requests/{id}/reject */
export const rejectBody = z.strictObject({
  reason: z
    .string({ error: apiMessages.reasonRequired })
    .trim()
    .min(1, { error: apiMessages.reasonRequired })
    .max(NOTE_MAX_LENGTH, { error: apiMessages.reasonTooLong }),
});

export type CreatePortfolioBody = z.output<typeof createPortfolioBody>;
export type WithdrawalRequestBody = z.output<typeof withdrawalRequestBody>;
export type DepositBody = z.output<typeof depositBody>;
export type AdminWithdrawalBody = z.output<typeof adminWithdrawalBody>;
export type BalanceBody = z.output<typeof balanceBody>;
export type RejectBody = z.output<typeof rejectBody>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Parses a body and answers with the first problem in the product's words. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  if (!issue) return { ok: false, message: apiMessages.unexpected };
  if (issue.code === 'unrecognized_keys') return { ok: false, message: apiMessages.unknownField(issue.keys.join(', ')) };
  if (issue.code === 'invalid_type' && issue.path.length === 0) return { ok: false, message: apiMessages.malformedJson };
  return { ok: false, message: issue.message };
}

/** A deposit date must be neither in the future nor more than a year back. */
export function checkDepositDate(at: number, now: number): string | null {
  if (at > now + FUTURE_SKEW_MS) return apiMessages.futureTimestamp;
  if (at < now - MAX_BACKDATE_MS) return apiMessages.timestampTooOld;
  return null;
}

// ---- Form checks (spec.md section 5): each returns the toast to show, or null when the form may be sent.

export interface SignUpForm {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

function required(value: string, message: string): Notice | null {
  return value.trim() === '' ? { title: 'Sign-up failed', description: message } : null;
}

export function checkSignUpForm(form: SignUpForm): Notice | null {
  return (
    required(form.firstName, apiMessages.firstNameRequired) ??
    required(form.lastName, apiMessages.lastNameRequired) ??
    required(form.email, apiMessages.emailRequired) ??
    (form.password !== form.confirmPassword ? validation.passwordMismatch : null) ??
    (form.password.length < MIN_PASSWORD_LENGTH ? validation.passwordTooShort : null)
  );
}

export function checkSignInForm(form: { email: string; password: string }): Notice | null {
  if (form.email.trim() === '') return { title: 'Sign-in failed', description: apiMessages.emailRequired };
  if (form.password === '') return { title: 'Sign-in failed', description: apiMessages.passwordRequired };
  return null;
}

export type FormAmount = { ok: true; cents: Cents } | { ok: false; notice: Notice };

function formAmount(text: string, notice: Notice, rules: AmountRules = {}): FormAmount {
  const parsed = parseDollarText(text, rules);
  return parsed.ok ? { ok: true, cents: parsed.cents } : { ok: false, notice };
}

/** The client's withdrawal dialog: a positive amount no larger than the eligible profit. */
export function checkWithdrawalRequestAmount(text: string, totalEligibleProfitCents: Cents): FormAmount {
  const amount = formAmount(text, validation.invalidWithdrawalAmount);
  if (amount.ok && amount.cents > totalEligibleProfitCents) {
    return { ok: false, notice: validation.amountTooHigh(formatUsd(totalEligibleProfitCents)) };
  }
  return amount;
}

export const checkDepositAmount = (text: string): FormAmount => formAmount(text, validation.invalidDepositAmount);
export const checkAdminWithdrawalAmount = (text: string): FormAmount => formAmount(text, validation.invalidAdminWithdrawalAmount);
export const checkBalanceAmount = (text: string): FormAmount => formAmount(text, validation.invalidBalance, { allowZero: true });
