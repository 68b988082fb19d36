/**
 * The activity log's seals: per month, a hash chain over its entries, built from the table's
 * stream by the activity sealer (lambdas/jobs/activity-sealer.ts), the one function allowed to
 * write these keys. Each seal holds the hash of its entry as the stream first showed it (never
 * read back from the table), the previous seal's hash and its own, so a changed entry, an entry
 * with no seal, a seal with no entry, or a seal changed, removed or added out of turn shows when
 * the chain is checked (activity-verify.ts).
 *
 * Two deliveries of one record, or two shards sealing at once, never fork the chain: a seal is a
 * conditional Put keyed by its entry, and the head moves by a conditional update from the seq it
 * was read at, in one transaction.
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { cancellationReasons, ddb, table } from '../runtime/db';
import { activitySealKeys } from './table';

/** The hash before a month's first seal. */
export const GENESIS_HASH = '0'.repeat(64);

export interface SealItem {
  PK: string;
  SK: string;
  seq: number;
  entryPk: string;
  entrySk: string;
  /** sha256 of the entry's canonical form, as the stream showed it when it was written. */
  entryHash: string;
  /** When the entry was written (the stream record's creation time), epoch ms. */
  writtenAt: number;
  prevHash: string;
  hash: string;
}

export interface SealHead {
  seq: number;
  hash: string;
}

export interface TamperItem {
  PK: string;
  SK: string;
  entryPk: string;
  entrySk: string;
  /** INSERT over an existing entry cannot happen: MODIFY (changed in place or Put over) or REMOVE. */
  change: 'MODIFY' | 'REMOVE';
  seenAt: number;
}

/** JSON with every object's keys sorted, sets as sorted arrays, bytes as base64: one text per value. */
export function canonical(value: unknown): string {
  if (value instanceof Set) return canonical([...value].map((v) => canonical(v)).sort());
  if (value instanceof Uint8Array) return JSON.stringify(Buffer.from(value).toString('base64'));
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The hash of an entry: of every attribute, keys included. */
export const entryHashOf = (entry: Record<string, unknown>): string => sha256(canonical(entry));

/** A seal's own hash: over its place, its entry and the seal before it. */
export function sealHashOf(
  seal: Pick<SealItem, 'seq' | 'entryPk' | 'entrySk' | 'entryHash' | 'writtenAt' | 'prevHash'>,
): string {
  return sha256(
    canonical({
      seq: seal.seq,
      entryPk: seal.entryPk,
      entrySk: seal.entrySk,
      entryHash: seal.entryHash,
      writtenAt: seal.writtenAt,
      prevHash: seal.prevHash,
    }),
  );
}

/** How many times a seal is retried when another one took the head first. */
const HEAD_RACE_ATTEMPTS = 20;

async function readHead(entryPk: string): Promise<SealHead | undefined> {
  const got = await ddb().send(
    new GetCommand({ TableName: table(), Key: activitySealKeys.head(entryPk), ConsistentRead: true }),
  );
  return got.Item as SealHead | undefined;
}

/**
 * Appends the entry's seal to its month's chain; 'already' when it has one (a record delivered
 * again). Throws after too many lost races, so the stream delivers the record again.
 */
export async function sealEntry(entry: Record<string, unknown>, writtenAt: number): Promise<'sealed' | 'already'> {
  const entryPk = String(entry.PK);
  const entrySk = String(entry.SK);
  const entryHash = entryHashOf(entry);
  for (let attempt = 0; attempt < HEAD_RACE_ATTEMPTS; attempt++) {
    const head = await readHead(entryPk);
    const seq = (head?.seq ?? 0) + 1;
    const body = { seq, entryPk, entrySk, entryHash, writtenAt, prevHash: head?.hash ?? GENESIS_HASH };
    const seal: SealItem = { ...activitySealKeys.seal(entryPk, entrySk), ...body, hash: sealHashOf(body) };
    const headMove = head
      ? {
          ConditionExpression: 'seq = :was',
          ExpressionAttributeValues: { ':seq': seq, ':hash': seal.hash, ':was': head.seq },
        }
      : {
          ConditionExpression: 'attribute_not_exists(PK)',
          ExpressionAttributeValues: { ':seq': seq, ':hash': seal.hash },
        };
    try {
      await ddb().send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table(), Item: seal, ConditionExpression: 'attribute_not_exists(PK)' } },
            {
              Update: {
                TableName: table(),
                Key: activitySealKeys.head(entryPk),
                UpdateExpression: 'SET seq = :seq, #hash = :hash',
                ExpressionAttributeNames: { '#hash': 'hash' },
                ...headMove,
              },
            },
          ],
        }),
      );
      return 'sealed';
    } catch (error) {
      const [sealRefused, headRefused] = cancellationReasons(error);
      if (sealRefused === 'ConditionalCheckFailed') return 'already';
      if (headRefused !== 'ConditionalCheckFailed') throw error;
    }
  }
  throw new Error(`activity seal: the head of ${entryPk} kept moving; the record is retried`);
}

/** Keeps a change or removal of an entry seen on the stream; a record delivered again writes nothing new. */
export async function recordTamper(item: Omit<TamperItem, 'PK' | 'SK'>, streamSeq: string): Promise<void> {
  const tamper: TamperItem = { ...activitySealKeys.tamper(item.entryPk, item.entrySk, streamSeq), ...item };
  try {
    await ddb().send(
      new PutCommand({ TableName: table(), Item: tamper, ConditionExpression: 'attribute_not_exists(PK)' }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
}

/** Every item of a month's seal partition: the head, the seals, the tamper records. */
export async function readSealPartition(
  entryPk: string,
): Promise<{ head?: SealHead; seals: SealItem[]; tampers: TamperItem[] }> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': activitySealKeys.monthOf(entryPk) },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  const sk = (item: Record<string, unknown>) => String(item.SK);
  return {
    head: items.find((item) => sk(item) === 'HEAD') as SealHead | undefined,
    seals: items.filter((item) => sk(item).startsWith(activitySealKeys.sealPrefix)) as unknown as SealItem[],
    tampers: items.filter((item) => sk(item).startsWith(activitySealKeys.tamperPrefix)) as unknown as TamperItem[],
  };
}
