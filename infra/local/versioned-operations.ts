/**
 * The S3 operations of a bucket versioned with Object Lock (the documents bucket), on a request
 * already authenticated and read: GetObject and HeadObject of the current version or of
 * `?versionId`, DeleteObject (a delete marker; with `?versionId`, the version, unless it is still
 * retained), GetObjectRetention and PutObjectRetention (`?retention`). Writes go through
 * object-writers.ts.
 */
import { createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { DecodedPayload } from './aws-chunked';
import { checksumHeaders, declaredChecksum, verifyChecksum } from './checksums';
import {
  checkRetentionChange,
  checkVersionDelete,
  requireIntegrity,
  retentionHeaders,
  retentionOfXml,
  retentionXml,
} from './object-lock';
import {
  checkVersionId,
  noSuchVersion,
  objectVersions,
  type ObjectVersions,
  type VersionMeta,
} from './object-versions';
import { notImplemented, S3Error } from './s3-error';
import { single } from './s3-request';

const noSuchKey = () => new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');

/** The version a request names (`?versionId`), or the current one; S3's errors for none or a delete marker. */
function versionOf(versions: ObjectVersions, url: URL): VersionMeta {
  const versionId = url.searchParams.get('versionId');
  if (versionId === null) {
    const latest = versions.latest();
    if (latest === undefined) throw noSuchKey();
    if (latest.deleteMarker)
      throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.', {}, markerHeaders(latest));
    return latest;
  }
  checkVersionId(versionId);
  const version = versions.find(versionId);
  if (version === undefined) throw noSuchVersion();
  if (version.deleteMarker)
    throw new S3Error(
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
      {},
      markerHeaders(version),
    );
  return version;
}

const markerHeaders = (marker: VersionMeta) => ({ 'x-amz-delete-marker': 'true', 'x-amz-version-id': marker.id });

/** GetObject and HeadObject of a version: its bytes, id and lock, and its checksum when asked. */
async function sendVersion(req: IncomingMessage, res: ServerResponse, url: URL, versions: ObjectVersions) {
  const version = versionOf(versions, url);
  const open = versions.open(version);
  const disposition = url.searchParams.get('response-content-disposition');
  const checksumMode = single(req.headers['x-amz-checksum-mode']) ?? url.searchParams.get('x-amz-checksum-mode');
  res.writeHead(200, {
    'content-type': url.searchParams.get('response-content-type') ?? 'application/octet-stream',
    'content-length': String(open.size),
    'last-modified': version.lastModified,
    'x-amz-version-id': version.id,
    ...(version.etag ? { etag: version.etag } : {}),
    ...(disposition ? { 'content-disposition': disposition } : {}),
    ...(checksumMode === 'ENABLED' ? checksumHeaders(version.checksum) : {}),
    ...retentionHeaders(version.retention),
  });
  if (req.method === 'HEAD') {
    versions.close(open);
    res.end();
  } else await pipeline(createReadStream(open.file, { fd: open.fd }), res);
}

/** DeleteObject: without a version, a delete marker (Object Lock allows it); with one, that version if no lock holds it. */
function deleteVersion(req: IncomingMessage, res: ServerResponse, url: URL, versions: ObjectVersions): void {
  const versionId = url.searchParams.get('versionId');
  if (versionId === null) {
    res.writeHead(204, markerHeaders(versions.deleteMarker())).end();
    return;
  }
  checkVersionId(versionId);
  const version = versions.find(versionId);
  // S3 answers a version that is not there as deleted.
  if (version === undefined) return void res.writeHead(204, { 'x-amz-version-id': versionId }).end();
  checkVersionDelete(version.retention, req.headers, new Date());
  versions.remove(version.id);
  res.writeHead(204, version.deleteMarker ? markerHeaders(version) : { 'x-amz-version-id': version.id }).end();
}

/** PutObjectRetention: S3 requires its body's integrity (a Content-MD5, checked on reading, or a checksum). */
async function putRetention(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  versions: ObjectVersions,
  payload: DecodedPayload,
) {
  requireIntegrity(req, payload);
  const declared = declaredChecksum(req.headers, payload.trailers);
  if (declared) await verifyChecksum(declared, payload.data);
  const next = retentionOfXml(payload.data.toString('utf8'));
  const version = versionOf(versions, url);
  checkRetentionChange(version.retention, next, req.headers, new Date());
  versions.setRetention(version.id, next);
  res.writeHead(200, { 'x-amz-version-id': version.id }).end();
}

/** The operations on an object of a versioned, locked bucket other than its writes; `file` is the key's `o-<key>` path. */
export async function versionedOperation(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  file: string,
  payload: DecodedPayload,
): Promise<void> {
  const versions = objectVersions(file);
  const retention = url.searchParams.has('retention');
  if (req.method === 'GET' && retention) {
    const version = versionOf(versions, url);
    if (version.retention === undefined)
      throw new S3Error(
        404,
        'NoSuchObjectLockConfiguration',
        'The specified object does not have a ObjectLock configuration',
      );
    res.writeHead(200, { 'content-type': 'application/xml', 'x-amz-version-id': version.id });
    res.end(retentionXml(version.retention));
  } else if (req.method === 'GET' || req.method === 'HEAD') await sendVersion(req, res, url, versions);
  else if (req.method === 'PUT' && retention) await putRetention(req, res, url, versions, payload);
  else if (req.method === 'DELETE') deleteVersion(req, res, url, versions);
  else throw notImplemented();
}
