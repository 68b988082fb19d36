/**
 * Where a PutObject or CompleteMultipartUpload stores its object, as its bucket is: a plain bucket
 * replaces the key's one object; a bucket with Object Lock adds a version retained as the bucket's
 * default says. Either way `If-None-Match: *` writes only where no current object is, checked and
 * written in one synchronous step.
 */
import { existsSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import type { ObjectChecksum } from './checksums';
import { type BucketOptions, retentionFrom } from './object-lock';
import { writeObject } from './object-files';
import { objectVersions } from './object-versions';
import type { Target } from './s3-request';
import { ifNoneMatchOf, preconditionFailed } from './write-conditions';

/** Stores an object's bytes; answers the headers its answer adds (a version's id). */
export type ObjectWriter = (
  data: Uint8Array,
  stored: { etag: string; checksum: ObjectChecksum },
) => Record<string, string>;

/** The writer of one request's object; throws first if the request's precondition is not one S3 (or the bucket's policy) takes. */
export function writerFor(target: Target, bucket: BucketOptions, headers: IncomingHttpHeaders): ObjectWriter {
  const ifNoneMatch = ifNoneMatchOf(headers, bucket.conditionalWritesOnly ?? false);
  const lock = bucket.objectLock;
  if (lock === undefined) {
    return (data, { checksum }) => {
      if (ifNoneMatch && existsSync(target.file)) throw preconditionFailed();
      writeObject(target.file, data, checksum);
      return {};
    };
  }
  const versions = objectVersions(target.file);
  return (data, { etag, checksum }) => {
    const version = versions.put(data, { etag, checksum, retention: retentionFrom(lock, new Date()) }, ifNoneMatch);
    return { 'x-amz-version-id': version.id };
  };
}
