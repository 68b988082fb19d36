/**
 * Stream images (already unmarshalled) read back as the few fields a notification may show.
 *
 * An image is whatever the table held, so each field is checked rather than cast: an item that
 * is not exactly what the portal writes reads as null and yields no e-mail. The views leave out
 * who acted (an entry's adminEmail, a request's decidedBy), so no notification can carry them,
 * and each checks that its key, its `sub` and its id name the same client, so no client is ever
 * told about another's money.
 */
import { pendingActionKind, pendingActionStatus, withdrawalRequestStatus } from '../../shared/answers';
import type { EntryType } from '../../shared/growth';
import type { EntryItem } from '../lib/data/ledger';
import type { PendingActionItem } from '../lib/data/pending-actions';
import { actionKeys, invitationKeys, jobRunKeys, keys, requestIds } from '../lib/data/table';
import type { RequestItem } from '../lib/data/withdrawal-requests';
import type { WeeklyGrowthRunItem } from '../lib/data/job-run-item';
import type { AgreementItem } from '../lib/data/client-agreement';
import { isAgreementUrl, isAgreementVersion } from '../../shared/client-agreement';
import type { ApplicationItem, ApplicationStatus } from '../lib/data/applications';

/** One OldImage or NewImage, as @aws-sdk/util-dynamodb's unmarshall gives it. */
export type StoredImage = Readonly<Record<string, unknown>>;

export type EntryView = Pick<
  EntryItem,
  'sub' | 'entryId' | 'type' | 'amountCents' | 'at' | 'note' | 'balanceAfterCents' | 'requestId'
>;
export type RequestView = Pick<
  RequestItem,
  | 'sub'
  | 'requestId'
  | 'userEmail'
  | 'amountCents'
  | 'status'
  | 'createdAt'
  | 'decidedAt'
  | 'reason'
  | 'sentAt'
  | 'sentReference'
>;
export type WeeklyGrowthRunView = Omit<WeeklyGrowthRunItem, 'PK' | 'SK' | 'itemType' | 'expiresAt'>;
export type PendingActionView = Omit<PendingActionItem, 'PK' | 'SK' | 'GSI3PK' | 'GSI3SK' | 'requestId'>;

const ENTRY_TYPES: readonly EntryType[] = ['deposit', 'withdrawal', 'adjustment'];

const isText = (v: unknown): v is string => typeof v === 'string' && v !== '';
const isCents = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v);
const isCount = (v: unknown): v is number => isCents(v) && v >= 0;
/** Only the form toISOString writes: keys are built from it, so anything else is not ours. */
const isIsoTime = (v: unknown): v is string =>
  isText(v) && Number.isFinite(Date.parse(v)) && new Date(Date.parse(v)).toISOString() === v;
/** Absent, or text: an optional attribute of another type means the item is not ours. */
const isOptionalText = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';
const oneOf = <T extends string>(allowed: readonly T[], v: unknown): v is T => allowed.some((a) => a === v);

/** The client a CLIENT#<sub> partition key names, or null. */
export function clientSubOf(pk: unknown): string | null {
  if (!isText(pk) || !pk.startsWith(keys.clientPk(''))) return null;
  const sub = pk.slice(keys.clientPk('').length);
  return sub === '' ? null : sub;
}

export type StoredItemKind =
  | 'entry'
  | 'request'
  | 'weekly-growth-run'
  | 'security-notice'
  | 'pending-action'
  | 'agreement'
  | 'invitation'
  | 'application'
  | 'document'
  | 'other';

/** What an image is, by its key alone (profiles, tombstones, idempotency records are 'other'). */
export function storedItemKindOf(image: StoredImage): StoredItemKind {
  const { PK: pk, SK: sk } = image;
  if (!isText(sk)) return 'other';
  if (clientSubOf(pk) !== null) {
    if (sk.startsWith(keys.entryPrefix)) return 'entry';
    if (sk.startsWith(keys.requestPrefix)) return 'request';
    if (sk.startsWith(keys.noticePrefix)) return 'security-notice';
    if (sk.startsWith(keys.agreementPrefix)) return 'agreement';
    if (sk === keys.application('').SK) return 'application';
    if (sk.startsWith(keys.documentPrefix)) return 'document';
    return 'other';
  }
  if (isText(pk) && pk.startsWith(actionKeys.item('').PK) && sk === actionKeys.item('').SK) return 'pending-action';
  if (isText(pk) && pk.startsWith(invitationKeys.item('').PK) && sk === invitationKeys.item('').SK) return 'invitation';
  return pk === jobRunKeys.weeklyGrowthPk && sk.startsWith(jobRunKeys.runPrefix) ? 'weekly-growth-run' : 'other';
}

export function readEntry(image: StoredImage): EntryView | null {
  const sub = clientSubOf(image.PK);
  const { entryId, type, amountCents, at, note, balanceAfterCents, requestId } = image;
  if (sub === null || image.sub !== sub || !isText(entryId) || !oneOf(ENTRY_TYPES, type) || !isIsoTime(at)) return null;
  if (!isCents(amountCents) || !isCount(balanceAfterCents) || !isOptionalText(note) || !isOptionalText(requestId))
    return null;
  // Deposits and withdrawals carry a positive amount; an adjustment its signed difference.
  if (type !== 'adjustment' && amountCents <= 0) return null;
  if (image.SK !== keys.entry(sub, Date.parse(at), entryId).SK) return null;
  return {
    sub,
    entryId,
    type,
    amountCents,
    at,
    ...(note ? { note } : {}),
    balanceAfterCents,
    ...(requestId ? { requestId } : {}),
  };
}

export function readRequest(image: StoredImage): RequestView | null {
  const sub = clientSubOf(image.PK);
  const { requestId, userEmail, amountCents, status, createdAt, decidedAt, reason, sentAt, sentReference } = image;
  if (
    sub === null ||
    image.sub !== sub ||
    !isText(requestId) ||
    !isText(userEmail) ||
    !oneOf(withdrawalRequestStatus.options, status)
  )
    return null;
  if (!isCents(amountCents) || amountCents <= 0 || !isIsoTime(createdAt) || !isOptionalText(reason)) return null;
  if (decidedAt !== undefined && !isIsoTime(decidedAt)) return null;
  if ((sentAt !== undefined && !isIsoTime(sentAt)) || !isOptionalText(sentReference)) return null;
  // The public id names the client too: it must be this partition's client and this item's key.
  const named = requestIds.parse(requestId);
  if (!named || named.sub !== sub || image.SK !== keys.request(sub, named.requestKey).SK) return null;
  return {
    sub,
    requestId,
    userEmail,
    amountCents,
    status,
    createdAt,
    ...(decidedAt === undefined ? {} : { decidedAt }),
    ...(reason ? { reason } : {}),
    ...(sentAt === undefined ? {} : { sentAt }),
    ...(sentReference ? { sentReference } : {}),
  };
}

export type AgreementView = Pick<AgreementItem, 'sub' | 'version' | 'url' | 'acceptedAt'>;

/** An acceptance of the client agreement: its own client's, under its version's key, with an http(s) page. */
export function readAgreement(image: StoredImage): AgreementView | null {
  const sub = clientSubOf(image.PK);
  const { version, url, acceptedAt } = image;
  if (sub === null || image.itemType !== 'agreement' || image.sub !== sub || !isAgreementVersion(version)) return null;
  if (!isAgreementUrl(url) || !isIsoTime(acceptedAt) || image.SK !== keys.agreement(sub, version).SK) return null;
  return { sub, version, url, acceptedAt };
}

export type ApplicationView = Pick<
  ApplicationItem,
  'sub' | 'email' | 'firstName' | 'lastName' | 'appliedAt' | 'status' | 'decidedAt' | 'reason'
>;

const APPLICATION_STATUSES: readonly ApplicationStatus[] = ['pending', 'approved', 'rejected'];

export function readApplication(image: StoredImage): ApplicationView | null {
  const sub = clientSubOf(image.PK);
  const { email, firstName, lastName, appliedAt, status, decidedAt, reason } = image;
  if (sub === null || image.sub !== sub || !isText(email) || !oneOf(APPLICATION_STATUSES, status)) return null;
  if (typeof firstName !== 'string' || typeof lastName !== 'string' || !isIsoTime(appliedAt)) return null;
  if ((decidedAt !== undefined && !isIsoTime(decidedAt)) || !isOptionalText(reason)) return null;
  return {
    sub,
    email,
    firstName,
    lastName,
    appliedAt,
    status,
    ...(decidedAt === undefined ? {} : { decidedAt }),
    ...(reason ? { reason } : {}),
  };
}

export function readWeeklyGrowthRun(image: StoredImage): WeeklyGrowthRunView | null {
  const { runId, scheduledFor, startedAt, finishedAt, due, grown, skipped, failed, totalValueCents, totalGainCents } =
    image;
  if (image.itemType !== 'weekly-growth-run' || !isText(runId)) return null;
  if (image.PK !== jobRunKeys.weeklyGrowthPk || image.SK !== jobRunKeys.weeklyGrowthRun(runId).SK) return null;
  if (!isIsoTime(scheduledFor) || !isIsoTime(startedAt) || !isIsoTime(finishedAt)) return null;
  if (
    !isCount(due) ||
    !isCount(grown) ||
    !isCount(skipped) ||
    !isCount(failed) ||
    !isCount(totalValueCents) ||
    !isCents(totalGainCents)
  )
    return null;
  return { runId, scheduledFor, startedAt, finishedAt, due, grown, skipped, failed, totalValueCents, totalGainCents };
}

/** The decision's fields: all absent while pending, all present (and a known status) once decided. */
function decisionOf(
  image: StoredImage,
): Pick<PendingActionView, 'status' | 'decidedBy' | 'decidedBySub' | 'decidedAt' | 'reason'> | null {
  const { status, decidedBy, decidedBySub, decidedAt, reason } = image;
  if (!oneOf(pendingActionStatus.options, status) || !isOptionalText(reason)) return null;
  if (status === 'pending') return decidedBy === undefined && decidedAt === undefined ? { status } : null;
  // Who decided: an administrator's address and sub, both present or the item is not whole.
  if (!isText(decidedBy) || !isText(decidedBySub) || !isIsoTime(decidedAt)) return null;
  return { status, decidedBy, decidedBySub, decidedAt, ...(reason ? { reason } : {}) };
}

export function readPendingAction(image: StoredImage): PendingActionView | null {
  const {
    actionId,
    kind,
    clientId,
    clientEmail,
    clientName,
    amountCents,
    changeCents,
    balanceAtProposalCents,
    note,
    depositAt,
    proposedBy,
    proposedBySub,
    proposedAt,
  } = image;
  if (!isText(actionId) || image.PK !== actionKeys.item(actionId).PK || image.SK !== actionKeys.item(actionId).SK)
    return null;
  if (
    !oneOf(pendingActionKind.options, kind) ||
    !isText(clientId) ||
    !isText(clientEmail) ||
    typeof clientName !== 'string'
  )
    return null;
  if (!isCount(amountCents) || !isCents(changeCents) || !isCount(balanceAtProposalCents) || !isOptionalText(note))
    return null;
  if (depositAt !== undefined && !isCents(depositAt)) return null;
  if (!isText(proposedBy) || !isText(proposedBySub) || !isIsoTime(proposedAt)) return null;
  const decision = decisionOf(image);
  if (!decision) return null;
  return {
    actionId,
    kind,
    clientId,
    clientEmail,
    clientName,
    amountCents,
    changeCents,
    balanceAtProposalCents,
    ...(note ? { note } : {}),
    ...(depositAt === undefined ? {} : { depositAt }),
    proposedBy,
    proposedBySub,
    proposedAt,
    ...decision,
  };
}

/** A statement's DOC# item as its e-mail may show it: the period and whether it is a correction. */
export interface StatementDocumentView {
  sub: string;
  docId: string;
  periodKind: 'month' | 'quarter' | 'year';
  periodFrom: string;
  corrected: boolean;
}

const STATEMENT_KINDS = ['monthly-statement', 'quarterly-statement', 'annual-statement'] as const;
const PERIOD_KINDS = ['month', 'quarter', 'year'] as const;

/** A statement's document item of its own client under its own key; null for a confirmation or anything else. */
export function readStatementDocument(image: StoredImage): StatementDocumentView | null {
  const sub = clientSubOf(image.PK);
  const { docId, kind, period, correctionOf } = image;
  if (sub === null || !isText(docId) || image.SK !== keys.document(sub, docId).SK) return null;
  if (!oneOf(STATEMENT_KINDS, kind) || typeof period !== 'object' || period === null) return null;
  const { kind: periodKind, from } = period as Record<string, unknown>;
  if (!oneOf(PERIOD_KINDS, periodKind) || !isIsoTime(from) || !isOptionalText(correctionOf)) return null;
  return { sub, docId, periodKind, periodFrom: from, corrected: !!correctionOf };
}
