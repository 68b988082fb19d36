/**
 * S3's object checksums for the local S3 stand-in: the algorithms (the SDK's own implementations,
 * @aws-sdk/checksums), the one checksum an upload declares in a header or a trailer and its check,
 * the multipart "composite" checksum, and the headers S3 answers with.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Crc32, Crc32c, Crc64Nvme } from '@aws-sdk/checksums/crc';
import { Sha1, Sha256 } from '@aws-sdk/checksums/sha';
import { invalidRequest, S3Error } from './s3-error';

const CHECKSUM_ALGORITHMS = ['CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'] as const;
export type ChecksumAlgorithm = (typeof CHECKSUM_ALGORITHMS)[number];
export type ChecksumType = 'FULL_OBJECT' | 'COMPOSITE';

/** An object's checksum as S3 keeps it: a composite one's value ends in `-<parts>`. */
export interface ObjectChecksum {
  algorithm: ChecksumAlgorithm;
  type: ChecksumType;
  value: string;
}

interface Hash {
  update(data: Uint8Array): void;
  digest(): Promise<Uint8Array>;
}

const HASHES: Record<ChecksumAlgorithm, { create: () => Hash; bytes: number }> = {
  CRC32: { create: () => new Crc32(), bytes: 4 },
  CRC32C: { create: () => new Crc32c(), bytes: 4 },
  CRC64NVME: { create: () => new Crc64Nvme(), bytes: 8 },
  SHA1: { create: () => new Sha1(), bytes: 20 },
  SHA256: { create: () => new Sha256(), bytes: 32 },
};

/** The header (and trailer) that carries a checksum: `x-amz-checksum-crc32`. */
export const checksumHeader = (algorithm: ChecksumAlgorithm) => `x-amz-checksum-${algorithm.toLowerCase()}`;
/** The XML element that carries it: `ChecksumCRC32`. */
export const checksumElement = (algorithm: ChecksumAlgorithm) => `Checksum${algorithm}`;

const algorithmOfHeader = (name: string): ChecksumAlgorithm | undefined =>
  CHECKSUM_ALGORITHMS.find((a) => checksumHeader(a) === name);
const algorithmNamed = (name: string): ChecksumAlgorithm | undefined =>
  CHECKSUM_ALGORITHMS.find((a) => a === name.toUpperCase());

/** Headers named x-amz-checksum-* that carry no checksum. */
const NOT_CHECKSUMS = new Set(['x-amz-checksum-mode', 'x-amz-checksum-type', 'x-amz-checksum-algorithm']);

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/** Base64 of the algorithm's digest of the bytes, in order. */
export async function checksumOf(
  algorithm: ChecksumAlgorithm,
  data: Uint8Array | readonly Uint8Array[],
): Promise<string> {
  const hash = HASHES[algorithm].create();
  for (const piece of data instanceof Uint8Array ? [data] : data) hash.update(piece);
  return Buffer.from(await hash.digest()).toString('base64');
}

/** A multipart upload's composite checksum: the checksum of the parts' checksums, then `-<parts>`. */
export async function compositeOf(algorithm: ChecksumAlgorithm, partValues: readonly string[]): Promise<string> {
  return `${await checksumOf(
    algorithm,
    partValues.map((value) => Buffer.from(value, 'base64')),
  )}-${partValues.length}`;
}

/** A value S3 takes for the algorithm: canonical base64 of a digest of the right length. */
const isValidValue = (algorithm: ChecksumAlgorithm, value: string) => {
  const digest = Buffer.from(value, 'base64');
  return digest.length === HASHES[algorithm].bytes && digest.toString('base64') === value;
};

/** The x-amz-trailer names, each a checksum header (the only trailers S3 takes). */
export function declaredTrailers(headers: IncomingHttpHeaders): string[] {
  const names = (single(headers['x-amz-trailer']) ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.some((name) => algorithmOfHeader(name) === undefined))
    throw invalidRequest('The value specified in the x-amz-trailer header is not supported');
  return names;
}

/**
 * The one checksum a PutObject or UploadPart declares, in a header or as a trailer, its value
 * well-formed; undefined if none. x-amz-sdk-checksum-algorithm, if sent, must name it.
 */
export function declaredChecksum(
  headers: IncomingHttpHeaders,
  trailers: ReadonlyMap<string, string>,
): { algorithm: ChecksumAlgorithm; value: string } | undefined {
  const inHeaders = Object.keys(headers).filter(
    (name) => name.startsWith('x-amz-checksum-') && !NOT_CHECKSUMS.has(name),
  );
  const named = [...inHeaders, ...trailers.keys()];
  if (named.length > 1)
    throw invalidRequest('Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.');
  const sdkAlgorithm = single(headers['x-amz-sdk-checksum-algorithm']);
  const [name] = named;
  if (name === undefined) {
    if (sdkAlgorithm !== undefined)
      throw invalidRequest(
        'x-amz-sdk-checksum-algorithm specified, but no corresponding x-amz-checksum-* or x-amz-trailer headers were found.',
      );
    return undefined;
  }
  const algorithm = algorithmOfHeader(name);
  if (algorithm === undefined)
    throw invalidRequest('The algorithm type you specified in x-amz-checksum- header is invalid.');
  if (sdkAlgorithm !== undefined && sdkAlgorithm.toUpperCase() !== algorithm)
    throw invalidRequest('Value for x-amz-sdk-checksum-algorithm header is invalid.');
  const fromTrailer = trailers.get(name);
  const value = fromTrailer ?? single(headers[name]) ?? '';
  if (!isValidValue(algorithm, value))
    throw invalidRequest(`Value for ${name}${fromTrailer === undefined ? '' : ' trailing'} header is invalid.`);
  return { algorithm, value };
}

/**
 * The checksum a CompleteMultipartUpload expects of the whole object, in its x-amz-checksum-<algorithm>
 * header (a composite value with its `-<parts>`), if any.
 */
export function expectedObjectChecksum(headers: IncomingHttpHeaders): { algorithm: string; value: string } | undefined {
  const name = Object.keys(headers).find(
    (header) => header.startsWith('x-amz-checksum-') && !NOT_CHECKSUMS.has(header),
  );
  const value = name === undefined ? undefined : single(headers[name]);
  return name === undefined || value === undefined
    ? undefined
    : { algorithm: name.slice('x-amz-checksum-'.length).toUpperCase(), value };
}

/** Throws S3's BadDigest unless the bytes have the declared checksum. */
export async function verifyChecksum(
  declared: { algorithm: ChecksumAlgorithm; value: string },
  data: Uint8Array,
): Promise<void> {
  if ((await checksumOf(declared.algorithm, data)) !== declared.value) {
    throw new S3Error(
      400,
      'BadDigest',
      `The ${declared.algorithm} you specified did not match the calculated checksum.`,
    );
  }
}

/** Throws as S3 does unless a Content-MD5 header, if any, is the MD5 of the body. */
export function verifyContentMd5(headers: IncomingHttpHeaders, body: Uint8Array): void {
  const md5 = single(headers['content-md5']);
  if (md5 === undefined) return;
  const digest = Buffer.from(md5, 'base64');
  if (digest.length !== 16 || digest.toString('base64') !== md5)
    throw new S3Error(400, 'InvalidDigest', 'The Content-MD5 you specified is not valid.');
  if (!createHash('md5').update(body).digest().equals(digest))
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
}

/** The checksum headers of an object's GET, HEAD or PutObject answer. */
export const checksumHeaders = (checksum: ObjectChecksum | undefined): Record<string, string> =>
  checksum ? { [checksumHeader(checksum.algorithm)]: checksum.value, 'x-amz-checksum-type': checksum.type } : {};

/** A multipart upload's checksum, as CreateMultipartUpload's x-amz-checksum-algorithm and -type ask it. */
export function uploadChecksum(
  headers: IncomingHttpHeaders,
): { algorithm: ChecksumAlgorithm; type: ChecksumType } | undefined {
  const algorithmHeader = single(headers['x-amz-checksum-algorithm']);
  const typeHeader = single(headers['x-amz-checksum-type']);
  if (algorithmHeader === undefined) {
    if (typeHeader !== undefined)
      throw invalidRequest('The x-amz-checksum-type header can only be used with the x-amz-checksum-algorithm header.');
    return undefined;
  }
  const algorithm = algorithmNamed(algorithmHeader);
  if (algorithm === undefined) {
    throw invalidRequest(
      `Checksum algorithm provided is unsupported. Please try again with any of the valid types: [${CHECKSUM_ALGORITHMS.join(', ')}]`,
    );
  }
  if (typeHeader !== undefined && typeHeader !== 'FULL_OBJECT' && typeHeader !== 'COMPOSITE')
    throw invalidRequest('Value for x-amz-checksum-type header is invalid.');
  // CRC64NVME is combined over the whole object only, the SHAs part by part only.
  const type: ChecksumType = typeHeader ?? (algorithm === 'CRC64NVME' ? 'FULL_OBJECT' : 'COMPOSITE');
  if ((type === 'FULL_OBJECT' && algorithm.startsWith('SHA')) || (type === 'COMPOSITE' && algorithm === 'CRC64NVME')) {
    throw invalidRequest(
      `The ${type} checksum type cannot be used with the ${algorithm.toLowerCase()} checksum algorithm.`,
    );
  }
  return { algorithm, type };
}
