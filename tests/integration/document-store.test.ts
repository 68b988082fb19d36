/**
 * A client's document stays as first written, whatever someone holding the documents bucket's
 * credentials tries on the local stack's S3 stand-in (Object Lock in COMPLIANCE mode, conditional
 * writes only, as the bucket in AWS): writing it again through storeDocument answers the stored
 * item; a second object under its key is refused (412, or 403 without If-None-Match); its version
 * cannot be deleted, nor its retention shortened, changed or removed (403). The item and the PDF
 * are unchanged after each attempt.
 */
import { createHash } from 'node:crypto';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectRetentionCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { confirmationDocId, type DocumentDraft, documentObjectKey } from '../../lambdas/lib/documents/document-item';
import { documentLink, storeDocument } from '../../lambdas/lib/documents/document-store';
import { keys } from '../../lambdas/lib/data/table';
import { configureRuntime, resetRuntime } from '../../lambdas/lib/runtime/runtime';
import { LOCAL_DOCUMENTS_BUCKET, LOCAL_REGION } from '../../infra/local/stack/local-names';
import { RECORD_YEARS } from '../../shared/record-keeping';
import { useSharedStack } from './support/use-stack';

const t = useSharedStack();
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const Bucket = LOCAL_DOCUMENTS_BUCKET;
let s3: S3Client;

beforeAll(() => {
  configureRuntime({
    tableName: t.stack.tableName,
    region: LOCAL_REGION,
    dynamoEndpoint: t.stack.dynamoEndpoint,
    s3Endpoint: t.stack.s3Endpoint,
    documentsBucket: Bucket,
    credentials,
  });
  s3 = new S3Client({ region: LOCAL_REGION, endpoint: t.stack.s3Endpoint, forcePathStyle: true, credentials });
});

afterAll(() => {
  s3?.destroy();
  resetRuntime();
});

const pdf = (text: string) => new TextEncoder().encode(`%PDF-1.7\n% ${text}\n%%EOF\n`);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const lockedError = { name: 'AccessDenied', message: 'Access Denied because object protected by object lock.' };

it('keeps a stored document as written: no overwrite, no deletion of its version, no shorter retention', async () => {
  const client = await t.client.newClient('locked');
  const at = Date.now();
  const docId = confirmationDocId('deposit', at, `dep-${at}`);
  const draft: DocumentDraft = {
    docId,
    kind: 'deposit-confirmation',
    title: 'Deposit confirmation',
    date: new Date(at).toISOString().slice(0, 10),
    issuedAt: new Date(at).toISOString(),
  };
  const original = pdf('the deposit as confirmed');
  const written = await storeDocument(client.sub, draft, original);
  expect(written).toMatchObject({ outcome: 'written', item: { sha256: sha256(original), bytes: original.byteLength } });
  const Key = documentObjectKey(client.sub, docId);
  const itemKey = keys.document(client.sub, docId);
  const itemBefore = await t.table.item(itemKey);
  const head = await s3.send(new HeadObjectCommand({ Bucket, Key }));
  expect(head.ObjectLockMode).toBe('COMPLIANCE');
  const lockedUntil = head.ObjectLockRetainUntilDate ?? new Date(0);
  expect(lockedUntil.getTime()).toBeGreaterThan(Date.now() + (RECORD_YEARS.default - 1) * 365 * 24 * 3600 * 1000);

  // The writer again, with other bytes (a rerun, or someone who can run it): the first stays.
  const again = await storeDocument(client.sub, { ...draft, title: 'Forged' }, pdf('a forged deposit'));
  expect(again).toMatchObject({ outcome: 'exists', item: written.item });

  // The bucket's credentials, straight at S3: another object under the key, with and without If-None-Match.
  const forged = pdf('a forged deposit');
  await expect(
    s3.send(new PutObjectCommand({ Bucket, Key, Body: forged, ChecksumAlgorithm: 'SHA256', IfNoneMatch: '*' })),
  ).rejects.toMatchObject({ name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });
  await expect(
    s3.send(new PutObjectCommand({ Bucket, Key, Body: forged, ChecksumAlgorithm: 'SHA256' })),
  ).rejects.toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });

  // Its version deleted, bypassing governance or not; its retention shortened, changed or removed.
  for (const BypassGovernanceRetention of [undefined, true]) {
    await expect(
      s3.send(new DeleteObjectCommand({ Bucket, Key, VersionId: head.VersionId, BypassGovernanceRetention })),
    ).rejects.toMatchObject({ ...lockedError, $metadata: { httpStatusCode: 403 } });
  }
  const tomorrow = new Date(Date.now() + 24 * 3600 * 1000);
  for (const Retention of [
    { Mode: 'COMPLIANCE' as const, RetainUntilDate: tomorrow },
    { Mode: 'GOVERNANCE' as const, RetainUntilDate: lockedUntil },
    {},
  ]) {
    await expect(
      s3.send(new PutObjectRetentionCommand({ Bucket, Key, Retention, BypassGovernanceRetention: true })),
    ).rejects.toMatchObject({ ...lockedError, $metadata: { httpStatusCode: 403 } });
  }

  expect((await s3.send(new GetObjectRetentionCommand({ Bucket, Key }))).Retention).toEqual({
    Mode: 'COMPLIANCE',
    RetainUntilDate: lockedUntil,
  });
  const stored = await s3.send(new GetObjectCommand({ Bucket, Key }));
  expect(stored.VersionId).toBe(head.VersionId);
  expect(sha256((await stored.Body?.transformToByteArray()) ?? new Uint8Array())).toBe(sha256(original));
  expect(await t.table.item(itemKey)).toEqual(itemBefore);
});

it('links the version first written, even after a delete marker and a new object under its key', async () => {
  const client = await t.client.newClient('relinked');
  const at = Date.now();
  const docId = confirmationDocId('deposit', at, `dep-${at}`);
  const original = pdf('the deposit as confirmed');
  const { item } = await storeDocument(
    client.sub,
    {
      docId,
      kind: 'deposit-confirmation',
      title: 'Deposit confirmation',
      date: new Date(at).toISOString().slice(0, 10),
      issuedAt: new Date(at).toISOString(),
    },
    original,
  );
  expect(item.versionId).toEqual(expect.any(String));
  const Key = documentObjectKey(client.sub, docId);

  // What the bucket's credentials allow without touching the locked version: hide it behind a
  // delete marker, then write a new current object under the key.
  await s3.send(new DeleteObjectCommand({ Bucket, Key }));
  const forged = pdf('a forged deposit');
  await s3.send(new PutObjectCommand({ Bucket, Key, Body: forged, ChecksumAlgorithm: 'SHA256', IfNoneMatch: '*' }));

  const { url } = await documentLink(item, Date.now());
  const served = new Uint8Array(await (await fetch(url)).arrayBuffer());
  expect(sha256(served)).toBe(sha256(original));
});
