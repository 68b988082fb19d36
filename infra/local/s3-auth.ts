/**
 * Signature Version 4 as S3 checks it, for the local S3 stand-in: a request signed in its headers
 * (the SDK's calls) or in its query string (a presigned link), recomputed with the SDK's own
 * signer for the local credentials. A presigned link is refused once expired, and a changed link
 * (another key, another file name) no longer matches its signature. The signature covers the
 * payload hash a request claims; the stand-in then holds the body to that claim.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Sha256 } from '@aws-sdk/checksums/sha';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { S3Error } from './s3-error';

export interface Verifier {
  signer: SignatureV4;
  accessKeyId: string;
  region: string;
}

/** What S3 refuses a presigned link beyond (7 days). */
const MAX_PRESIGN_SECONDS = 7 * 24 * 3600;
/** The clock skew S3 tolerates on a signed request. */
const MAX_SKEW_MS = 15 * 60_000;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);
const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const signatureDoesNotMatch = () =>
  new S3Error(
    403,
    'SignatureDoesNotMatch',
    'The request signature we calculated does not match the signature you provided.',
  );

export function verifierFor(credentials: { accessKeyId: string; secretAccessKey: string }, region: string): Verifier {
  const signer = new SignatureV4({
    credentials,
    region,
    service: 's3',
    sha256: Sha256,
    uriEscapePath: false,
    applyChecksum: true,
  });
  return { signer, accessKeyId: credentials.accessKeyId, region };
}

/** "20261125T101500Z" as a Date. */
function amzDate(text: string | undefined): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text ?? '');
  if (!m) throw new S3Error(403, 'AccessDenied', 'The request has no valid X-Amz-Date');
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}

/** The request as the signer sees it: the signed headers only, the query decoded. */
function signable(
  req: IncomingMessage,
  url: URL,
  path: string,
  headerNames: readonly string[],
  dropQuery: readonly string[] = [],
): HttpRequest {
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) if (!dropQuery.includes(name)) query[name] = value;
  const headers: Record<string, string> = {};
  for (const name of headerNames) {
    const value = single(req.headers[name]);
    if (value === undefined) throw new S3Error(403, 'AccessDenied', `Signed header ${name} is missing`);
    headers[name] = value;
  }
  return new HttpRequest({
    method: req.method,
    protocol: 'http:',
    hostname: url.hostname,
    port: Number(url.port),
    path,
    query,
    headers,
  });
}

function checkCredential(verifier: Verifier, credential: string): void {
  const [accessKeyId, , region, service, terminator] = credential.split('/');
  if (accessKeyId !== verifier.accessKeyId)
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== verifier.region || service !== 's3' || terminator !== 'aws4_request')
    throw new S3Error(403, 'AccessDenied', 'The credential scope is not this service');
}

/** Throws unless the presigned link is signed, and still valid, as S3 checks it. */
async function authenticatePresigned(
  verifier: Verifier,
  req: IncomingMessage,
  url: URL,
  path: string,
  presigned: string,
): Promise<void> {
  const now = Date.now();
  if (url.searchParams.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256')
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  checkCredential(verifier, url.searchParams.get('X-Amz-Credential') ?? '');
  const signedAt = amzDate(url.searchParams.get('X-Amz-Date') ?? undefined);
  const expires = Number(url.searchParams.get('X-Amz-Expires'));
  if (!Number.isInteger(expires) || expires < 1 || expires > MAX_PRESIGN_SECONDS)
    throw new S3Error(400, 'AuthorizationQueryParametersError', 'X-Amz-Expires must be between 1 and 604800 seconds');
  if (now > signedAt.getTime() + expires * 1000) throw new S3Error(403, 'AccessDenied', 'Request has expired');
  if (signedAt.getTime() > now + MAX_SKEW_MS) throw new S3Error(403, 'AccessDenied', 'Request is not valid yet');
  const signedHeaders = (url.searchParams.get('X-Amz-SignedHeaders') ?? '').split(';');
  const auth = [
    'X-Amz-Algorithm',
    'X-Amz-Credential',
    'X-Amz-Date',
    'X-Amz-Expires',
    'X-Amz-SignedHeaders',
    'X-Amz-Signature',
    'X-Amz-Security-Token',
  ];
  const request = signable(req, url, path, signedHeaders, auth);
  // S3's presigner signs the payload hash twice: as a query parameter, and as the canonical
  // request's last line. The signer reads the latter from a header, which must stay unsigned.
  const payload = url.searchParams.get('X-Amz-Content-Sha256');
  if (payload !== null) request.headers['x-amz-content-sha256'] = payload;
  const again = await verifier.signer.presign(request, {
    signingDate: signedAt,
    expiresIn: expires,
    unhoistableHeaders: new Set([...signedHeaders, 'x-amz-content-sha256']),
    unsignableHeaders: new Set(['x-amz-content-sha256']),
  });
  if (!sameText(String(again.query?.['X-Amz-Signature'] ?? ''), presigned)) throw signatureDoesNotMatch();
}

/** Throws unless the request is signed, as S3 checks it. `path` is the path as sent. */
export async function authenticate(verifier: Verifier, req: IncomingMessage, url: URL, path: string): Promise<void> {
  const presigned = url.searchParams.get('X-Amz-Signature');
  if (presigned !== null) return authenticatePresigned(verifier, req, url, path, presigned);
  const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    req.headers.authorization ?? '',
  );
  if (!m) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const [, credential = '', headerList = '', signature = ''] = m;
  checkCredential(verifier, credential);
  const signedAt = amzDate(single(req.headers['x-amz-date']));
  if (Math.abs(Date.now() - signedAt.getTime()) > MAX_SKEW_MS)
    throw new S3Error(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  // The payload hash the canonical request ends with is the signed x-amz-content-sha256 as sent.
  const again = await verifier.signer.sign(signable(req, url, path, headerList.split(';')), { signingDate: signedAt });
  const recomputed = /Signature=([0-9a-f]{64})/.exec(String(again.headers.authorization))?.[1] ?? '';
  if (!sameText(recomputed, signature)) throw signatureDoesNotMatch();
}
