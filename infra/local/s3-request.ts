/**
 * What an S3 request carries, as the S3 stand-in (object-store.ts) reads it before any operation:
 * its bucket and key, and the bytes it uploads held to what it claims (the signed payload hash,
 * an aws-chunked body with trailers, a Content-MD5).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { decodeAwsChunked, type DecodedPayload } from './aws-chunked';
import { declaredTrailers, verifyContentMd5 } from './checksums';
import { invalidRequest, S3Error } from './s3-error';

/** One request's target: the bucket and key as named, and the object's file. */
export interface Target {
  bucket: string;
  key: string;
  file: string;
}

/** The payload hash of an aws-chunked body whose integrity rests on its trailing checksum. */
const UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';

/** A header's value; a repeated header's values joined by commas. */
export const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * The bytes a request uploads and its trailers, held to the payload hash it signed (a SHA-256,
 * UNSIGNED-PAYLOAD, or an aws-chunked body with trailers) and to a Content-MD5 if it sent one.
 */
export function payloadOf(req: IncomingMessage, url: URL, raw: Buffer): DecodedPayload {
  const claimed = url.searchParams.has('X-Amz-Signature')
    ? (url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD')
    : single(req.headers['x-amz-content-sha256']);
  const trailers = declaredTrailers(req.headers);
  let payload: DecodedPayload = { data: raw, trailers: new Map() };
  if (claimed === UNSIGNED_TRAILER) {
    payload = decodeAwsChunked(raw, single(req.headers['x-amz-decoded-content-length']), trailers);
  } else if (claimed === undefined) {
    throw invalidRequest('Missing required header for this request: x-amz-content-sha256');
  } else if (claimed.startsWith('STREAMING-')) {
    throw new S3Error(501, 'NotImplemented', `Only single-chunk payloads and ${UNSIGNED_TRAILER} are supported here`);
  } else if (claimed !== 'UNSIGNED-PAYLOAD') {
    if (!/^[0-9a-f]{64}$/.test(claimed))
      throw new S3Error(
        400,
        'InvalidArgument',
        'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, a STREAMING- value or a valid sha256 value.',
      );
    if (createHash('sha256').update(raw).digest('hex') !== claimed)
      throw new S3Error(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
  }
  if (claimed !== UNSIGNED_TRAILER && trailers.length > 0)
    throw invalidRequest(`x-amz-trailer is taken only with x-amz-content-sha256: ${UNSIGNED_TRAILER}`);
  verifyContentMd5(req.headers, payload.data);
  return payload;
}

/** The request's bucket and key (from the path as sent: `..` is part of a key), and the object's file. */
export function targetOf(store: { dir: string; buckets: readonly string[] }, rawPath: string): Target {
  const [, bucketPart = '', ...rest] = rawPath.split('/');
  const bucket = decodeURIComponent(bucketPart);
  const key = decodeURIComponent(rest.join('/'));
  if (!store.buckets.includes(bucket)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
  if (key === '' || key.length > 1024) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
  // One flat file per key, named so no key can name a path outside the bucket's folder (not even `.` or `..`).
  return { bucket, key, file: join(store.dir, bucket, `o-${encodeURIComponent(key)}`) };
}
