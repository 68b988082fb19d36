/**
 * Compression, defined once for AWS and the local stack: which answers are compressed and how an
 * Accept-Encoding header is read.
 *
 * API answers: gzip for large ones. Nothing in front of the API compresses them: HTTP APIs do
 * not, and CloudFront does not on the uncached /api/* behaviour. The admin list of 10,000
 * clients is 2.5 MB of JSON and ~370 KB gzipped; a Lambda answer is limited to 6 MB, which the
 * raw list would pass at ~24,000 clients. The local gateway runs the same handlers, so the same code.
 *
 * The SPA's files: CloudFront compresses them (brotli, else gzip) within its fixed size bounds;
 * the local web server (infra/local/web-server.ts) does the same with the rules below.
 */
import { gzipSync } from 'node:zlib';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type ContentCoding = 'br' | 'gzip';

/** Smaller API answers go as they are: gzip would save less than its own cost. */
export const COMPRESS_FROM_BYTES = 8 * 1024;
/** What the API offers. */
export const API_CODINGS: readonly ContentCoding[] = ['gzip'];
/** Level 1: within 5% of level 6's size at half its time (10k clients: 371 vs 356 KB, 11 vs 21 ms). */
const GZIP_LEVEL = 1;

/** The file sizes CloudFront compresses (fixed by CloudFront: 1,000 to 10,000,000 bytes). */
export const CLOUDFRONT_COMPRESS_BYTES = { from: 1000, to: 10_000_000 } as const;
/** What CloudFront offers for the SPA's files, in its order: brotli when the viewer takes both. */
export const CLOUDFRONT_CODINGS: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The q an Accept-Encoding header gives a coding (RFC 9110 12.5.3): its own q if listed (x-gzip
 * is gzip's alias), else the q of `*`, else 0; a q of 0 refuses, as does a q that is no number.
 */
export function encodingQ(acceptEncoding: string | undefined, coding: ContentCoding): number {
  if (!acceptEncoding) return 0;
  let ownQ: number | undefined;
  let anyQ: number | undefined;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2)) || 0;
    if (name === coding || (coding === 'gzip' && name === 'x-gzip')) ownQ = Math.max(ownQ ?? 0, q);
    else if (name === '*') anyQ = q;
  }
  return ownQ ?? anyQ ?? 0;
}

/** The first of the server's `offered` codings (its order of preference) the header admits, else none. */
export function preferredEncoding(
  acceptEncoding: string | undefined,
  offered: readonly ContentCoding[],
): ContentCoding | null {
  return offered.find((coding) => encodingQ(acceptEncoding, coding) > 0) ?? null;
}

/** Whether an Accept-Encoding header admits gzip. */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return encodingQ(acceptEncoding, 'gzip') > 0;
}

/** Whether CloudFront (and so the local web server) compresses a file of this size. */
export function cloudFrontCompressesSize(bytes: number): boolean {
  return bytes >= CLOUDFRONT_COMPRESS_BYTES.from && bytes <= CLOUDFRONT_COMPRESS_BYTES.to;
}

export function compressResult(
  result: APIGatewayProxyStructuredResultV2,
  acceptEncoding: string | undefined,
): APIGatewayProxyStructuredResultV2 {
  const body = result.body ?? '';
  const headers = { ...result.headers, vary: 'accept-encoding' };
  const coding =
    result.isBase64Encoded || Buffer.byteLength(body, 'utf8') < COMPRESS_FROM_BYTES
      ? null
      : preferredEncoding(acceptEncoding, API_CODINGS);
  if (coding !== 'gzip') return { ...result, headers };
  return {
    ...result,
    headers: { ...headers, 'content-encoding': 'gzip' },
    body: gzipSync(body, { level: GZIP_LEVEL }).toString('base64'),
    isBase64Encoded: true,
  };
}
