/**
 * Request bodies as zod schemas: the lambdas parse every body with these.
 * Amounts go through the same parser, and refusals carry the same words, as the web's form
 * checks in forms.ts and amount-forms.ts (kept apart so the browser does not download zod).
 */
// zod/mini: the same engine as `zod` with functions instead of methods, so esbuild keeps only
// what these schemas use (18 KB minified against 443 KB: each POST Lambda imports ~30 ms faster).
// Without zod's locale every issue needs its own `error`: each check below names the product's words.
import * as z from 'zod/mini';
import { parseIsoTimestamp } from './iso-date';
import { apiMessages, validation } from './messages';
import { type AmountRules, type Cents, parseDollarNumber } from './money';
import { MIN_WITHDRAWAL_REQUEST_CENTS, withdrawalLimitMessages } from './withdrawal-rules';
import type { OptionalEmail } from './email-preferences';
import { checkName } from './names';
import {
  passwordChangeBody,
  twoFactorCodeBody,
  twoFactorDisableBody,
  twoFactorSetupBody,
} from './account-security-bodies';
import { hasUnsafeCharacters } from './text';
import { activityKinds } from './activity-kinds';
import { payoutAccountBody, requestSentBody } from './payout-bodies';
import { passkeyAddBody } from './passkey-bodies';
import { AGREEMENT_VERSION_PATTERN } from './client-agreement';
import { isEmailAddress } from './email-address';
import { invitationMessages } from './invitations';
import { DOCUMENT_PAGE_DEFAULT, DOCUMENT_PAGE_MAX, documentMessages, STATEMENT_PERIOD_LABEL } from './documents';

export const NOTE_MAX_LENGTH = 500;

/** A transform that refuses with `message` when `convert` gives null. */
function convertOr<I, T>(message: string, convert: (value: I) => T | null) {
  return z.transform((value: I, ctx): T => {
    const converted = convert(value);
    if (converted === null) {
      ctx.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }
    return converted;
  });
}

/**
 * Dollars in, cents out. The input is typed `number` (what a client should send, and what the
 * typed web client lets it send), but any JSON value reaches the check and a wrong one gets
 * `message`.
 */
function amountField(message: string, rules: AmountRules = {}) {
  return z.pipe(
    z.custom<number>(() => true),
    convertOr(message, (value: number): Cents | null => {
      const parsed = parseDollarNumber(value, rules);
      return parsed.ok ? parsed.cents : null;
    }),
  );
}

const noteField = z.pipe(
  z.pipe(
    z.nullish(z.string({ error: apiMessages.noteTooLong })),
    z.transform((note: string | null | undefined) => note?.trim() ?? ''),
  ),
  z.string().check(
    z.maxLength(NOTE_MAX_LENGTH, { error: apiMessages.noteTooLong }),
    z.refine((note) => !hasUnsafeCharacters(note, { allowTabAndNewline: true }), {
      error: apiMessages.noteUnsafeCharacters,
    }),
  ),
);

/** An ISO 8601 date or date-time (with zone), as epoch milliseconds. */
const timestampField = z.pipe(
  z.string({ error: apiMessages.invalidTimestamp }),
  convertOr(apiMessages.invalidTimestamp, (text: string) => {
    const ms = parseIsoTimestamp(text);
    return Number.isFinite(ms) ? ms : null;
  }),
);

const userIdField = z
  .string({ error: apiMessages.userIdRequired })
  .check(z.minLength(1, { error: apiMessages.userIdRequired }), z.maxLength(128, { error: apiMessages.userIdTooLong }));
const emailField = z
  .email({ error: apiMessages.invalidEmail })
  .check(z.maxLength(254, { error: apiMessages.invalidEmail }));

/** POST /api/portfolios/create. A client may create its own empty portfolio, never give itself money. */
export const createPortfolioBody = z.strictObject({
  userId: userIdField,
  initialBalance: z.optional(z.literal(0, { error: apiMessages.initialBalanceMustBeZero })),
});

/** POST /api/withdrawals/request (a client asking for a profit withdrawal): at least the minimum request. */
export const withdrawalRequestBody = z.strictObject({
  userId: userIdField,
  userEmail: emailField,
  amount: z.pipe(
    amountField(validation.invalidWithdrawalAmount.description),
    z
      .number()
      .check(z.minimum(MIN_WITHDRAWAL_REQUEST_CENTS, { error: withdrawalLimitMessages.belowMinimum.description })),
  ),
});

/** POST /api/admin/clients/{id}/deposit */
export const depositBody = z.strictObject({
  amount: amountField(validation.invalidDepositAmount.description),
  note: noteField,
  timestamp: z.optional(timestampField),
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

/** A first or last name as sign-up takes it: required, at most 256 characters, and what checkName allows. */
function nameField(required: string) {
  return z.string({ error: required }).check(
    z.trim(),
    z.minLength(1, { error: required }),
    z.maxLength(256, { error: apiMessages.nameTooLong }),
    z.superRefine((name, ctx) => {
      const problem = checkName(name);
      if (problem) ctx.issues.push({ code: 'custom', message: problem, input: name });
    }),
  );
}

/** PUT /api/portfolios/{userId}/names (the account page). */
export const namesBody = z.strictObject({
  firstName: nameField(apiMessages.firstNameRequired),
  lastName: nameField(apiMessages.lastNameRequired),
});

/**
 * POST /api/admin/invitations: whom to invite, checked as sign-up checks the address and the
 * names. The address keeps its letter case here, so the check for an existing account can try it
 * as typed; the invitation stores it lower-cased, as it is keyed.
 */
export const invitationBody = z.strictObject({
  email: z.string({ error: invitationMessages.emailRequired }).check(
    z.trim(),
    z.minLength(1, { error: invitationMessages.emailRequired }),
    z.refine((email) => isEmailAddress(email), { error: invitationMessages.emailInvalid }),
  ),
  firstName: nameField(apiMessages.firstNameRequired),
  lastName: nameField(apiMessages.lastNameRequired),
});

/** PUT /api/portfolios/{userId}/email-preferences: every optional e-mail, on or off (the whole set). */
const preference = () => z.boolean({ error: apiMessages.emailPreferenceInvalid });
export const emailPreferencesBody = z.strictObject({
  'deposit-recorded': preference(),
  'withdrawal-processed': preference(),
  'balance-edited': preference(),
  'admin-weekly-growth-summary': preference(),
  'statement-ready': preference(),
} satisfies Record<OptionalEmail, unknown>);

/** POST /api/admin/withdrawal-requests/{id}/reject */
export const rejectBody = z.strictObject({
  reason: z.string({ error: apiMessages.reasonRequired }).check(
    z.trim(),
    z.minLength(1, { error: apiMessages.reasonRequired }),
    z.maxLength(NOTE_MAX_LENGTH, { error: apiMessages.reasonTooLong }),
    z.refine((reason) => !hasUnsafeCharacters(reason), { error: apiMessages.reasonUnsafeCharacters }),
  ),
});

const DAY_END_MS = 24 * 3600 * 1000 - 1;

/** A period bound as a date (or zoned date-time); a date-only `to` includes its whole day. Empty means none. */
function periodBound(endOfDay: boolean) {
  return z.pipe(
    z.optional(z.string({ error: apiMessages.invalidPeriod })),
    convertOr(apiMessages.invalidPeriod, (text: string | undefined): number | undefined | null => {
      if (text === undefined || text === '') return undefined;
      const ms = parseIsoTimestamp(text);
      if (!Number.isFinite(ms)) return null;
      return endOfDay && text.length === 10 ? ms + DAY_END_MS : ms;
    }),
  );
}

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD of a statement, as epoch milliseconds (defaults are the handler's). */
export const statementPeriodQuery = z.object({ from: periodBound(false), to: periodBound(true) }).check(
  z.refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
    error: apiMessages.invalidPeriod,
  }),
);

/** ?status=pending (the admins' queue, the default) or ?status=approved (approved, not yet sent: the payouts to make). */
export const requestStatusQuery = z.object({
  status: z.optional(z.enum(['pending', 'approved'], { error: apiMessages.unsupportedStatus })),
});

/** ?limit of a paged list: whole numbers from 1 to `max` (at most 3 digits), `fallback` when absent. */
function pageLimit(fallback: number, max: number, message: string) {
  return z.pipe(
    z.optional(z.string({ error: message })),
    convertOr(message, (text: string | undefined): number | null => {
      if (text === undefined || text === '') return fallback;
      if (!/^\d{1,3}$/.test(text)) return null;
      const limit = Number(text);
      return limit >= 1 && limit <= max ? limit : null;
    }),
  );
}

/** Clients in a page of the admin list: the list shows pages of 50; a caller may ask for up to 100. */
export const CLIENT_PAGE_DEFAULT = 50;
export const CLIENT_PAGE_MAX = 100;
/** The longest e-mail address (RFC 5321): a longer search cannot match. */
export const SEARCH_MAX_LENGTH = 254;

/** The admin list's orders: e-mail (the default), or balance, highest or lowest first. */
export type ClientOrder = 'email' | 'balance-desc' | 'balance-asc';

/**
 * ?limit&cursor&sort&search of the admin client list. The search is the product's: a
 * case-insensitive substring of the e-mail (lower-cased here, as e-mails are stored). The cursor
 * is the server's own text, checked by the server against the sort and search it was made for.
 */
export const clientListQuery = z.pipe(
  z
    .object({
      limit: pageLimit(CLIENT_PAGE_DEFAULT, CLIENT_PAGE_MAX, apiMessages.invalidListLimit),
      cursor: z.optional(
        z
          .string({ error: apiMessages.invalidListCursor })
          .check(z.regex(/^[\w-]{1,2048}$/, { error: apiMessages.invalidListCursor })),
      ),
      sort: z.optional(z.enum(['balance-desc', 'balance-asc'], { error: apiMessages.invalidListSort })),
      search: z.optional(
        z
          .string({ error: apiMessages.searchTooLong })
          .check(z.maxLength(SEARCH_MAX_LENGTH, { error: apiMessages.searchTooLong })),
      ),
      /** closed: the closed accounts, newest closed first (no other order). */
      status: z.optional(z.enum(['closed'], { error: apiMessages.invalidListStatus })),
    })
    .check(z.refine((q) => !(q.status === 'closed' && q.sort), { error: apiMessages.closedListSort, path: ['sort'] })),
  z.transform(({ limit, cursor, sort, search, status }) => {
    const needle = search?.trim().toLowerCase();
    const order: ClientOrder = sort ?? 'email';
    return {
      limit,
      ...(status === 'closed' ? { closed: true as const } : {}),
      order,
      ...(cursor ? { cursor } : {}),
      ...(needle ? { search: needle } : {}),
    };
  }),
);

/** Entries in a page of the activity log. */
export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 200;

/**
 * ?limit&cursor&actor&client&clientSearch&kind&from&to of the activity log: the administrator by
 * e-mail (lower-cased, exact), the client by id, or by a part of the client's name or e-mail
 * (lower-cased, trimmed), one kind of act (a money move's kind with its approvals:
 * activity-kinds.ts activityKindFilters), and a period of dates (UTC days).
 */
export const activityQuery = z
  .pipe(
    z.object({
      limit: pageLimit(ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX, apiMessages.invalidActivityLimit),
      cursor: z.optional(
        z
          .string({ error: apiMessages.invalidListCursor })
          .check(z.regex(/^[\w-]{1,2048}$/, { error: apiMessages.invalidListCursor })),
      ),
      actor: z.optional(
        z
          .string({ error: apiMessages.invalidActivityActor })
          .check(z.maxLength(SEARCH_MAX_LENGTH, { error: apiMessages.invalidActivityActor })),
      ),
      client: z.optional(
        z
          .string({ error: apiMessages.invalidActivityClient })
          .check(z.regex(/^[A-Za-z0-9_.-]{1,128}$/, { error: apiMessages.invalidActivityClient })),
      ),
      clientSearch: z.optional(
        z
          .string({ error: apiMessages.invalidActivityClientSearch })
          .check(z.maxLength(SEARCH_MAX_LENGTH, { error: apiMessages.invalidActivityClientSearch })),
      ),
      kind: z.optional(z.enum(activityKinds, { error: apiMessages.invalidActivityKind })),
      from: periodBound(false),
      to: periodBound(true),
    }),
    z.transform(({ actor, clientSearch, ...rest }) => {
      const needle = actor?.trim().toLowerCase();
      const who = clientSearch?.trim().toLowerCase();
      return { ...rest, ...(needle ? { actor: needle } : {}), ...(who ? { clientSearch: who } : {}) };
    }),
  )
  .check(
    z.refine(({ from, to }) => from === undefined || to === undefined || from <= to, {
      error: apiMessages.invalidPeriod,
    }),
  );

/** Each route's body schema, by the name its route-table entry gives (shared/api.ts). */
/** The client agreement's version the client accepts: the handler checks it is the current one. */
export const agreementBody = z.strictObject({
  version: z
    .string({ error: 'version is required' })
    .check(z.regex(AGREEMENT_VERSION_PATTERN, { error: 'version is not a version' })),
});

/**
 * POST /api/admin/clients/{id}/statements: the period whose statement to regenerate, by its label
 * (the handler checks that it has ended and that a statement of it exists).
 */
export const regenerateStatementBody = z.strictObject({
  period: z
    .string({ error: documentMessages.periodInvalid })
    .check(z.trim(), z.regex(STATEMENT_PERIOD_LABEL, { error: documentMessages.periodInvalid })),
});

/** ?limit&cursor of a client's documents: the cursor is the server's own text, checked by the server. */
export const documentListQuery = z.object({
  limit: pageLimit(DOCUMENT_PAGE_DEFAULT, DOCUMENT_PAGE_MAX, documentMessages.invalidLimit),
  cursor: z.optional(
    z
      .string({ error: apiMessages.invalidListCursor })
      .check(z.regex(/^[\w-]{1,2048}$/, { error: apiMessages.invalidListCursor })),
  ),
});

export const bodySchemas = {
  createPortfolio: createPortfolioBody,
  withdrawalRequest: withdrawalRequestBody,
  deposit: depositBody,
  adminWithdrawal: adminWithdrawalBody,
  balance: balanceBody,
  reject: rejectBody,
  names: namesBody,
  emailPreferences: emailPreferencesBody,
  twoFactorSetup: twoFactorSetupBody,
  twoFactorCode: twoFactorCodeBody,
  twoFactorDisable: twoFactorDisableBody,
  passwordChange: passwordChangeBody,
  payoutAccount: payoutAccountBody,
  requestSent: requestSentBody,
  agreement: agreementBody,
  invitation: invitationBody,
  regenerateStatement: regenerateStatementBody,
  passkeyAdd: passkeyAddBody,
};

/** Each route's query schema, by name. Unknown query parameters are dropped, as a browser may add some. */
export const querySchemas = {
  statementPeriod: statementPeriodQuery,
  requestStatus: requestStatusQuery,
  clientList: clientListQuery,
  activity: activityQuery,
  documentList: documentListQuery,
};

export type BodyName = keyof typeof bodySchemas;
export type QueryName = keyof typeof querySchemas;

export type CreatePortfolioBody = z.output<typeof createPortfolioBody>;
export type WithdrawalRequestBody = z.output<typeof withdrawalRequestBody>;
export type DepositBody = z.output<typeof depositBody>;
export type AdminWithdrawalBody = z.output<typeof adminWithdrawalBody>;
export type BalanceBody = z.output<typeof balanceBody>;
export type RejectBody = z.output<typeof rejectBody>;

export { parseBody, type Parsed } from './parse-body';
export { parseIsoTimestamp } from './iso-date';

export { checkDepositDate, FUTURE_SKEW_MS, MAX_BACKDATE_MS } from './amount-forms';
export { MIN_PASSWORD_LENGTH } from './forms';
