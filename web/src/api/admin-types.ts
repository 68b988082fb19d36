/**
 * The four-eyes and activity-log answers as the admin pages name them, read off the route table
 * (shared/api.ts re-exports only the older answer types; these follow from the routes themselves).
 */
import type { AnswerOf, QueryInputOf } from '../../../shared/api';

export type PendingActionDto = AnswerOf<'listPendingActions'>[number];
export type PendingActionKind = PendingActionDto['kind'];
/** A money move above the four-eyes threshold, kept for a second administrator (HTTP 202). */
export type ActionProposedAnswer = Extract<AnswerOf<'addDeposit'>, { pending: true }>;
export type ActivityEntryDto = AnswerOf<'listActivity'>['entries'][number];
export type ActivityVerificationDto = NonNullable<AnswerOf<'listActivity'>['verification']>;
/** ?limit&cursor&actor&client&kind&from&to of the activity log, as the page sends it. */
export type ActivityQuery = NonNullable<QueryInputOf<'listActivity'>>;
