/**
 * The local stand-in for S3 (the balances exports' bucket): the part of S3's REST API the AWS
 * SDK uses for an upload (PutObject, or CreateMultipartUpload, UploadPart, CompleteMultipartUpload
 * and AbortMultipartUpload, as @aws-sdk/lib-storage chooses) and GetObject, path-style, on a
 * loopback port, the objects under `<dataDir>/s3/<bucket>`.
 *
 * Never looser than S3: every request must carry a valid Signature Version 4 for the local
 * credentials, in its headers (the SDK's calls) or its query string (a presigned link), checked
 * with the SDK's own signer; a presigned link is refused once expired, and a changed link
 * (another key, another file name) no longer matches its signature. Payload hashes are checked.
 */
import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { freePort } from './ports';
import { closeNow, listen } from './loopback-server';

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

/** What S3 refuses a presigned link beyond (7 days). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** The clock skew S3 tolerates on a signed request. */
const MAX_SKEW_MS = 15 * 60_000;
const MAX_BODY_BYTES = 64 * 1024 * 1024;

const bytes = (data: string | ArrayBuffer | ArrayBufferView): string | Uint8Array =>
  typeof data === 'string' ? data : data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);

/** The SDK's hash interface over Node's crypto: SHA-256, or HMAC-SHA-256 with a secret. */
class Sha256 {
  private readonly hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: string | ArrayBuffer | ArrayBufferView): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sendError(res: ServerResponse, error: S3Error): void {
  res.writeHead(error.status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message></Error>`);
}

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

/** "20261125T101500Z" as a Date. */
function amzDate(text: string | undefined): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!m) throw new S3Error(403, 'AccessDenied', 'The request has no valid X-Amz-Date');
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function startObjectStore(options: ObjectStoreOptions): Promise<LocalObjectStore> {
  const signer = new SignatureV4({ credentials: options.credentials, region: options.region, service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: true });
  for (const bucket of options.buckets) mkdirSync(join(options.dir, bucket), { recursive: true });
  const uploads = join(options.dir, '.uploads');
  // Abandoned multipart uploads of an earlier run take no space (S3's lifecycle rule aborts them too).
  rmSync(uploads, { recursive: true, force: true });
  mkdirSync(uploads, { recursive: true });

  /** The request as the signer sees it: the signed headers only, the query decoded. */
  function signable(req: IncomingMessage, url: URL, path: string, headerNames: readonly string[], dropQuery: readonly string[] = []): HttpRequest {
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) if (!dropQuery.includes(name)) query[name] = value;
    const headers: Record<string, string> = {};
    for (const name of headerNames) {
      const value = req.headers[name];
      if (value === undefined) throw new S3Error(403, 'AccessDenied', `Signed header ${name} is missing`);
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    return new HttpRequest({ method: req.method, protocol: 'http:', hostname: url.hostname, port: Number(url.port), path, query, headers });
  }

  function credentialOf(credential: string): void {
    const [accessKeyId, , region, service, terminator] = credential.split('/');
    if (accessKeyId !== options.credentials.accessKeyId) throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (region !== options.region || service !== 's3' || terminator !== 'aws4_request') throw new S3Error(403, 'AccessDenied', 'The credential scope is not this service');
  }

  /** Throws unless the request is signed, as S3 checks it. */
  async function authenticate(req: IncomingMessage, url: URL, path: string, body: Buffer): Promise<void> {
    const now = Date.now();
    const presigned = url.searchParams.get('X-Amz-Signature');
    if (presigned !== null) {
      if (url.searchParams.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
      credentialOf(url.searchParams.get('X-Amz-Credential') ?? '');
      const signedAt = amzDate(url.searchParams.get('X-Amz-Date') ?? undefined);
      const expires = Number(url.searchParams.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS) throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds');
      if (now > signedAt.getTime() + expires * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
      if (signedAt.getTime() > now + MAX_SKEW_MS) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');
      const signedHeaders = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
      const auth = ['X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Expires', 'X-Amz-SignedHeaders', 'X-Amz-Signature', 'X-Amz-Security-Token'];
      const request = signable(req, url, path, signedHeaders, auth);
      // S3's presigner signs the payload hash twice: as a query parameter, and as the canonical
      // request's last line. The signer reads the latter from a header, which must stay unsigned.
      const payload = url.searchParams.get('X-Amz-Content-Sha256');
      if (payload !== null) request.headers['x-amz-content-sha256'] = payload;
      const again = await signer.presign(request, {
        signingDate: signedAt,
        expiresIn: expires,
        unhoistableHeaders: new Set([...signedHeaders, 'x-amz-content-sha256']),
        unsignableHeaders: new Set(['x-amz-content-sha256']),
      });
      if (!sameText(String(again.query?.['X-Amz-Signature'] ?? ''), presigned)) throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
      return;
    }
    const authorization = req.headers.authorization ?? '';
    const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(authorization);
    if (!m) throw new S3Error(403, 'AccessDenied', 'Access Denied');
    const [, credential = '', headerList = '', signature = ''] = m;
    credentialOf(credential);
    const signedAt = amzDate(String(req.headers['x-amz-date'] ?? ''));
    if (Math.abs(now - signedAt.getTime()) > MAX_SKEW_MS) throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      if (!/^[0-9a-f]{64}$/.test(payloadHash)) throw new S3Error(400, 'NotImplemented', 'Only signed or unsigned single-chunk payloads are supported here');
      if (createHash('sha256').update(body).digest('hex') !== payloadHash) throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
    const signedHeaders = headerList.split(';');
    const again = await signer.sign(signable(req, url, path, signedHeaders), { signingDate: signedAt });
    const recomputed = /Signature=([0-9a-f]{64})/.exec(String(again.headers.authorization))?.[1] ?? '';
    if (!sameText(recomputed, signature)) throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  function objectPath(bucket: string, key: string): string {
    if (!options.buckets.includes(bucket)) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist');
    if (key === '' || key.length > 1024) throw new S3Error(400, 'KeyTooLongError', 'Your key is too long');
    // One flat file per key, named so no key can name a path outside the bucket's folder (not even `.` or `..`).
    return join(options.dir, bucket, `o-${encodeURIComponent(key)}`);
  }

  function uploadDir(uploadId: string): string {
    if (!/^[0-9a-f-]{36}$/.test(uploadId) || !existsSync(join(uploads, uploadId))) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
    return join(uploads, uploadId);
  }

  const etagOf = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? '127.0.0.1'}`);
    // A parameter given twice could be signed with one value and served with the other.
    for (const name of new Set(url.searchParams.keys())) {
      if (url.searchParams.getAll(name).length > 1) throw new S3Error(400, 'InvalidArgument', `The query parameter ${name} is given more than once`);
    }
    // The path as sent: URL would resolve `..` segments, which S3 keeps as part of a key.
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const body = await readBody(req);
    await authenticate(req, url, rawPath, body);
    const [, bucket = '', ...rest] = rawPath.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const file = objectPath(decodeURIComponent(bucket), key);
    const uploadId = url.searchParams.get('uploadId');
    const method = req.method ?? 'GET';

    if (method === 'GET' || method === 'HEAD') {
      if (!existsSync(file) || !statSync(file).isFile()) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
      const disposition = url.searchParams.get('response-content-disposition');
      res.writeHead(200, {
        'content-type': url.searchParams.get('response-content-type') ?? 'application/octet-stream',
        'content-length': String(statSync(file).size),
        ...(disposition ? { 'content-disposition': disposition } : {}),
      });
      if (method === 'HEAD') res.end();
      else await pipeline(createReadStream(file), res);
      return;
    }
    if (method === 'PUT' && uploadId === null) {
      writeFileSync(file, body);
      res.writeHead(200, { etag: etagOf(body) }).end();
      return;
    }
    if (method === 'POST' && url.searchParams.has('uploads')) {
      const id = randomUUID();
      mkdirSync(join(uploads, id));
      writeFileSync(join(uploads, id, 'key'), file);
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
      return;
    }
    if (method === 'PUT' && uploadId !== null) {
      const part = Number(url.searchParams.get('partNumber'));
      if (!Number.isInteger(part) || part < 1 || part > 10_000) throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
      writeFileSync(join(uploadDir(uploadId), `part-${String(part).padStart(5, '0')}`), body);
      res.writeHead(200, { etag: etagOf(body) }).end();
      return;
    }
    if (method === 'POST' && uploadId !== null) {
      const dir = uploadDir(uploadId);
      if (readFileSync(join(dir, 'key'), 'utf8') !== file) throw new S3Error(404, 'NoSuchUpload', 'The specified upload does not exist.');
      // The parts the completion names, in its order; each must be one that was uploaded, with its ETag.
      const named = [...body.toString('utf8').matchAll(/<Part>\s*(?:<ETag>([^<]*)<\/ETag>\s*<PartNumber>(\d+)<\/PartNumber>|<PartNumber>(\d+)<\/PartNumber>\s*<ETag>([^<]*)<\/ETag>)[\s\S]*?<\/Part>/g)].map((m) => ({
        part: Number(m[2] ?? m[3]),
        etag: (m[1] ?? m[4] ?? '').replace(/&quot;/g, '"'),
      }));
      if (named.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed or did not validate against our published schema');
      const data: Buffer[] = [];
      for (const { part, etag } of named) {
        const partFile = join(dir, `part-${String(part).padStart(5, '0')}`);
        if (!existsSync(partFile)) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
        const bytes = readFileSync(partFile);
        if (etagOf(bytes) !== etag) throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
        data.push(bytes);
      }
      const whole = Buffer.concat(data);
      writeFileSync(file, whole);
      rmSync(dir, { recursive: true, force: true });
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult><Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etagOf(whole))}</ETag></CompleteMultipartUploadResult>`);
      return;
    }
    if (method === 'DELETE' && uploadId !== null) {
      rmSync(uploadDir(uploadId), { recursive: true, force: true });
      res.writeHead(204).end();
      return;
    }
    throw new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
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
