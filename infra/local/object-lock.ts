/**
 * S3 Object Lock's rules for the local S3 stand-in: a bucket's default retention gives each new
 * version its mode and retain-until date; a version retained in COMPLIANCE mode can be neither
 * deleted nor have its retention shortened, changed to GOVERNANCE or removed until that date, by
 * anyone (x-amz-bypass-governance-retention does not help); one in GOVERNANCE mode only with that
 * header (which IAM's s3:BypassGovernanceRetention would have to allow). Lengthening is allowed.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { DecodedPayload } from './aws-chunked';
import { declaredChecksum } from './checksums';
import { single } from './s3-request';
import { S3Error, xmlEscape } from './s3-error';

export type RetentionMode = 'COMPLIANCE' | 'GOVERNANCE';

/** A bucket's default retention: each new version is retained this many years in this mode. */
export interface DefaultRetention {
  mode: RetentionMode;
  years: number;
}

/** One version's retention: its mode and retain-until date (ISO 8601). */
export interface Retention {
  mode: RetentionMode;
  until: string;
}

/** What a bucket is beyond a plain one: versioned with Object Lock and a default retention, and whether its policy enforces conditional writes. */
export interface BucketOptions {
  objectLock?: DefaultRetention;
  /** As a bucket policy denying s3:PutObject without `If-None-Match` (S3's s3:if-none-match condition key). */
  conditionalWritesOnly?: boolean;
}

/** S3's 403 for a change Object Lock forbids. */
export const protectedByObjectLock = () =>
  new S3Error(403, 'AccessDenied', 'Access Denied because object protected by object lock.');

/** S3's answer to an Object Lock request on a bucket without Object Lock. */
export const missingObjectLock = () =>
  new S3Error(400, 'InvalidRequest', 'Bucket is missing Object Lock Configuration');

/**
 * S3 takes a PutObject to a bucket with Object Lock only with its body's integrity declared: a
 * Content-MD5 (checked on reading) or an x-amz-checksum-* header or trailer.
 */
export function requireIntegrity(req: IncomingMessage, payload: DecodedPayload): void {
  if (single(req.headers['content-md5']) !== undefined || declaredChecksum(req.headers, payload.trailers)) return;
  throw new S3Error(
    400,
    'InvalidRequest',
    'Content-MD5 OR x-amz-checksum- HTTP header is required for Put Object requests with Object Lock parameters',
  );
}

/** A new version's retention under the bucket's default: `years` calendar years from `now`. */
export function retentionFrom(lock: DefaultRetention, now: Date): Retention {
  const until = new Date(now);
  until.setUTCFullYear(until.getUTCFullYear() + lock.years);
  return { mode: lock.mode, until: until.toISOString() };
}

const inForce = (retention: Retention | undefined, now: Date): retention is Retention =>
  retention !== undefined && Date.parse(retention.until) > now.getTime();

const bypassGovernance = (headers: IncomingHttpHeaders) =>
  single(headers['x-amz-bypass-governance-retention'])?.toLowerCase() === 'true';

/** Throws unless a version with this retention may be deleted now. */
export function checkVersionDelete(retention: Retention | undefined, headers: IncomingHttpHeaders, now: Date): void {
  if (!inForce(retention, now)) return;
  if (retention.mode === 'COMPLIANCE' || !bypassGovernance(headers)) throw protectedByObjectLock();
}

/** Throws unless a version's retention may become `next` (undefined: removed) now. */
export function checkRetentionChange(
  current: Retention | undefined,
  next: Retention | undefined,
  headers: IncomingHttpHeaders,
  now: Date,
): void {
  if (next !== undefined && Date.parse(next.until) <= now.getTime())
    throw new S3Error(400, 'InvalidArgument', 'The retain until date must be in the future!');
  if (!inForce(current, now)) return;
  const kept =
    next !== undefined &&
    Date.parse(next.until) >= Date.parse(current.until) &&
    (next.mode === 'COMPLIANCE' || current.mode === 'GOVERNANCE');
  if (kept) return;
  if (current.mode === 'COMPLIANCE' || !bypassGovernance(headers)) throw protectedByObjectLock();
}

const malformedXml = () =>
  new S3Error(
    400,
    'MalformedXML',
    'The XML you provided was not well-formed or did not validate against our published schema',
  );

/** A PutObjectRetention body: the retention asked for, or undefined to remove it. */
export function retentionOfXml(xml: string): Retention | undefined {
  if (!/<Retention[\s>/]/.test(xml)) throw malformedXml();
  const mode = /<Mode>([^<]*)<\/Mode>/.exec(xml)?.[1];
  const until = /<RetainUntilDate>([^<]*)<\/RetainUntilDate>/.exec(xml)?.[1];
  if (mode === undefined && until === undefined) return undefined;
  if (mode === undefined || until === undefined || Number.isNaN(Date.parse(until))) throw malformedXml();
  if (mode !== 'COMPLIANCE' && mode !== 'GOVERNANCE') throw malformedXml();
  return { mode, until: new Date(until).toISOString() };
}

/** A GetObjectRetention answer. */
export const retentionXml = (retention: Retention) =>
  `<?xml version="1.0" encoding="UTF-8"?><Retention xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Mode>${xmlEscape(
    retention.mode,
  )}</Mode><RetainUntilDate>${xmlEscape(retention.until)}</RetainUntilDate></Retention>`;

/** The lock headers of a version's GET or HEAD answer. */
export const retentionHeaders = (retention: Retention | undefined): Record<string, string> =>
  retention ? { 'x-amz-object-lock-mode': retention.mode, 'x-amz-object-lock-retain-until-date': retention.until } : {};
