/**
 * The local S3 stand-in against the AWS SDK's own S3 client, upload helper and presigner, with the
 * SDK's default checksums: what the SDK writes reads back (one PUT, a streamed aws-chunked PUT or
 * a multipart upload) with the checksum S3 would keep and answer, and a link or a request that S3
 * would refuse (unsigned, wrongly signed, changed, expired, another bucket, a body that does not
 * match its checksum) is refused here too, leaving nothing stored.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { crc32 } from 'node:zlib';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { HttpRequest } from '@smithy/protocol-http';
import { type LocalObjectStore, startObjectStore } from './object-store';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const BUCKET = 'exports';
let dir: string;
let store: LocalObjectStore;
let s3: S3Client;

/** The SDK's client as the product builds it: default checksums, unless a test asks for fewer. */
const clientFor = (
  secretAccessKey = credentials.secretAccessKey,
  config: Pick<S3ClientConfig, 'requestChecksumCalculation' | 'logger'> = {},
) =>
  new S3Client({
    region: 'us-east-1',
    endpoint: store.endpoint,
    forcePathStyle: true,
    credentials: { ...credentials, secretAccessKey },
    ...config,
  });

/** For a client whose refused streamed uploads would each log that the SDK cannot retry them. */
const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

/** Base64 of the CRC32 (zlib's, not the stand-in's) of the pieces in order, as S3 writes it. */
const crc32Of = (...pieces: (string | Buffer)[]) => {
  const digest = Buffer.alloc(4);
  digest.writeUInt32BE(pieces.reduce((crc, piece) => crc32(piece, crc), 0));
  return digest.toString('base64');
};
/** A multipart object's composite CRC32: of the parts' CRC32s, then `-<parts>`. */
const compositeCrc32Of = (parts: Buffer[]) =>
  `${crc32Of(...parts.map((part) => Buffer.from(crc32Of(part), 'base64')))}-${parts.length}`;

/**
 * A client whose every request `change` alters: in `build`, after the SDK added its checksum and
 * before it signs (a request signed as sent); in `sent`, once signed (a request changed on its way).
 */
function changingClient(when: 'build' | 'sent', change: (request: HttpRequest) => void): S3Client {
  const client = clientFor(undefined, { logger: silent });
  client.middlewareStack.addRelativeTo(
    <Args extends { request: unknown }, Output>(next: (args: Args) => Promise<Output>) =>
      async (args: Args) => {
        if (HttpRequest.isInstance(args.request)) change(args.request);
        return next(args);
      },
    {
      relation: 'after',
      toMiddleware: when === 'build' ? 'flexibleChecksumsMiddleware' : 'httpSigningMiddleware',
      name: 'changeRequest',
    },
  );
  return client;
}

/** The body of a signed request as it reaches the store, altered chunk by chunk. */
const alterBody = (request: HttpRequest, alter: (chunk: Buffer) => Buffer) => {
  request.body = (request.body as Readable).pipe(
    new Transform({ transform: (chunk: Buffer, _encoding, done) => done(null, alter(chunk)) }),
  );
};

/** Three chunks the SDK sends aws-chunked as they come: S3 takes chunks under 8 KiB only last. */
const streamed = () => [Buffer.alloc(8192, 'a'), Buffer.alloc(8192, 'b'), Buffer.from('the end\n')];

const read = async (key: string) =>
  (await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body?.transformToString();

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
  getSignedUrl(
    s3,
    new GetObjectCommand({
      Bucket: BUCKET,
      Key: key,
      ResponseContentDisposition: 'attachment; filename="a.csv"',
      ...extra,
    }),
    { expiresIn },
  );

describe('the local S3 stand-in', () => {
  it('keeps what PutObject writes with its CRC32, answers that checksum, and serves it on a presigned link, as an attachment', async () => {
    const body = 'Email,Name\na@b.c,A\n';
    const put = await s3.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: 'balances/one.csv', Body: body, ContentType: 'text/csv' }),
    );
    expect(put).toMatchObject({ ChecksumCRC32: crc32Of(body), ChecksumType: 'FULL_OBJECT' });
    // The SDK's GetObject asks for the checksum and checks the bytes against it as it reads them.
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'balances/one.csv' }));
    expect(got).toMatchObject({ ChecksumCRC32: crc32Of(body), ChecksumType: 'FULL_OBJECT' });
    expect(await got.Body?.transformToString()).toBe(body);
    expect(
      await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'balances/one.csv', ChecksumMode: 'ENABLED' })),
    ).toMatchObject({ ChecksumCRC32: crc32Of(body) });
    // S3 answers a checksum only to a request that asks for it.
    expect(
      (await s3.send(new HeadObjectCommand({ Bucket: BUCKET, Key: 'balances/one.csv' }))).ChecksumCRC32,
    ).toBeUndefined();
    // An upload that sent no checksum gets S3's own CRC64NVME, which the SDK checks the download against.
    const noChecksums = clientFor(undefined, { requestChecksumCalculation: 'WHEN_REQUIRED' });
    expect(
      await noChecksums.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'balances/plain.csv', Body: body })),
    ).toMatchObject({ ChecksumType: 'FULL_OBJECT', ChecksumCRC64NVME: expect.any(String) });
    noChecksums.destroy();
    const plain = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'balances/plain.csv' }));
    expect(plain).toMatchObject({ ChecksumType: 'FULL_OBJECT', ChecksumCRC64NVME: expect.any(String) });
    expect(await plain.Body?.transformToString()).toBe(body);

    const res = await fetch(await link('balances/one.csv'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="a.csv"');
    expect(await res.text()).toBe(body);
  });

  it('takes a streamed body aws-chunked with its CRC32 as a trailer, and refuses chunks S3 would', async () => {
    const sent: Record<string, string>[] = [];
    const watched = changingClient('sent', (request) => void sent.push({ ...request.headers }));
    const put = await watched.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'balances/streamed.csv',
        Body: Readable.from(streamed()),
        ContentLength: 8192 * 2 + 8,
      }),
    );
    expect(sent[0]).toMatchObject({
      'content-encoding': 'aws-chunked',
      'x-amz-content-sha256': 'STREAMING-UNSIGNED-PAYLOAD-TRAILER',
      'x-amz-trailer': 'x-amz-checksum-crc32',
    });
    expect(put.ChecksumCRC32).toBe(crc32Of(...streamed()));
    expect(await read('balances/streamed.csv')).toBe(Buffer.concat(streamed()).toString());

    // Chunks as small as they come: S3 takes only the last one under 8 KiB.
    const small = watched.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'balances/small-chunks.csv',
        Body: Readable.from([Buffer.from('a,b\n'), Buffer.from('c,d\n')]),
        ContentLength: 8,
      }),
    );
    await expect(small).rejects.toMatchObject({ name: 'InvalidChunkSizeError', $metadata: { httpStatusCode: 400 } });
    await expect(read('balances/small-chunks.csv')).rejects.toMatchObject({ name: 'NoSuchKey' });
    watched.destroy();
  });

  it('refuses a body that does not match its checksum (a header, a trailer, or its Content-MD5), and stores nothing', async () => {
    const md5Of = (text: string) => createHash('md5').update(text).digest('base64');
    await s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'balances/kept.csv',
        Body: 'kept rows',
        ContentMD5: md5Of('kept rows'),
      }),
    );
    const wrongMd5 = s3.send(
      new PutObjectCommand({
        Bucket: BUCKET,
        Key: 'balances/never.csv',
        Body: 'replaced rows',
        ContentMD5: md5Of('other rows'),
      }),
    );
    await expect(wrongMd5).rejects.toMatchObject({
      name: 'BadDigest',
      message: 'The Content-MD5 you specified did not match what we received.',
    });
    // A request signed with a CRC32 of other bytes than it carries.
    const wrongHeader = changingClient('build', (request) => {
      request.headers['x-amz-checksum-crc32'] = crc32Of('other bytes');
    });
    for (const key of ['balances/kept.csv', 'balances/never.csv']) {
      const put = wrongHeader.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: 'replaced rows' }));
      await expect(put).rejects.toMatchObject({
        name: 'BadDigest',
        message: 'The CRC32 you specified did not match the calculated checksum.',
        $metadata: { httpStatusCode: 400 },
      });
    }
    wrongHeader.destroy();

    // An aws-chunked body changed after it was signed: a byte of its data, or its trailing CRC32.
    const flipFirstByte = (chunk: Buffer) =>
      chunk.length === 8192 && chunk[0] === 0x61 ? Buffer.concat([Buffer.from('A'), chunk.subarray(1)]) : chunk;
    const otherTrailer = (chunk: Buffer) =>
      Buffer.from(
        chunk.toString('latin1').replace(/^(x-amz-checksum-crc32:)\S+/, `$1${crc32Of('other bytes')}`),
        'latin1',
      );
    for (const alter of [flipFirstByte, otherTrailer]) {
      const tampered = changingClient('sent', (request) => alterBody(request, alter));
      for (const key of ['balances/kept.csv', 'balances/never.csv']) {
        const put = tampered.send(
          new PutObjectCommand({
            Bucket: BUCKET,
            Key: key,
            Body: Readable.from(streamed()),
            ContentLength: 8192 * 2 + 8,
          }),
        );
        await expect(put).rejects.toMatchObject({ name: 'BadDigest', $metadata: { httpStatusCode: 400 } });
      }
      tampered.destroy();
    }
    expect(await read('balances/kept.csv')).toBe('kept rows');
    await expect(read('balances/never.csv')).rejects.toMatchObject({ name: 'NoSuchKey' });
  });

  it('takes a multipart upload from lib-storage with its parts CRC32s, and answers the composite checksum', async () => {
    // 11 MB: lib-storage sends parts of 5 MiB, so three of them.
    const line = `${'x'.repeat(99)}\n`;
    const whole = Buffer.from(line.repeat(110_000));
    const partSize = 5 * 1024 * 1024;
    const composite = compositeCrc32Of([
      whole.subarray(0, partSize),
      whole.subarray(partSize, 2 * partSize),
      whole.subarray(2 * partSize),
    ]);
    const done = await new Upload({
      client: s3,
      params: { Bucket: BUCKET, Key: 'balances/big.csv', Body: whole },
      partSize,
    }).done();
    expect(done).toMatchObject({ ChecksumCRC32: composite, ChecksumType: 'COMPOSITE' });
    expect(readdirSync(join(dir, '.uploads'))).toEqual([]);

    // The SDK does not check a composite checksum against the bytes; it gets it all the same.
    const got = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: 'balances/big.csv' }));
    expect(got).toMatchObject({ ChecksumCRC32: composite, ChecksumType: 'COMPOSITE' });
    expect(await got.Body?.transformToString()).toBe(whole.toString());
    const res = await fetch(await link('balances/big.csv'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(whole.toString());
  });

  it('holds multipart uploads to S3 checksum rules', async () => {
    const Key = 'balances/parts.csv';
    const first = Buffer.alloc(5 * 1024 * 1024, 'p');
    const last = Buffer.from('the last part\n');
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key, ChecksumAlgorithm: 'CRC32' }),
    );
    const part = (client: S3Client, PartNumber: number, Body: Buffer) =>
      client.send(new UploadPartCommand({ Bucket: BUCKET, Key, UploadId, PartNumber, Body }));
    const complete = (Parts: { PartNumber: number; ETag?: string; ChecksumCRC32?: string }[]) =>
      s3.send(new CompleteMultipartUploadCommand({ Bucket: BUCKET, Key, UploadId, MultipartUpload: { Parts } }));

    // A part whose bytes do not match its CRC32 is not kept; one without a CRC32 is not taken.
    const wrongHeader = changingClient('build', (request) => {
      request.headers['x-amz-checksum-crc32'] = crc32Of('other bytes');
    });
    await expect(part(wrongHeader, 1, first)).rejects.toMatchObject({
      name: 'BadDigest',
      $metadata: { httpStatusCode: 400 },
    });
    wrongHeader.destroy();
    const noChecksums = clientFor(undefined, { requestChecksumCalculation: 'WHEN_REQUIRED' });
    await expect(part(noChecksums, 1, first)).rejects.toMatchObject({
      name: 'InvalidRequest',
      message: 'Checksum Type mismatch occurred, expected checksum Type: crc32, actual checksum Type: null',
    });
    noChecksums.destroy();
    const etagOfFirst = `"${createHash('md5').update(first).digest('hex')}"`;
    await expect(complete([{ PartNumber: 1, ETag: etagOfFirst, ChecksumCRC32: crc32Of(first) }])).rejects.toMatchObject(
      { name: 'InvalidPart' },
    );

    const one = await part(s3, 1, first);
    const two = await part(s3, 2, last);
    expect([one.ChecksumCRC32, two.ChecksumCRC32]).toEqual([crc32Of(first), crc32Of(last)]);
    // The completion names each part's CRC32, and the right one.
    await expect(
      complete([
        { PartNumber: 1, ETag: one.ETag },
        { PartNumber: 2, ETag: two.ETag },
      ]),
    ).rejects.toMatchObject({
      name: 'InvalidRequest',
      message:
        'The upload was created using a crc32 checksum. The complete request must include the checksum for each part. It was missing for part 1 in the request.',
    });
    await expect(
      complete([
        { PartNumber: 1, ETag: one.ETag, ChecksumCRC32: two.ChecksumCRC32 },
        { PartNumber: 2, ETag: two.ETag, ChecksumCRC32: two.ChecksumCRC32 },
      ]),
    ).rejects.toMatchObject({ name: 'InvalidPart' });
    const done = await complete([
      { PartNumber: 1, ETag: one.ETag, ChecksumCRC32: one.ChecksumCRC32 },
      { PartNumber: 2, ETag: two.ETag, ChecksumCRC32: two.ChecksumCRC32 },
    ]);
    expect(done).toMatchObject({ ChecksumCRC32: compositeCrc32Of([first, last]), ChecksumType: 'COMPOSITE' });
    expect(await read(Key)).toBe(Buffer.concat([first, last]).toString());

    // An upload created without a checksum takes no part with one (what lib-storage avoids by asking for CRC32).
    const bare = await s3.send(new CreateMultipartUploadCommand({ Bucket: BUCKET, Key }));
    const withCrc = s3.send(
      new UploadPartCommand({ Bucket: BUCKET, Key, UploadId: bare.UploadId, PartNumber: 1, Body: last }),
    );
    await expect(withCrc).rejects.toMatchObject({
      name: 'InvalidRequest',
      message: 'Checksum Type mismatch occurred, expected checksum Type: null, actual checksum Type: crc32',
    });
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
    for (const name of [...unsigned.searchParams.keys()])
      if (name.startsWith('X-Amz-')) unsigned.searchParams.delete(name);
    expect(await codeOf(unsigned)).toBe('403 AccessDenied');
    // Signed ten minutes ago for one minute: expired.
    const old = await getSignedUrl(s3, new GetObjectCommand({ Bucket: BUCKET, Key: 'balances/two.csv' }), {
      expiresIn: 60,
      signingDate: new Date(Date.now() - 10 * 60_000),
    });
    expect(await codeOf(old)).toBe('403 AccessDenied');

    // A parameter given again after the signed one (S3 would serve the first, the check read the last).
    const doubled = `${good.href.replace('?', '?response-content-type=text%2Fhtml&')}&response-content-type=text%2Fhtml`;
    expect(await codeOf(doubled)).toBe('400 InvalidArgument');
    const intruder = clientFor('not-the-secret', { logger: silent });
    await expect(
      intruder.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'balances/two.csv', Body: 'overwritten' })),
    ).rejects.toMatchObject({ name: 'SignatureDoesNotMatch' });
    await expect(
      intruder.send(
        new PutObjectCommand({
          Bucket: BUCKET,
          Key: 'balances/two.csv',
          Body: Readable.from(streamed()),
          ContentLength: 8192 * 2 + 8,
        }),
      ),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    intruder.destroy();
    expect(await (await fetch(good)).text()).toBe('secret rows');
  });

  it('knows only its buckets, and keeps every key inside its bucket', async () => {
    await expect(s3.send(new PutObjectCommand({ Bucket: 'another', Key: 'x', Body: 'x' }))).rejects.toMatchObject({
      name: 'NoSuchBucket',
    });
    await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: '../../escape.csv', Body: 'inside' }));
    for (const key of ['.', '..'])
      await s3.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: `the key ${key}` }));
    expect(await read('..')).toBe('the key ..');
    expect(readdirSync(dir).sort()).toEqual(['.uploads', BUCKET]);
    expect(await read('../../escape.csv')).toBe('inside');
    expect((await fetch(await link('balances/missing.csv'))).status).toBe(404);
  });
});
