/**
 * The bodies of the payout routes: a client's payout account (PUT .../payout-account) and an
 * administrator's word that an approved request was paid (POST .../sent). The account is checked
 * by its own checksums (payout-account.ts) and comes out normalised: what the handler stores is
 * what the bank reads.
 */
import * as z from 'zod/mini';
import { currentPassword, totpCode } from './account-security-bodies';
import { parseIsoTimestamp } from './iso-date';
import {
  isValidRoutingNumber,
  normalUsAccountNumber,
  PAYOUT_NAME_MAX_LENGTH,
  payoutMessages,
  sentMessages,
} from './payout-account';
import { normalIban } from './iban';
import { hasUnsafeCharacters } from './text';

function payoutName(required: string) {
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(PAYOUT_NAME_MAX_LENGTH, { error: payoutMessages.nameTooLong }),
    z.refine((name) => !hasUnsafeCharacters(name), { error: payoutMessages.nameUnsafe }),
  );
}

/** The account itself, as the bank needs it. */
export type PayoutAccountNumber =
  { kind: 'iban'; iban: string } | { kind: 'us'; accountNumber: string; routingNumber: string };

const optionalText = (message: string) =>
  z.optional(z.string({ error: message }).check(z.maxLength(64, { error: message })));

/**
 * PUT /api/portfolios/{uid}/payout-account: the holder, the bank, an IBAN or a US account and
 * routing number, and the proof that it is the client (the password, and a code when two-factor
 * sign-in is on: the handler asks for it then).
 */
export const payoutAccountBody = z.pipe(
  z.strictObject({
    holderName: payoutName(payoutMessages.holderNameRequired),
    bankName: payoutName(payoutMessages.bankNameRequired),
    kind: z.enum(['iban', 'us'], { error: payoutMessages.kindRequired }),
    iban: optionalText(payoutMessages.ibanInvalid),
    accountNumber: optionalText(payoutMessages.accountNumberInvalid),
    routingNumber: optionalText(payoutMessages.routingNumberInvalid),
    // Required of an account with a password (the handler asks); a Google account has none.
    password: z.optional(currentPassword),
    code: z.optional(totpCode),
  }),
  z.transform((body, ctx) => {
    const account = accountNumberOf(body);
    if (typeof account === 'string') {
      ctx.issues.push({ code: 'custom', message: account, input: body });
      return z.NEVER;
    }
    const { holderName, bankName, password, code } = body;
    return {
      holderName,
      bankName,
      account,
      ...(password === undefined ? {} : { password }),
      ...(code === undefined ? {} : { code }),
    };
  }),
);

/** The account the body names, normalised, or the words of what is wrong with it. */
function accountNumberOf(body: {
  kind: 'iban' | 'us';
  iban?: string | undefined;
  accountNumber?: string | undefined;
  routingNumber?: string | undefined;
}): PayoutAccountNumber | string {
  if (body.kind === 'iban') {
    if (!body.iban?.trim()) return payoutMessages.ibanRequired;
    const iban = normalIban(body.iban);
    return iban ? { kind: 'iban', iban } : payoutMessages.ibanInvalid;
  }
  if (!body.accountNumber?.trim()) return payoutMessages.accountNumberRequired;
  const accountNumber = normalUsAccountNumber(body.accountNumber);
  if (!accountNumber) return payoutMessages.accountNumberInvalid;
  const routing = body.routingNumber?.trim() ?? '';
  if (!routing) return payoutMessages.routingNumberRequired;
  return isValidRoutingNumber(routing)
    ? { kind: 'us', accountNumber, routingNumber: routing }
    : payoutMessages.routingNumberInvalid;
}

/** POST /api/admin/withdrawal-requests/{id}/sent: the bank's reference and when the money left (the handler checks the date against the approval and today). */
export const requestSentBody = z.strictObject({
  reference: z
    .string({ error: sentMessages.referenceRequired })
    .check(
      z.trim(),
      z.minLength(1, { error: sentMessages.referenceRequired }),
      z.regex(/^[A-Za-z0-9 ./_-]{1,64}$/, { error: sentMessages.referenceInvalid }),
    ),
  sentAt: z.pipe(
    z.string({ error: sentMessages.sentAtRequired }).check(z.minLength(1, { error: sentMessages.sentAtRequired })),
    z.transform((text: string, ctx): number => {
      const ms = parseIsoTimestamp(text);
      if (Number.isFinite(ms)) return ms;
      ctx.issues.push({ code: 'custom', message: sentMessages.sentAtInvalid, input: text });
      return z.NEVER;
    }),
  ),
});
