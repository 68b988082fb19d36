/**
 * A write's precondition as S3 reads it: `If-None-Match: *` writes only where no current object is
 * (S3's 412 PreconditionFailed otherwise). A bucket whose policy enforces conditional writes (as
 * the documents bucket's does in AWS) refuses a write without it, as that policy's Deny does.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { single } from './s3-request';
import { notImplemented, S3Error } from './s3-error';

/** Whether the write asks for no current object under its key; throws where S3 (or the bucket's policy) refuses it. */
export function ifNoneMatchOf(headers: IncomingHttpHeaders, required: boolean): boolean {
  const value = single(headers['if-none-match']);
  // If-Match compare-and-swap rewrites an object: nothing here may, so it is not served.
  if (single(headers['if-match']) !== undefined) throw notImplemented();
  if (value === undefined) {
    if (required) throw accessDenied();
    return false;
  }
  if (value.trim() !== '*') throw notImplemented();
  return true;
}

/** S3's answer to a write whose `If-None-Match: *` found a current object. */
export const preconditionFailed = () =>
  new S3Error(412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold', {
    Condition: 'If-None-Match',
  });

/** S3's answer when a policy denies the request. */
export const accessDenied = () => new S3Error(403, 'AccessDenied', 'Access Denied');
