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
 *
 * A bucket may be versioned with Object Lock and a default retention, as the documents bucket is
 * (object-lock.ts): each write a new version, retained; S3's refusals to delete or shorten. Any
 * bucket honours `If-None-Match: *` on a write (S3's 412 where a current object is), and one whose
 * policy would enforce it refuses a write without it (write-conditions.ts).
 *
 * Here: the server, each request authenticated and read (s3-request.ts) before its operation
 * (s3-operations.ts, versioned-operations.ts) runs.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { closeNow, listen } from './http/listen';
import { readBody } from './http/read-body';
import { multipartUploads } from './multipart';
import { freePort } from './ports';
import { authenticate, verifierFor } from './s3-auth';
import { S3Error, sendError } from './s3-error';
import { type BucketOptions, missingObjectLock, requireIntegrity } from './object-lock';
import { writerFor } from './object-writers';
import { accessDenied } from './write-conditions';
import { multipart, notImplemented, putObject, sendObject } from './s3-operations';
import { payloadOf, targetOf } from './s3-request';
import { versionedOperation } from './versioned-operations';

export interface ObjectStoreOptions {
  /** Where the buckets' folders go. */
  dir: string;
  /** The buckets that exist (S3 answers NoSuchBucket for others). */
  buckets: readonly string[];
  /** Buckets that are more than plain ones: versioned with Object Lock, conditional writes only (object-lock.ts). */
  bucketOptions?: Readonly<Record<string, BucketOptions>>;
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  port?: number;
}

export interface LocalObjectStore {
  /** `http://127.0.0.1:<port>`: the S3 client's endpoint (with forcePathStyle). */
  endpoint: string;
  stop(): Promise<void>;
}

/** The largest body the stand-in reads (it holds a body in memory; the exports are far smaller): beyond it, S3's answer to an upload over its limit. */
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export async function startObjectStore(options: ObjectStoreOptions): Promise<LocalObjectStore> {
  const verifier = verifierFor(options.credentials, options.region);
  for (const bucket of options.buckets) mkdirSync(join(options.dir, bucket), { recursive: true });
  const uploads = multipartUploads(join(options.dir, '.uploads'));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    // A parameter given twice could be signed with one value and served with the other.
    for (const name of new Set(url.searchParams.keys())) {
      if (url.searchParams.getAll(name).length > 1)
        throw new S3Error(400, 'InvalidArgument', `The query parameter ${name} is given more than once`);
    }
    // The path as sent: URL would resolve `..` segments, which S3 keeps as part of a key.
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const raw = await readBody(req, MAX_BODY_BYTES);
    if (raw === 'too-large')
      throw new S3Error(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    await authenticate(verifier, req, url, rawPath);
    const payload = payloadOf(req, url, raw);
    const target = targetOf(options, rawPath);
    const bucket = options.bucketOptions?.[target.bucket] ?? {};
    const write = () => writerFor(target, bucket, req.headers);
    if (url.searchParams.has('uploadId') || url.searchParams.has('uploads')) {
      // A policy that enforces conditional writes denies the upload's start and parts (S3 takes no If-None-Match on them).
      if (bucket.conditionalWritesOnly && (url.searchParams.has('uploads') || req.method === 'PUT'))
        throw accessDenied();
      return multipart(uploads, req, res, url, target, payload, write);
    }
    const objectWrite = req.method === 'PUT' && !url.searchParams.has('retention');
    if (objectWrite && bucket.objectLock) requireIntegrity(req, payload);
    if (objectWrite) return putObject(req, res, payload, write());
    if (bucket.objectLock) return versionedOperation(req, res, url, target.file, payload);
    if (url.searchParams.has('retention')) throw missingObjectLock();
    if (url.searchParams.has('versionId')) throw new S3Error(400, 'InvalidArgument', 'Invalid version id specified');
    if (req.method === 'GET' || req.method === 'HEAD') return sendObject(req, res, url, target.file);
    throw notImplemented();
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) res.destroy();
      else
        sendError(res, error instanceof S3Error ? error : new S3Error(500, 'InternalError', (error as Error).message));
    });
  });
  const port = options.port || (await freePort());
  await listen(server, port, '127.0.0.1');
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => closeNow(server) };
}
