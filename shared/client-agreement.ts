/**
 * The firm's client agreement: a version and the page that shows it (a stage's `clientAgreement`,
 * infra/aws/stage-config.ts; locally infra/local/client-agreement.ts). A client accepts one
 * version; a new version asks every client again before their next withdrawal or payout account.
 * Apart from the checks of the stage settings so that the functions' settings and the web read it
 * without zod.
 */
export interface ClientAgreement {
  /** Letters, digits, `_`, `.` and `-`, at most 32: it is part of the acceptance's key. */
  version: string;
  /** An https:// page showing this version's text. */
  url: string;
}

export const AGREEMENT_VERSION_PATTERN = /^[\w.-]{1,32}$/;

export const isAgreementVersion = (value: unknown): value is string =>
  typeof value === 'string' && AGREEMENT_VERSION_PATTERN.test(value);

export const isAgreementUrl = (value: unknown): value is string =>
  typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

/** The words of the agreement's acceptance, the same on the sign-up form and the dashboard's prompt. */
export const agreementWords = {
  accept: 'I have read and accept the client agreement',
  required: 'Please read and accept the client agreement to continue.',
} as const;
