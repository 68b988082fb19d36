/**
 * The whole book's balances as one CSV, at any number of clients. No request reads the book: an
 * admin's POST records an export and starts the exporter function without waiting for it; the
 * exporter reads every client in e-mail order (GSI4's 16 shards, a page at a time, merged) and
 * streams the CSV into S3 as a multipart upload, so it holds a few pages of clients and a part
 * of the file, never the book; the admin's page asks after the export until it is ready, then
 * downloads it from a presigned link that works for EXPORT_LINK_SECONDS.
 *
 * Locally the exporter runs in the stack's process (the startExporter hook) and S3 is the local
 * stand-in (infra/local/object-store.ts): the same code writes and links the file.
 */
import { Readable } from 'node:stream';
import { InvokeCommand } from '@aws-sdk/client-lambda';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { AnswerOf } from '../../../shared/api';
import { BALANCES_HEADER, balancesLine, csvHeaderLine } from '../../../shared/statement';
import { config } from '../runtime/config';
import { activityPut } from '../data/activity-log';
import { ddb, table } from '../runtime/db';
import { ExportNotFound } from '../data/domain-errors';
import { newId } from '../data/ids';
import { displayName, type Profile } from '../data/profile-item';
import { queryPages } from '../data/query';
import { lambdaClient, s3Client } from '../runtime/clients';
import { runtimeHooks } from '../runtime/runtime';
import { exportKeys, keys, keyTextBefore } from '../data/table';

export type BalancesExport = AnswerOf<'getBalancesExport'>;

/** How long a download link works: long enough to start the download, short enough not to be shared. */
export const EXPORT_LINK_SECONDS = 300;
/** The exporter function's timeout: an export still running after it will never finish. */
export const EXPORT_TIMEOUT_MS = 15 * 60_000;
/**
 * How late after its request an exporter may still start (Lambda holds an asynchronous event at
 * most a minute here, infra/aws/exports.ts): later, it would finish past the timeout.
 */
export const EXPORT_START_WINDOW_MS = 2 * 60_000;
/** Export records and files are gone after a day (the bucket's lifecycle rule deletes the files). */
const EXPORT_TTL_SECONDS = 24 * 3600;
/** Lines gathered before a write to the upload stream. */
const CHUNK_BYTES = 64 * 1024;

interface ExportItem {
  exportId: string;
  status: 'running' | 'ready' | 'failed';
  startedAt: string;
  requestedBy: string;
  finishedAt?: string;
  rows?: number;
  objectKey?: string;
}

const objectKeyOf = (exportId: string) => `balances/${exportId}.csv`;

/**
 * Records an export, with its activity entry in the same transaction, and starts the exporter on
 * it; answers at once, with the export running.
 */
export async function startBalancesExport(
  requestedBy: { sub: string; email: string },
  now: number,
): Promise<BalancesExport> {
  const exportId = newId(now);
  const item: ExportItem = {
    exportId,
    status: 'running',
    startedAt: new Date(now).toISOString(),
    requestedBy: requestedBy.sub,
  };
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: { ...exportKeys.balances(exportId), ...item, expiresAt: Math.floor(now / 1000) + EXPORT_TTL_SECONDS },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        activityPut({
          kind: 'export-started',
          actor: requestedBy.email,
          at: now,
          note: 'Balances of every client (CSV)',
        }),
      ],
    }),
  );
  const local = runtimeHooks().startExporter;
  if (local) local(exportId);
  else
    await lambdaClient().send(
      new InvokeCommand({
        FunctionName: config.exporterFunction,
        InvocationType: 'Event',
        Payload: JSON.stringify({ exportId }),
      }),
    );
  return { exportId, status: 'running', startedAt: item.startedAt };
}

/** Where an export stands; a ready one comes with a fresh download link. */
export async function readBalancesExport(exportId: string, now: number): Promise<BalancesExport> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: exportKeys.balances(exportId), ConsistentRead: true }),
  );
  if (!Item) throw new ExportNotFound(exportId);
  const item = Item as ExportItem;
  const base = { exportId, startedAt: item.startedAt };
  if (item.status === 'ready' && item.objectKey) {
    const filename = `aurum-balances-${item.startedAt.slice(0, 10)}.csv`;
    const url = await getSignedUrl(
      s3Client(),
      new GetObjectCommand({
        Bucket: config.exportsBucket,
        Key: item.objectKey,
        ResponseContentDisposition: `attachment; filename="${filename}"`,
        ResponseContentType: 'text/csv; charset=utf-8',
      }),
      { expiresIn: EXPORT_LINK_SECONDS },
    );
    return {
      ...base,
      status: 'ready',
      rows: item.rows ?? 0,
      url,
      linkExpiresAt: new Date(now + EXPORT_LINK_SECONDS * 1000).toISOString(),
    };
  }
  // Still running past the exporter's timeout (and Lambda's retries): it died, and says so.
  if (item.status === 'failed' || (item.status === 'running' && now - Date.parse(item.startedAt) > EXPORT_TIMEOUT_MS))
    return { ...base, status: 'failed' };
  return { ...base, status: 'running' };
}

/** One shard's clients in e-mail order, a page at a time. */
async function* shardInEmailOrder(shardPk: string): AsyncGenerator<Profile> {
  for await (const page of queryPages<Profile>({
    IndexName: 'GSI4',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': shardPk },
  }))
    yield* page;
}

/** Every live client in e-mail order: the 16 shards' orders merged, one client of each held at a time. */
export async function* clientsInEmailOrder(): AsyncGenerator<Profile> {
  const shards = keys.allClientShards().map(shardInEmailOrder);
  const heads = await Promise.all(shards.map((shard) => shard.next()));
  const sortKey = (p: Profile) => (p as Profile & { GSI4SK: string }).GSI4SK;
  for (;;) {
    let first = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i] as IteratorResult<Profile>;
      if (
        !head.done &&
        (first < 0 || keyTextBefore(sortKey(head.value), sortKey((heads[first] as IteratorYieldResult<Profile>).value)))
      )
        first = i;
    }
    if (first < 0) return;
    yield (heads[first] as IteratorYieldResult<Profile>).value;
    heads[first] = await (shards[first] as AsyncGenerator<Profile>).next();
  }
}

/**
 * The exporter: writes the export's file and marks it ready. Run again on the same export (Lambda
 * retries an asynchronous invocation that failed), it does nothing once the export is not running.
 */
export async function runBalancesExport(exportId: string): Promise<'written' | 'not running'> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: exportKeys.balances(exportId), ConsistentRead: true }),
  );
  const item = Item as ExportItem | undefined;
  if (item?.status !== 'running') return 'not running';
  // Started too late to finish in time (an invocation held back), it would only ever be reported failed.
  if (Date.now() - Date.parse(item.startedAt) > EXPORT_START_WINDOW_MS) {
    await finish(exportId, item.startedAt, { status: 'failed' }).catch(() => undefined);
    return 'not running';
  }
  try {
    await writeExport(exportId, item.startedAt);
    return 'written';
  } catch (error) {
    // The admin's page says so at once, rather than after the timeout; a retry then does nothing.
    await finish(exportId, item.startedAt, { status: 'failed' }).catch(() => undefined);
    throw error;
  }
}

/**
 * Marks a running export finished (ready or failed): only once, and only while its page may still
 * be waiting. Past EXPORT_TIMEOUT_MS the page has said it failed, so it may not turn ready.
 */
async function finish(
  exportId: string,
  startedAt: string,
  outcome: { status: 'ready'; rows: number; objectKey: string } | { status: 'failed' },
): Promise<void> {
  const ready = outcome.status === 'ready';
  const now = Date.now();
  if (ready && now - Date.parse(startedAt) > EXPORT_TIMEOUT_MS)
    throw new Error(`export ${exportId} finished after its timeout`);
  await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: exportKeys.balances(exportId),
      UpdateExpression: ready
        ? 'SET #status = :status, #rows = :rows, objectKey = :key, finishedAt = :at'
        : 'SET #status = :status, finishedAt = :at',
      ConditionExpression: '#status = :running',
      ExpressionAttributeNames: { '#status': 'status', ...(ready ? { '#rows': 'rows' } : {}) },
      ExpressionAttributeValues: {
        ':status': outcome.status,
        ':running': 'running',
        ':at': new Date(now).toISOString(),
        ...(ready ? { ':rows': outcome.rows, ':key': outcome.objectKey } : {}),
      },
    }),
  );
}

/** The export's file, a chunk of lines at a time, as the upload pulls it; `counted` learns the rows once every client is read. */
async function* csvChunks(counted: (rows: number) => void): AsyncGenerator<string> {
  let rows = 0;
  let chunk = csvHeaderLine(BALANCES_HEADER);
  for await (const p of clientsInEmailOrder()) {
    chunk += balancesLine({
      email: p.email,
      name: displayName(p),
      balanceCents: p.balanceCents,
      weeklyGainPercent: p.weeklyGainPercent,
      lastUpdate: p.lastUpdate,
    });
    rows++;
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk;
      chunk = '';
    }
  }
  yield chunk;
  counted(rows);
}

async function writeExport(exportId: string, startedAt: string): Promise<void> {
  const objectKey = objectKeyOf(exportId);
  let rows = -1;
  // The upload pulls the file as it sends it: a failed read fails the upload (which aborts its
  // parts), and a failed upload stops the reads; neither waits on the other.
  const body = Readable.from(csvChunks((n) => (rows = n)));
  await new Upload({
    client: s3Client(),
    params: { Bucket: config.exportsBucket, Key: objectKey, Body: body, ContentType: 'text/csv; charset=utf-8' },
  }).done();
  if (rows < 0) throw new Error(`export ${exportId}: the upload ended before every client was read`);
  await finish(exportId, startedAt, { status: 'ready', rows, objectKey });
}
