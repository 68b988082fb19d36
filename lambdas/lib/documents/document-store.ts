/**
 * Writes a client's document once and links it for a short while.
 *
 * The PDF goes first, with `If-None-Match: *`: S3 refuses (412) a second object under the key, so
 * nothing written is ever replaced, and the bucket's Object Lock keeps the object from deletion
 * for the record-keeping years. The DOC# item follows, written only if absent. A writer cut off
 * between the two and run again finds the object there and writes the item from what S3 holds
 * (its size and SHA-256), so the item always describes the object in the bucket.
 */
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { createHash } from 'node:crypto';
import { config } from '../runtime/config';
import { s3Client } from '../runtime/clients';
import { cancellationReasons, ddb, table, type TransactItem } from '../runtime/db';
import { keys } from '../data/table';
import { type DocumentDraft, type DocumentItem, documentObjectKey } from './document-item';

/** How long a download link works: long enough to start the download, short enough not to be passed on. */
export const DOCUMENT_LINK_SECONDS = 300;

export type StoreOutcome = { outcome: 'written' | 'exists'; item: DocumentItem };

/**
 * Writes the document's PDF and item, each only if absent; answers the item as stored. `with`: an
 * item written in one transaction with the DOC# item (an administrator's act's log entry), so the
 * act's record stands or falls with its document; neither is written when the document exists.
 */
export async function storeDocument(
  sub: string,
  draft: DocumentDraft,
  pdf: Uint8Array,
  options: { with?: TransactItem } = {},
): Promise<StoreOutcome> {
  const objectKey = documentObjectKey(sub, draft.docId);
  const object = await putOnce(objectKey, pdf);
  const item: DocumentItem = { ...draft, objectKey, ...object };
  const put = {
    TableName: table(),
    Item: { ...keys.document(sub, draft.docId), ...item },
    ConditionExpression: 'attribute_not_exists(PK)',
  };
  try {
    if (options.with) await ddb().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, options.with] }));
    else await ddb().send(new PutCommand(put));
    return { outcome: 'written', item };
  } catch (error) {
    const present =
      (error as Error).name === 'ConditionalCheckFailedException' ||
      cancellationReasons(error)[0] === 'ConditionalCheckFailed';
    if (!present) throw error;
    const stored = await readDocument(sub, draft.docId);
    if (!stored) throw error;
    return { outcome: 'exists', item: stored };
  }
}

type StoredObject = Pick<DocumentItem, 'bytes' | 'sha256' | 'versionId'>;

/** The PDF under its key, written only if no object is there; answers the size and hash S3 holds. */
async function putOnce(objectKey: string, pdf: Uint8Array): Promise<StoredObject> {
  try {
    const put = await s3Client().send(
      new PutObjectCommand({
        Bucket: config.documentsBucket,
        Key: objectKey,
        Body: pdf,
        ContentType: 'application/pdf',
        ChecksumAlgorithm: 'SHA256',
        IfNoneMatch: '*',
      }),
    );
    return {
      bytes: pdf.byteLength,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      ...(put.VersionId ? { versionId: put.VersionId } : {}),
    };
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode !== 412) throw error;
    const head = await s3Client().send(
      new HeadObjectCommand({ Bucket: config.documentsBucket, Key: objectKey, ChecksumMode: 'ENABLED' }),
    );
    return {
      bytes: head.ContentLength ?? 0,
      sha256: head.ChecksumSHA256 ? Buffer.from(head.ChecksumSHA256, 'base64').toString('hex') : '',
      ...(head.VersionId ? { versionId: head.VersionId } : {}),
    };
  }
}

/** One document's item, or null. */
export async function readDocument(sub: string, docId: string): Promise<DocumentItem | null> {
  const { Item } = await ddb().send(
    new GetCommand({ TableName: table(), Key: keys.document(sub, docId), ConsistentRead: true }),
  );
  return (Item as DocumentItem | undefined) ?? null;
}

/** A link that downloads the document's PDF for DOCUMENT_LINK_SECONDS, under a file name the client recognises. */
export async function documentLink(item: DocumentItem, now: number): Promise<{ url: string; expiresAt: string }> {
  const url = await getSignedUrl(
    s3Client(),
    new GetObjectCommand({
      Bucket: config.documentsBucket,
      Key: item.objectKey,
      // The version written, which the lock keeps: a later object put over a delete marker is never what a link serves.
      ...(item.versionId ? { VersionId: item.versionId } : {}),
      ResponseContentType: 'application/pdf',
      ResponseContentDisposition: `attachment; filename="aurum-${item.docId}.pdf"`,
    }),
    { expiresIn: DOCUMENT_LINK_SECONDS },
  );
  return { url, expiresAt: new Date(now + DOCUMENT_LINK_SECONDS * 1000).toISOString() };
}
