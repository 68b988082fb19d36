/**
 * The local S3 stand-in against the AWS SDK's own S3 client, upload helper and presigner: what
 * the SDK writes reads back (one PUT or a multipart upload), and a link or a request that S3
 * would refuse (unsigned, wrongly signed, changed, expired, another bucket) is refused here too.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type LocalObjectStore, startObjectStore } from './object-store';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const BUCKET = 'exports';
let dir: string;
let store: LocalObjectStore;
let s3: S3Client;

const clientFor = (secretAccessKey = credentials.secretAccessKey) =>
  new S3Client({ region: 'us-east-1', endpoint: store.endpoint, forcePathStyle: true, credentials: { ...credentials, secretAccessKey }, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'object-store-'));
  store = await startObjectStore({ dir, buckets: [BUCKET], credentials, region: 'us-east-1' });
  s3 = clientFor();
});

afterAll(async () => {
  s3.destroy();
  await store.stop();
  rmSync(dir, { recursive: true, force: true });
});

const link = (key: string, expiresIn = 300, extra: Record<string, string> = {}) =>
  getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: key, ResponseContentDisposition: 'attachment; filename="a.csv"', ...extra }), { expiresIn });

describe('the local S3 stand-in', () => {
  it('keeps what PutObject writes and serves it on a presigned link, as an attachment', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'balances/one.csv', Body: 'Email,Name\na@b.c,A\n', ContentType: 'text/csv' }));
    const res = await fetch(await link('balances/one.csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.csv"');
    expect(await res.text()).toBe('Email,Name\na@b.c,A\n');
  });

  it('takes a multipart upload from lib-storage and gives the parts back as one object', async () => {
    // 11 MB: lib-storage sends parts of 5 MB, so three of them.
    const line = `${'x'.repeat(99)}\n`;
    const whole = line.repeat(110_000);
    await new Upload({ client: s3, params: { Bucket: BUCKET, Key: 'balances/big.csv', Body: Buffer.from(whole) }, partSize: 5 * 1024 * 1024 }).done();
    const res = await fetch(await link('balances/big.csv'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(whole);
    expect(readdirSync(join(dir, '.uploads'))).toEqual([]);
  });

  it('refuses a changed, an expired or an unsigned link, and a request signed with another secret', async () => {
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'balances/two.csv', Body: 'secret rows' }));
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'balances/other.csv', Body: 'other rows' }));
    const good = new URL(await link('balances/two.csv'));
    const codeOf = async (url: string | URL) => {
      const res = await fetch(url);
      return `${res.status} ${/<Code>(\w+)<\/Code>/.exec(await res.text())?.[1] ?? ''}`;
    };
    const otherKey = new URL(good);
    otherKey.pathname = otherKey.pathname.replace('two.csv', 'other.csv');
    expect(await codeOf(otherKey)).toBe('403 SignatureDoesNotMatch');
    const otherName = new URL(good);
    otherName.searchParams.set('response-content-disposition', 'attachment; filename="b.csv"');
    expect(await codeOf(otherName)).toBe('403 SignatureDoesNotMatch');
    const unsigned = new URL(good);
    for (const name of [...unsigned.searchParams.keys()]) if (name.startsWith('X-Amz-')) unsigned.searchParams.delete(name);
    expect(await codeOf(unsigned)).toBe('403 AccessDenied');
    // Signed ten minutes ago for one minute: expired.
    const old = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: 'balances/two.csv' }), { expiresIn: 60, signingDate: new Date(Date.now() - 10 * 60_000) });
    expect(await codeOf(old)).toBe('403 AccessDenied');

    // A parameter given again after the signed one (S3 would serve the first, the check read the last).
    const doubled = `${good.href.replace('?', '?response-content-type=text%2Fhtml&')}&response-content-type=text%2Fhtml`;
    expect(await codeOf(doubled)).toBe('400 InvalidArgument');
    const intruder = clientFor('not-the-secret');
    await expect(intruder.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'balances/two.csv', Body: 'overwritten' }))).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    intruder.destroy();
    expect(await (await fetch(good)).text()).toBe('secret rows');
  });

  it('knows only its buckets, and keeps every key inside its bucket', async () => {
    await expect(s3.send(new PutObjectCommand({ Bucket: 'another', Key: 'x', Body: 'x' }))).rejects.toMatchObject({ name: 'NoSuchBucket' });
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: '../../escape.csv', Body: 'inside' }));
    for (const key of ['.', '..']) await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: `the key ${key}` }));
    expect(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: '..' }))).Body?.transformToString()).toBe('the key ..');
    expect(readdirSync(dir).sort()).toEqual(['.uploads', BUCKET]);
    expect(await (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: '../../escape.csv' }))).Body?.transformToString()).toBe('inside');
    expect((await fetch(await link('balances/missing.csv'))).status).toBe(404);
  });
});
