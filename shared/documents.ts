/**
 * Clients' documents as the API and the web speak of them (docs/product.md, "Documents"): how a
 * page of them is asked for, what a period to regenerate looks like, and the words of the
 * refusals. Plain data, so the pages and the API share them without the browser loading zod.
 */

/** Documents in a page of the list: the page shows 20; a caller may ask for up to 100. */
export const DOCUMENT_PAGE_DEFAULT = 20;
export const DOCUMENT_PAGE_MAX = 100;

/** A statement's period as the API takes it: a month `2026-10`, a quarter `2026-Q4` or a year `2026`. */
export const STATEMENT_PERIOD_LABEL = /^\d{4}(-(0[1-9]|1[0-2])|-Q[1-4])?$/;

export const documentMessages = {
  periodInvalid: 'Enter the period as a month (2026-10), a quarter (2026-Q4) or a year (2026).',
  periodNotEnded: 'This period has not ended yet. A statement can be regenerated once its period is over.',
  invalidLimit: `limit must be a whole number from 1 to ${DOCUMENT_PAGE_MAX}`,
  /** The console's words. */
  regenerateConfirm: (period: string) =>
    `Regenerate the statement for ${period}? The earlier statement stays as it is; the new one is marked a correction.`,
  regenerated: 'The statement was regenerated. The new one is marked a correction.',
} as const;

/** What the document routes refuse, in the product's voice. */
export const documentRefusals = {
  notFound: 'Document not found',
  noStatement: 'This client has no statement for that period to regenerate.',
  nothingToState: 'There is nothing to state for this period.',
  ownAccount: 'You cannot regenerate a statement of your own client account: another administrator must do it',
} as const;
