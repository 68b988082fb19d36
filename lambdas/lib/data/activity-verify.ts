/**
 * Checks the activity log against its seals (activity-seal.ts), a month at a time, and names what
 * is broken: an entry changed (its hash differs from its seal's), inserted (no seal, though older
 * than the stream's lag), backdated (sealed long after the time it claims: put in among older
 * entries), removed (a seal with no entry), tampered (the sealer saw it changed or removed), or
 * the chain itself broken (a seal missing, altered or out of turn, a head that does not match).
 * `checkMonth` is pure; `verifyActivity` reads the table and records the result.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ActivityVerificationDto } from '../../../shared/answers';
import { type ActivityProblem, activityProblemLabels } from '../../../shared/activity-integrity';
import { ddb, table } from '../runtime/db';
import { ACTIVITY_LOG_START } from './activity-log';
import {
  entryHashOf,
  GENESIS_HASH,
  readSealPartition,
  type SealHead,
  type SealItem,
  sealHashOf,
  type TamperItem,
} from './activity-seal';
import { activityKeys, activitySealKeys } from './table';

/** How long after its time an entry may still be unsealed, or be sealed: the act's transaction and the stream's lag. */
export const SEAL_GRACE_MS = 5 * 60_000;

export interface ActivityBreak {
  problem: ActivityProblem;
  /** The month partition, `ACTIVITY#yyyy-mm`. */
  month: string;
  entrySk: string;
  entryId?: string;
  at?: number;
  kind?: string;
  detail: string;
}

export interface SealPartition {
  head?: SealHead;
  seals: SealItem[];
  tampers: TamperItem[];
}

type Entry = Record<string, unknown> & { PK: string; SK: string };

/** The time an entry's key claims (`<iso>#<id>`). */
const timeOfSk = (sk: string) => Date.parse(sk.split('#')[0] ?? '');

function breakOf(
  problem: ActivityProblem,
  month: string,
  entrySk: string,
  entry: Entry | undefined,
  why: string,
): ActivityBreak {
  return {
    problem,
    month,
    entrySk,
    ...(typeof entry?.id === 'string' ? { entryId: entry.id } : { entryId: entrySk.split('#')[1] }),
    at: typeof entry?.at === 'number' ? entry.at : timeOfSk(entrySk),
    ...(typeof entry?.kind === 'string' ? { kind: entry.kind } : {}),
    detail: `${activityProblemLabels[problem]}${why ? `: ${why}` : ''}`,
  };
}

/** The first break of the chain itself: numbering, links, each seal's own hash, and the head. */
function chainBreak(month: string, seals: SealItem[], head: SealHead | undefined): ActivityBreak | undefined {
  let prev = GENESIS_HASH;
  for (const [i, seal] of seals.entries()) {
    const why =
      seal.seq !== i + 1
        ? `seal ${i + 1} is missing (the next is ${seal.seq})`
        : seal.prevHash !== prev
          ? `seal ${seal.seq} does not follow the seal before it`
          : seal.hash !== sealHashOf(seal) ||
              seal.SK !== activitySealKeys.seal(month, seal.entrySk).SK ||
              seal.entryPk !== month
            ? `seal ${seal.seq} was altered`
            : undefined;
    if (why) return breakOf('chain', month, seal.entrySk, undefined, why);
    prev = seal.hash;
  }
  const last = seals[seals.length - 1];
  if (last && (head?.seq !== last.seq || head.hash !== last.hash))
    return breakOf(
      'chain',
      month,
      last.entrySk,
      undefined,
      `the head does not name seal ${last.seq} (seals after it removed)`,
    );
  if (!last && head)
    return breakOf('chain', month, '', undefined, `the head names seal ${head.seq}, and there are none`);
  return undefined;
}

/** Every break of one month, oldest entry first. */
export function checkMonth(month: string, entries: Entry[], partition: SealPartition, now: number): ActivityBreak[] {
  const seals = [...partition.seals].sort((a, b) => a.seq - b.seq);
  const bySk = new Map(entries.map((entry) => [entry.SK, entry]));
  const breaks: ActivityBreak[] = [];
  const chain = chainBreak(month, seals, partition.head);
  if (chain) breaks.push(chain);
  for (const seal of seals) {
    const entry = bySk.get(seal.entrySk);
    if (!entry)
      breaks.push(
        breakOf('removed', month, seal.entrySk, undefined, `sealed as number ${seal.seq}, no longer in the log`),
      );
    else if (entryHashOf(entry) !== seal.entryHash)
      breaks.push(breakOf('changed', month, seal.entrySk, entry, 'it differs from the entry as written'));
    else if (seal.writtenAt - timeOfSk(seal.entrySk) > SEAL_GRACE_MS || entry.at !== timeOfSk(seal.entrySk))
      breaks.push(
        breakOf('backdated', month, seal.entrySk, entry, `written ${new Date(seal.writtenAt).toISOString()}`),
      );
  }
  const sealed = new Set(seals.map((seal) => seal.entrySk));
  for (const entry of entries) {
    if (!sealed.has(entry.SK) && now - timeOfSk(entry.SK) > SEAL_GRACE_MS)
      breaks.push(breakOf('inserted', month, entry.SK, entry, ''));
  }
  for (const tamper of partition.tampers) {
    const how = tamper.change === 'REMOVE' ? 'removed' : 'changed';
    breaks.push(
      breakOf(
        'tampered',
        month,
        tamper.entrySk,
        bySk.get(tamper.entrySk),
        `${how} ${new Date(tamper.seenAt).toISOString()}`,
      ),
    );
  }
  return breaks.sort((a, b) => (a.entrySk < b.entrySk ? -1 : a.entrySk > b.entrySk ? 1 : 0));
}

async function readMonthEntries(month: string): Promise<Entry[]> {
  const entries: Entry[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': month },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    entries.push(...((page.Items ?? []) as Entry[]));
    start = page.LastEvaluatedKey;
  } while (start);
  return entries;
}

export interface VerificationResult {
  months: string[];
  entries: number;
  firstBreak?: ActivityBreak;
  breaks: number;
}

/** Checks the months given (`ACTIVITY#yyyy-mm`, oldest first); the first break is the oldest entry's of the oldest month. */
export async function verifyMonths(months: string[], now: number): Promise<VerificationResult> {
  let entries = 0;
  const breaks: ActivityBreak[] = [];
  for (const month of months) {
    const [monthEntries, partition] = await Promise.all([readMonthEntries(month), readSealPartition(month)]);
    entries += monthEntries.length;
    breaks.push(...checkMonth(month, monthEntries, partition, now));
  }
  return { months, entries, breaks: breaks.length, ...(breaks[0] ? { firstBreak: breaks[0] } : {}) };
}

/** Every month of the log, oldest first. */
export const allActivityMonths = (now: number) => activityKeys.monthsNewestFirst(ACTIVITY_LOG_START, now).reverse();

export interface VerificationRecord {
  at: number;
  by: string;
  months: string[];
  entries: number;
  intact: boolean;
  firstBreak?: ActivityBreak;
}

/** Keeps a check's result where the console reads it (the last one only). */
export async function recordVerification(result: VerificationResult, by: string, at: number): Promise<void> {
  const record: VerificationRecord = {
    at,
    by,
    months: result.months,
    entries: result.entries,
    intact: !result.firstBreak,
    ...(result.firstBreak ? { firstBreak: result.firstBreak } : {}),
  };
  await ddb().send(new PutCommand({ TableName: table(), Item: { ...activitySealKeys.lastCheck, ...record } }));
}

/** The last check, as the console shows it; undefined when the log was never verified. */
export async function readLastVerification(): Promise<ActivityVerificationDto | undefined> {
  const got = await ddb().send(new GetCommand({ TableName: table(), Key: activitySealKeys.lastCheck }));
  const record = got.Item as VerificationRecord | undefined;
  if (!record) return undefined;
  const found = record.firstBreak;
  return {
    at: new Date(record.at).toISOString(),
    by: record.by,
    months: record.months.map((month) => month.slice(activityKeys.prefix.length)),
    entries: record.entries,
    intact: record.intact,
    ...(found
      ? {
          firstBreak: {
            problem: found.problem,
            month: found.month.slice(activityKeys.prefix.length),
            ...(found.entryId ? { entryId: found.entryId } : {}),
            ...(found.at !== undefined && Number.isFinite(found.at) ? { at: new Date(found.at).toISOString() } : {}),
            ...(found.kind ? { kind: found.kind } : {}),
            detail: found.detail,
          },
        }
      : {}),
  };
}
