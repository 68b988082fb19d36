/**
 * The e-mails a user may turn off on the account page, and what the page calls them.
 * Decisions on a client's own withdrawal requests, and new requests for the admins, are always
 * sent: someone is waiting on them. lambdas/notifications/notification.ts marks exactly these
 * kinds optional (its test holds the two together).
 */
export const OPTIONAL_EMAILS = [
  'deposit-recorded',
  'withdrawal-processed',
  'balance-edited',
  'admin-weekly-growth-summary',
  'statement-ready',
] as const;

export type OptionalEmail = (typeof OPTIONAL_EMAILS)[number];

/** On (true) or off for each optional e-mail. */
export type EmailPreferences = Record<OptionalEmail, boolean>;

/** Everything is sent until the user says otherwise. */
export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = {
  'deposit-recorded': true,
  'withdrawal-processed': true,
  'balance-edited': true,
  'admin-weekly-growth-summary': true,
  'statement-ready': true,
};

/** Whether the stored preferences let an e-mail of `kind` go: only an explicit false turns one off. */
export function emailWanted(stored: Partial<Record<string, boolean>> | undefined, kind: string): boolean {
  return stored?.[kind] !== false;
}

/** The preferences as stored (a kind may be missing: it is on), complete. */
export function emailPreferencesOf(stored: Partial<Record<string, boolean>> | undefined): EmailPreferences {
  const preferences = { ...DEFAULT_EMAIL_PREFERENCES };
  for (const kind of OPTIONAL_EMAILS) preferences[kind] = emailWanted(stored, kind);
  return preferences;
}
