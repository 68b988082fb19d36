/**
 * The money form checks of docs/product.md, "Form rules" (amounts, deposit dates), with the same amount parser
 * and words as the API's schemas (validation.ts), without zod, so the web can run them before it
 * sends anything at no download cost.
 */
import { DAY_MS } from './growth';
import { apiMessages, type Notice, validation } from './messages';
import { type AmountRules, type Cents, formatUsd, parseDollarText } from './money';
import { MIN_WITHDRAWAL_REQUEST_CENTS, withdrawalLimitMessages } from './withdrawal-rules';

/** Deposits may be recorded late (a transfer that arrived last week), but not absurdly late. */
export const MAX_BACKDATE_MS = 366 * DAY_MS;
/** Clock skew tolerated between the admin's browser and the server. */
export const FUTURE_SKEW_MS = 5 * 60 * 1000;

/** A deposit date must be neither in the future nor more than a year back. */
export function checkDepositDate(at: number, now: number): string | null {
  if (at > now + FUTURE_SKEW_MS) return apiMessages.futureTimestamp;
  if (at < now - MAX_BACKDATE_MS) return apiMessages.timestampTooOld;
  return null;
}

export type FormAmount = { ok: true; cents: Cents } | { ok: false; notice: Notice };

function formAmount(text: string, notice: Notice, rules: AmountRules = {}): FormAmount {
  const parsed = parseDollarText(text, rules);
  return parsed.ok ? { ok: true, cents: parsed.cents } : { ok: false, notice };
}

/** The client's withdrawal dialog: a valid amount, at least the minimum request, no larger than the eligible profit. */
export function checkWithdrawalRequestAmount(text: string, totalEligibleProfitCents: Cents): FormAmount {
  const amount = formAmount(text, validation.invalidWithdrawalAmount);
  if (amount.ok && amount.cents < MIN_WITHDRAWAL_REQUEST_CENTS) {
    return { ok: false, notice: withdrawalLimitMessages.belowMinimum };
  }
  if (amount.ok && amount.cents > totalEligibleProfitCents) {
    return { ok: false, notice: validation.amountTooHigh(formatUsd(totalEligibleProfitCents)) };
  }
  return amount;
}

export const checkDepositAmount = (text: string): FormAmount => formAmount(text, validation.invalidDepositAmount);
export const checkAdminWithdrawalAmount = (text: string): FormAmount =>
  formAmount(text, validation.invalidAdminWithdrawalAmount);
export const checkBalanceAmount = (text: string): FormAmount =>
  formAmount(text, validation.invalidBalance, { allowZero: true });
