/**
 * An error as the local S3 stand-in answers it: S3's status, code and message, in S3's error XML
 * (with the extra elements some codes carry, e.g. InvalidChunkSizeError's Chunk and BadChunkSize).
 */
import type { ServerResponse } from 'node:http';

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Readonly<Record<string, string>> = {},
    /** Headers S3 sends with the error (a delete marker's x-amz-delete-marker and x-amz-version-id). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sendError(res: ServerResponse, error: S3Error): void {
  const details = Object.entries(error.details)
    .map(([name, value]) => `<${name}>${xmlEscape(value)}</${name}>`)
    .join('');
  res.writeHead(error.status, { 'content-type': 'application/xml', ...error.headers });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message>${details}</Error>`,
  );
}

/** S3's 400 InvalidRequest, the code of most checksum refusals. */
export const invalidRequest = (message: string) => new S3Error(400, 'InvalidRequest', message);

/** S3's answer to a request for what the stand-in does not serve. */
export const notImplemented = () =>
  new S3Error(501, 'NotImplemented', 'A header you provided implies functionality that is not implemented');
