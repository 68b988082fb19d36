/**
 * Request bodies (spec.md section 7) as zod schemas: the lambdas parse every body with these.
 * Amounts go through the same parser, and refusals carry the same words, as the web's form
 * checks in forms.ts (kept apart so the browser does not download zod).
 */
import { z } from 'zod';
import { parseIsoTimestamp } from './iso-date';
import { apiMessages, validation } from './messages';
import { type AmountRules, type Cents, parseDollarNumber } from './money';

export const NOTE_MAX_LENGTH = 500;

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

export { parseBody, type Parsed } from './parse-body';
export { parseIsoTimestamp } from './iso-date';

export { checkDepositDate, FUTURE_SKEW_MS, MAX_BACKDATE_MS, MIN_PASSWORD_LENGTH } from './forms';
