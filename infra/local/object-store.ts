/**
 * The local stand-in for S3 (the balances exports' bucket): the part of S3's REST API the AWS
 * SDK uses for an upload (PutObject, or CreateMultipartUpload, UploadPart, CompleteMultipartUpload
 * and AbortMultipartUpload, as @aws-sdk/lib-storage chooses) and GetObject, path-style, on a
 * loopback port, the objects under `<dataDir>/s3/<bucket>`.
 *
 * Never looser than S3: every request must carry a valid Signature Version 4 for the local
 * credentials (./s3-auth), and its body must be what it claims: the signed payload hash, the
 * aws-chunked body of STREAMING-UNSIGNED-PAYLOAD-TRAILER (what the SDK sends for a streamed body),
 * a Content-MD5, and the SDK's default checksums (./checksums): an upload's x-amz-checksum-*
 * header or trailer is checked against its bytes before anything is stored. An object keeps its
 * checksum (S3's CRC64NVME when the upload sent none), and GET and HEAD answer it when asked with
 * x-amz-checksum-mode: ENABLED, as the SDK's GetObject asks in order to check the download.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { decodeAwsChunked, type DecodedPayload } from './aws-chunked';
import { checksumElement, checksumHeader, checksumHeaders, checksumOf, declaredChecksum, declaredTrailers, type ObjectChecksum, verifyChecksum, verifyContentMd5 } from './checksums';
import { closeNow, listen } from './http/listen';
import { type MultipartUploads, multipartUploads } from './multipart';
import { etagOf, openObject, writeObject } from './object-files';
import { freePort } from './ports';
import { authenticate, verifierFor } from './s3-auth';
import { invalidRequest, S3Error, sendError, xmlEscape } from './s3-error';

export interface ObjectStoreOptions {
  /** Where the buckets' folders go. */
  dir: string;
  /** The buckets that exist (S3 answers NoSuchBucket for others). */
  buckets: readonly string[];
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  port?: number;
}

export interface LocalObjectStore {
  /** `http://127.0.0.1:<port>`: the S3 client's endpoint (with forcePathStyle). */
  endpoint: string;
  stop(): Promise<void>;
}

/** One request's target: the bucket and key as named, and the object's file. */
interface Target {
  bucket: string;
  key: string;
  file: string;
}

const MAX_BODY_BYTES = 64 * 1024 * 1024;
/** The payload hash of an aws-chunked body whose integrity rests on its trailing checksum. */
const UNSIGNED_TRAILER = 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';
const notImplemented = () => new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The bytes a request uploads and its trailers, held to the payload hash it signed (a SHA-256,
 * UNSIGNED-PAYLOAD, or an aws-chunked body with trailers) and to a Content-MD5 if it sent one.
 */
function payloadOf(req: IncomingMessage, url: URL, raw: Buffer): DecodedPayload {
  const claimed = url.searchParams.has('X-Amz-Signature') ? (url.searchParams.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD') : single(req.headers['x-amz-content-sha256']);
  const trailers = declaredTrailers(req.headers);
  let payload: DecodedPayload = { data: raw, trailers: new Map() };
  if (claimed === UNSIGNED_TRAILER) {
    payload = decodeAwsChunked(raw, single(req.headers['x-amz-decoded-content-length']), trailers);
  } else if (claimed === undefined) {
    throw invalidRequest('Missing required header for this request: x-amz-content-sha256');
  } else if (claimed.startsWith('STREAMING-')) {
    throw new S3Error(501, 'NotImplemented', `Only single-chunk payloads and ${UNSIGNED_TRAILER} are supported here`);
  } else if (claimed !== 'UNSIGNED-PAYLOAD') {
    if (!/^[0-9a-f]{64}$/.test(claimed)) throw new S3Error(400, 'InvalidArgument', 'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, a STREAMING- value or a valid sha256 value.');
    if (createHash('sha256').update(raw).digest('hex') !== claimed) throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  if (claimed !== UNSIGNED_TRAILER && trailers.length > 0) throw invalidRequest(`x-amz-trailer is taken only with x-amz-content-sha256: ${UNSIGNED_TRAILER}`);
  verifyContentMd5(req.headers, payload.data);
  return payload;
}

/** The request's bucket and key (from the path as sent: `..` is part of a key), and the object's file. */
function targetOf(options: ObjectStoreOptions, rawPath: string): Target {
  const [, bucketPart = '', ...rest] = rawPath.split('/');
  const bucket = decodeURIComponent(bucketPart);
  const key = decodeURIComponent(rest.join('/'));
  if (!options.buckets.includes(bucket)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
  if (key === '' || key.length > 1024) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
  // One flat file per key, named so no key can name a path outside the bucket's folder (not even `.` or `..`).
  return { bucket, key, file: join(options.dir, bucket, `o-${encodeURIComponent(key)}`) };
}

/** GetObject and HeadObject: the bytes, and the checksum when the request asks for it. */
async function sendObject(req: IncomingMessage, res: ServerResponse, url: URL, file: string): Promise<void> {
  const object = openObject(file);
  const disposition = url.searchParams.get('response-content-disposition');
  // A presigned link carries the SDK's x-amz-checksum-mode in its query string.
  const checksumMode = single(req.headers['x-amz-checksum-mode']) ?? url.searchParams.get('x-amz-checksum-mode');
  res.writeHead(200, {
    'content-type': url.searchParams.get('response-content-type') ?? 'application/octet-stream',
    'content-length': String(object.size),
    ...(disposition ? { 'content-disposition': disposition } : {}),
    ...(checksumMode === 'ENABLED' ? checksumHeaders(object.checksum) : {}),
  });
  if (req.method === 'HEAD') {
    closeSync(object.fd);
    res.end();
  } else await pipeline(createReadStream(file, { fd: object.fd }), res);
}

/** PutObject: kept with the checksum it declared, once verified, else with S3's default CRC64NVME. */
async function putObject(req: IncomingMessage, res: ServerResponse, file: string, payload: DecodedPayload): Promise<void> {
  const declared = declaredChecksum(req.headers, payload.trailers);
  if (declared) await verifyChecksum(declared, payload.data);
  const checksum: ObjectChecksum = { ...(declared ?? { algorithm: 'CRC64NVME', value: await checksumOf('CRC64NVME', payload.data) }), type: 'FULL_OBJECT' };
  writeObject(file, payload.data, checksum);
  res.writeHead(200, { etag: etagOf(payload.data), ...checksumHeaders(checksum) }).end();
}

/** The multipart operations: create, upload a part, complete, abort. */
async function multipart(uploads: MultipartUploads, req: IncomingMessage, res: ServerResponse, url: URL, target: Target, payload: DecodedPayload): Promise<void> {
  const uploadId = url.searchParams.get('uploadId');
  const names = `<Bucket>${xmlEscape(target.bucket)}</Bucket><Key>${xmlEscape(target.key)}</Key>`;
  if (req.method === 'POST' && uploadId === null) {
    const { uploadId: id, checksum } = uploads.create(target.file, req.headers);
    res.writeHead(200, { 'content-type': 'application/xml', ...(checksum ? { 'x-amz-checksum-algorithm': checksum.algorithm, 'x-amz-checksum-type': checksum.type } : {}) });
    res.end(`<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult>${names}<UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
  } else if (uploadId === null) {
    throw notImplemented();
  } else if (req.method === 'PUT') {
    const part = Number(url.searchParams.get('partNumber'));
    if (!Number.isInteger(part) || part < 1 || part > 10_000) throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
    const { etag, checksum } = await uploads.uploadPart(uploadId, target.file, part, payload, req.headers);
    res.writeHead(200, { etag, ...(checksum ? { [checksumHeader(checksum.algorithm)]: checksum.value } : {}) }).end();
  } else if (req.method === 'POST') {
    const { etag, checksum } = await uploads.complete(uploadId, target.file, payload.data.toString('utf8'), req.headers);
    const element = checksumElement(checksum.algorithm);
    res.writeHead(200, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult>${names}<ETag>${xmlEscape(etag)}</ETag>` +
        `<${element}>${checksum.value}</${element}><ChecksumType>${checksum.type}</ChecksumType></CompleteMultipartUploadResult>`,
    );
  } else if (req.method === 'DELETE') {
    uploads.abort(uploadId, target.file);
    res.writeHead(204).end();
  } else throw notImplemented();
}

export async function startObjectStore(options: ObjectStoreOptions): Promise<LocalObjectStore> {
  const verifier = verifierFor(options.credentials, options.region);
  for (const bucket of options.buckets) mkdirSync(join(options.dir, bucket), { recursive: true });
  const uploads = multipartUploads(join(options.dir, '.uploads'));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    // A parameter given twice could be signed with one value and served with the other.
    for (const name of new Set(url.searchParams.keys())) {
      if (url.searchParams.getAll(name).length > 1) throw new S3Error(400, 'InvalidArgument', `The query parameter ${name} is given more than once`);
    }
    // The path as sent: URL would resolve `..` segments, which S3 keeps as part of a key.
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const raw = await readBody(req);
    await authenticate(verifier, req, url, rawPath);
    const payload = payloadOf(req, url, raw);
    const target = targetOf(options, rawPath);
    if (req.method === 'GET' || req.method === 'HEAD') return sendObject(req, res, url, target.file);
    if (url.searchParams.has('uploadId') || url.searchParams.has('uploads')) return multipart(uploads, req, res, url, target, payload);
    if (req.method === 'PUT') return putObject(req, res, target.file, payload);
    throw notImplemented();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else sendError(res, error instanceof S3Error ? error : new S3Error(500, 'InternalError', (error as Error).message));
    });
  });
  const port = options.port || (await freePort());
  await listen(server, port, '127.0.0.1');
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => closeNow(server) };
}
