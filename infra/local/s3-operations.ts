/**
 * The S3 operations the stand-in (object-store.ts) serves on a request already authenticated and
 * read (s3-request.ts): GetObject and HeadObject, PutObject, and the multipart upload's
 * create, upload part, complete and abort.
 */
import { closeSync, createReadStream } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { DecodedPayload } from './aws-chunked';
import {
  checksumElement,
  checksumHeader,
  checksumHeaders,
  checksumOf,
  declaredChecksum,
  type ObjectChecksum,
  verifyChecksum,
} from './checksums';
import type { MultipartUploads } from './multipart';
import { etagOf, openObject } from './object-files';
import type { ObjectWriter } from './object-writers';
import { single, type Target } from './s3-request';
import { notImplemented, S3Error, xmlEscape } from './s3-error';

export { notImplemented };

/** GetObject and HeadObject: the bytes, and the checksum when the request asks for it. */
export async function sendObject(req: IncomingMessage, res: ServerResponse, url: URL, file: string): Promise<void> {
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
export async function putObject(
  req: IncomingMessage,
  res: ServerResponse,
  payload: DecodedPayload,
  write: ObjectWriter,
): Promise<void> {
  const declared = declaredChecksum(req.headers, payload.trailers);
  if (declared) await verifyChecksum(declared, payload.data);
  const checksum: ObjectChecksum = {
    ...(declared ?? { algorithm: 'CRC64NVME', value: await checksumOf('CRC64NVME', payload.data) }),
    type: 'FULL_OBJECT',
  };
  const etag = etagOf(payload.data);
  const written = write(payload.data, { etag, checksum });
  res.writeHead(200, { etag, ...checksumHeaders(checksum), ...written }).end();
}

/** The multipart operations: create, upload a part, complete, abort. */
export async function multipart(
  uploads: MultipartUploads,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  target: Target,
  payload: DecodedPayload,
  write: () => ObjectWriter,
): Promise<void> {
  const uploadId = url.searchParams.get('uploadId');
  const names = `<Bucket>${xmlEscape(target.bucket)}</Bucket><Key>${xmlEscape(target.key)}</Key>`;
  if (req.method === 'POST' && uploadId === null) {
    const { uploadId: id, checksum } = uploads.create(target.file, req.headers);
    res.writeHead(200, {
      'content-type': 'application/xml',
      ...(checksum ? { 'x-amz-checksum-algorithm': checksum.algorithm, 'x-amz-checksum-type': checksum.type } : {}),
    });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><InitiateMultipartUploadResult>${names}<UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
    );
  } else if (uploadId === null) {
    throw notImplemented();
  } else if (req.method === 'PUT') {
    const part = Number(url.searchParams.get('partNumber'));
    if (!Number.isInteger(part) || part < 1 || part > 10_000)
      throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive');
    const { etag, checksum } = await uploads.uploadPart(uploadId, target.file, part, payload, req.headers);
    res.writeHead(200, { etag, ...(checksum ? { [checksumHeader(checksum.algorithm)]: checksum.value } : {}) }).end();
  } else if (req.method === 'POST') {
    const { etag, checksum, written } = await uploads.complete(
      uploadId,
      target.file,
      payload.data.toString('utf8'),
      req.headers,
      write(),
    );
    const element = checksumElement(checksum.algorithm);
    res.writeHead(200, { 'content-type': 'application/xml', ...written });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><CompleteMultipartUploadResult>${names}<ETag>${xmlEscape(etag)}</ETag>` +
        `<${element}>${checksum.value}</${element}><ChecksumType>${checksum.type}</ChecksumType></CompleteMultipartUploadResult>`,
    );
  } else if (req.method === 'DELETE') {
    uploads.abort(uploadId, target.file);
    res.writeHead(204).end();
  } else throw notImplemented();
}
