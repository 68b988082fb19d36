/**
 * The local S3 stand-in's Object Lock against the AWS SDK's own S3 client: a bucket versioned with
 * a default COMPLIANCE retention (as the documents bucket) keeps every version it was given for
 * its years, whatever its credentials' holder tries (overwrite, delete a version, shorten or remove
 * the retention, bypass governance), with S3's status codes and messages; a GOVERNANCE bucket
 * yields to the bypass header; the plain bucket behaves as it did, `If-None-Match: *` aside.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectRetentionCommand,
  HeadObjectCommand,
  PutObjectCommand,
  PutObjectRetentionCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { type LocalObjectStore, startObjectStore } from './object-store';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
/** As the local documents bucket: COMPLIANCE for 7 years, and no write without If-None-Match. */
const LOCKED = 'documents';
/** As a sample stage's: GOVERNANCE for a year. */
const GOVERNED = 'governed';
const PLAIN = 'exports';
const YEAR_MS = 365 * 24 * 3600 * 1000;
let dir: string;
let store: LocalObjectStore;
let s3: S3Client;

const clientWith = (config: { requestChecksumCalculation?: 'WHEN_REQUIRED' } = {}) =>
  new S3Client({ region: 'us-east-1', endpoint: store.endpoint, forcePathStyle: true, credentials, ...config });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'object-lock-'));
  store = await startObjectStore({
    dir,
    buckets: [LOCKED, GOVERNED, PLAIN],
    bucketOptions: {
      [LOCKED]: { objectLock: { mode: 'COMPLIANCE', years: 7 }, conditionalWritesOnly: true },
      [GOVERNED]: { objectLock: { mode: 'GOVERNANCE', years: 1 } },
    },
    credentials,
    region: 'us-east-1',
  });
  s3 = clientWith();
});

afterAll(async () => {
  s3.destroy();
  await store.stop();
  rmSync(dir, { recursive: true, force: true });
});

const putOnce = (Bucket: string, Key: string, Body: string) =>
  s3.send(new PutObjectCommand({ Bucket, Key, Body, ChecksumAlgorithm: 'SHA256', IfNoneMatch: '*' }));
const read = async (Bucket: string, Key: string, VersionId?: string) =>
  (await s3.send(new GetObjectCommand({ Bucket, Key, VersionId }))).Body?.transformToString();
const lockedError = { name: 'AccessDenied', message: 'Access Denied because object protected by object lock.' };
const retention = (Bucket: string, Key: string, VersionId?: string) =>
  s3.send(new GetObjectRetentionCommand({ Bucket, Key, VersionId }));
const setRetention = (
  Bucket: string,
  Key: string,
  Retention: { Mode?: 'COMPLIANCE' | 'GOVERNANCE'; RetainUntilDate?: Date },
  BypassGovernanceRetention?: boolean,
) => s3.send(new PutObjectRetentionCommand({ Bucket, Key, Retention, BypassGovernanceRetention }));

describe('the local S3 stand-in with Object Lock', () => {
  it('keeps each version under its compliance retention and refuses a second object under the key', async () => {
    const Key = 'clients/a/statement.pdf';
    const before = Date.now();
    const put = await putOnce(LOCKED, Key, 'the first statement');
    expect(put.VersionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const head = await s3.send(new HeadObjectCommand({ Bucket: LOCKED, Key }));
    expect(head).toMatchObject({ VersionId: put.VersionId, ObjectLockMode: 'COMPLIANCE' });
    const until = head.ObjectLockRetainUntilDate?.getTime() ?? 0;
    expect(until).toBeGreaterThanOrEqual(before + 7 * YEAR_MS);
    expect(until).toBeLessThan(Date.now() + 7 * YEAR_MS + 3 * 24 * 3600 * 1000);
    expect((await retention(LOCKED, Key)).Retention).toEqual({
      Mode: 'COMPLIANCE',
      RetainUntilDate: head.ObjectLockRetainUntilDate,
    });

    // A second write under the key: S3's 412 with If-None-Match; the bucket's policy's 403 without it.
    await expect(putOnce(LOCKED, Key, 'a forged statement')).rejects.toMatchObject({
      name: 'PreconditionFailed',
      message: 'At least one of the pre-conditions you specified did not hold',
      $metadata: { httpStatusCode: 412 },
    });
    await expect(
      s3.send(new PutObjectCommand({ Bucket: LOCKED, Key, Body: 'a forged statement', ChecksumAlgorithm: 'SHA256' })),
    ).rejects.toMatchObject({ name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    expect(await read(LOCKED, Key)).toBe('the first statement');

    // S3 takes a write to a locked bucket only with its integrity declared.
    const bare = clientWith({ requestChecksumCalculation: 'WHEN_REQUIRED' });
    await expect(
      bare.send(new PutObjectCommand({ Bucket: LOCKED, Key: 'clients/a/bare.pdf', Body: 'x', IfNoneMatch: '*' })),
    ).rejects.toMatchObject({ name: 'InvalidRequest', $metadata: { httpStatusCode: 400 } });
    bare.destroy();
  });

  it('lets a delete marker hide the object, but deletes no retained version, bypass or not', async () => {
    const Key = 'clients/b/confirmation.pdf';
    const { VersionId } = await putOnce(LOCKED, Key, 'the confirmation');
    const marker = await s3.send(new DeleteObjectCommand({ Bucket: LOCKED, Key }));
    expect(marker).toMatchObject({ DeleteMarker: true, VersionId: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    await expect(read(LOCKED, Key)).rejects.toMatchObject({ name: 'NoSuchKey', $metadata: { httpStatusCode: 404 } });
    expect(await read(LOCKED, Key, VersionId)).toBe('the confirmation');
    await expect(read(LOCKED, Key, marker.VersionId)).rejects.toMatchObject({
      $metadata: { httpStatusCode: 405 },
    });

    for (const BypassGovernanceRetention of [undefined, true]) {
      await expect(
        s3.send(new DeleteObjectCommand({ Bucket: LOCKED, Key, VersionId, BypassGovernanceRetention })),
      ).rejects.toMatchObject({ ...lockedError, $metadata: { httpStatusCode: 403 } });
    }
    // The marker holds nothing and no lock: removing it brings the object back.
    await s3.send(new DeleteObjectCommand({ Bucket: LOCKED, Key, VersionId: marker.VersionId }));
    expect(await read(LOCKED, Key)).toBe('the confirmation');
    await expect(read(LOCKED, Key, 'A'.repeat(32))).rejects.toMatchObject({ name: 'NoSuchVersion' });
    await expect(read(LOCKED, Key, 'not-a-version')).rejects.toMatchObject({ name: 'InvalidArgument' });
  });

  it('lengthens a compliance retention, and refuses to shorten, change or remove it', async () => {
    const Key = 'clients/c/statement.pdf';
    await putOnce(LOCKED, Key, 'kept');
    const until = (await retention(LOCKED, Key)).Retention?.RetainUntilDate ?? new Date();
    const shorter = new Date(until.getTime() - 24 * 3600 * 1000);
    for (const attempt of [
      () => setRetention(LOCKED, Key, { Mode: 'COMPLIANCE', RetainUntilDate: shorter }),
      () => setRetention(LOCKED, Key, { Mode: 'COMPLIANCE', RetainUntilDate: shorter }, true),
      () => setRetention(LOCKED, Key, { Mode: 'GOVERNANCE', RetainUntilDate: until }, true),
      () => setRetention(LOCKED, Key, {}, true),
    ]) {
      await expect(attempt()).rejects.toMatchObject({ ...lockedError, $metadata: { httpStatusCode: 403 } });
    }
    await expect(
      setRetention(LOCKED, Key, { Mode: 'COMPLIANCE', RetainUntilDate: new Date(Date.now() - 1000) }),
    ).rejects.toMatchObject({ name: 'InvalidArgument', message: 'The retain until date must be in the future!' });
    expect((await retention(LOCKED, Key)).Retention).toEqual({ Mode: 'COMPLIANCE', RetainUntilDate: until });

    const longer = new Date(until.getTime() + YEAR_MS);
    await setRetention(LOCKED, Key, { Mode: 'COMPLIANCE', RetainUntilDate: longer });
    expect((await retention(LOCKED, Key)).Retention).toEqual({ Mode: 'COMPLIANCE', RetainUntilDate: longer });
  });

  it('yields a governance retention only to x-amz-bypass-governance-retention', async () => {
    const Key = 'clients/d/statement.pdf';
    const first = await s3.send(
      new PutObjectCommand({ Bucket: GOVERNED, Key, Body: 'first', ChecksumAlgorithm: 'CRC32' }),
    );
    // Without If-None-Match (and no policy requiring it) a PUT adds a version; the first stays.
    const second = await s3.send(
      new PutObjectCommand({ Bucket: GOVERNED, Key, Body: 'second', ChecksumAlgorithm: 'CRC32' }),
    );
    expect(second.VersionId).not.toBe(first.VersionId);
    expect(await read(GOVERNED, Key)).toBe('second');
    expect(await read(GOVERNED, Key, first.VersionId)).toBe('first');
    expect((await retention(GOVERNED, Key)).Retention?.Mode).toBe('GOVERNANCE');

    const soon = new Date(Date.now() + 60_000);
    await expect(setRetention(GOVERNED, Key, { Mode: 'GOVERNANCE', RetainUntilDate: soon })).rejects.toMatchObject(
      lockedError,
    );
    await setRetention(GOVERNED, Key, { Mode: 'GOVERNANCE', RetainUntilDate: soon }, true);
    expect((await retention(GOVERNED, Key)).Retention?.RetainUntilDate).toEqual(soon);
    const remove = (BypassGovernanceRetention?: boolean) =>
      s3.send(
        new DeleteObjectCommand({ Bucket: GOVERNED, Key, VersionId: first.VersionId, BypassGovernanceRetention }),
      );
    await expect(remove()).rejects.toMatchObject(lockedError);
    await remove(true);
    await expect(read(GOVERNED, Key, first.VersionId)).rejects.toMatchObject({ name: 'NoSuchVersion' });
  });

  it('completes a multipart upload under the same If-None-Match rule, and keeps the policy on its start', async () => {
    const Key = 'clients/e/big.pdf';
    await putOnce(GOVERNED, Key, 'already here');
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: GOVERNED, Key, ChecksumAlgorithm: 'CRC32' }),
    );
    const part = await s3.send(
      new UploadPartCommand({ Bucket: GOVERNED, Key, UploadId, PartNumber: 1, Body: 'replacement' }),
    );
    const complete = () =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: GOVERNED,
          Key,
          UploadId,
          IfNoneMatch: '*',
          MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag, ChecksumCRC32: part.ChecksumCRC32 }] },
        }),
      );
    await expect(complete()).rejects.toMatchObject({ name: 'PreconditionFailed', $metadata: { httpStatusCode: 412 } });
    expect(await read(GOVERNED, Key)).toBe('already here');
    // Once the key reads as absent the same upload completes, as a new version.
    await s3.send(new DeleteObjectCommand({ Bucket: GOVERNED, Key }));
    expect((await complete()).VersionId).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(await read(GOVERNED, Key)).toBe('replacement');

    await expect(
      s3.send(new CreateMultipartUploadCommand({ Bucket: LOCKED, Key: 'clients/e/other.pdf' })),
    ).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it('leaves the plain bucket as it was, but for If-None-Match, and answers its lock requests as S3 does', async () => {
    const Key = 'balances/x.csv';
    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key, Body: 'one' }));
    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key, Body: 'two' }));
    expect(await read(PLAIN, Key)).toBe('two');
    await expect(
      s3.send(new PutObjectCommand({ Bucket: PLAIN, Key, Body: 'three', IfNoneMatch: '*' })),
    ).rejects.toMatchObject({ name: 'PreconditionFailed' });
    await s3.send(new PutObjectCommand({ Bucket: PLAIN, Key: 'balances/new.csv', Body: 'new', IfNoneMatch: '*' }));
    expect(await read(PLAIN, 'balances/new.csv')).toBe('new');
    await expect(retention(PLAIN, Key)).rejects.toMatchObject({
      name: 'InvalidRequest',
      message: 'Bucket is missing Object Lock Configuration',
    });
  });
});
