/**
 * Marking a payout sent: the bank's reference and the day the money left, checked here with the
 * server's rules and words before anything is sent, and the server's refusals put at the field
 * they concern (markRequestSent: not in the future, not before the approval's day).
 */
import type { WithdrawalRequestDto } from '../../../../shared/api';
import { localDateInput } from '../../format';
import { payoutRefusals, sentMessages } from './sent-words';

export type SentField = 'reference' | 'sentAt';
export type SentProblems = Partial<Record<SentField, string>>;
export interface SentBody {
  reference: string;
  sentAt: string;
}

/** The server's own pattern of a reference (shared/payout-bodies.ts). */
const REFERENCE = /^[A-Za-z0-9 ./_-]{1,64}$/;

function referenceProblem(reference: string): string | null {
  if (!reference) return sentMessages.referenceRequired;
  return REFERENCE.test(reference) ? null : sentMessages.referenceInvalid;
}

/** The day's problem: the server counts days in UTC, as `decidedAt` (ISO) gives the approval's. */
function dayProblem(day: string, decidedAt: string | undefined, today: string): string | null {
  if (!day) return sentMessages.sentAtRequired;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return sentMessages.sentAtInvalid;
  if (day > today) return payoutRefusals.inFuture;
  if (day !== today && decidedAt && day < decidedAt.slice(0, 10)) return payoutRefusals.beforeApproval(decidedAt);
  return null;
}

/**
 * The body to send, or each field's problem. Today is sent as now: the bank's today may be another
 * UTC day than the viewer's, and now is never ahead of the server's clock nor before the approval.
 * Another day is sent as that day, as a bank statement dates a payment.
 */
export function checkMark(
  reference: string,
  day: string,
  request: Pick<WithdrawalRequestDto, 'decidedAt'>,
  today = localDateInput(),
): { body: SentBody } | { problems: SentProblems } {
  const ref = reference.trim();
  const refProblem = referenceProblem(ref);
  const sentProblem = dayProblem(day, request.decidedAt, today);
  if (refProblem || sentProblem)
    return {
      problems: { ...(refProblem ? { reference: refProblem } : {}), ...(sentProblem ? { sentAt: sentProblem } : {}) },
    };
  return { body: { reference: ref, sentAt: day === today ? new Date().toISOString() : day } };
}

/** The start of a templated refusal: what the server's words say before the values it puts in. */
const startOf = (words: string) => words.slice(0, words.indexOf('('));
const BEFORE_APPROVAL = startOf(payoutRefusals.beforeApproval(''));

/** The field a server refusal concerns, or null when it is the dialog's own (already sent, not approved, own account). */
export function fieldOfRefusal(message: string | null): SentField | null {
  if (!message) return null;
  if (message === sentMessages.referenceRequired || message === sentMessages.referenceInvalid) return 'reference';
  const aboutDay: string[] = [sentMessages.sentAtRequired, sentMessages.sentAtInvalid, payoutRefusals.inFuture];
  return aboutDay.includes(message) || message.startsWith(BEFORE_APPROVAL) ? 'sentAt' : null;
}
