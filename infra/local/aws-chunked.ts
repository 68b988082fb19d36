/**
 * The `aws-chunked` content encoding of an upload sent as STREAMING-UNSIGNED-PAYLOAD-TRAILER (what
 * the AWS SDK sends for a streamed body with its default checksums): `<hex size>\r\n<bytes>\r\n`
 * chunks, a `0\r\n` chunk, then trailer lines `name:value\r\n` and an empty line. Decoded with the
 * checks S3 makes: every chunk but the last at least 8 KiB, the decoded length the one declared
 * in x-amz-decoded-content-length, the trailers exactly those x-amz-trailer names.
 *
 * Written here because we found no maintained npm package that decodes it: the SDK only encodes it,
 * and Node's HTTP parser only undoes the transfer encoding around it.
 */
import { S3Error } from './s3-error';

export interface DecodedPayload {
  data: Buffer;
  /** Trailer values by lower-case name. */
  trailers: ReadonlyMap<string, string>;
}

/** S3's floor for every chunk but the last. */
const MIN_CHUNK_BYTES = 8192;
const CRLF = Buffer.from('\r\n');

const incompleteBody = () => new S3Error(400, 'IncompleteBody', 'The request body terminated unexpectedly');
const malformedTrailer = () =>
  new S3Error(
    400,
    'MalformedTrailerError',
    'The request contained trailing data that was not well-formed or did not conform to our published schema.',
  );

/** The line starting at `at` (without its CRLF) and where the next one starts. */
function lineAt(raw: Buffer, at: number): { line: string; next: number } {
  const end = raw.indexOf(CRLF, at);
  if (end === -1) throw incompleteBody();
  return { line: raw.subarray(at, end).toString('latin1'), next: end + CRLF.length };
}

/** The chunks' bytes, and where the trailers start. */
function readChunks(raw: Buffer): { chunks: Buffer[]; trailersAt: number } {
  const chunks: Buffer[] = [];
  let at = 0;
  for (;;) {
    const { line, next } = lineAt(raw, at);
    if (!/^[0-9a-fA-F]{1,16}$/.test(line)) throw incompleteBody();
    const size = Number.parseInt(line, 16);
    if (size === 0) return { chunks, trailersAt: next };
    const previous = chunks.at(-1);
    // S3 reports the chunk it was reading when it found the one before it short.
    if (previous !== undefined && previous.length < MIN_CHUNK_BYTES) {
      throw new S3Error(
        400,
        'InvalidChunkSizeError',
        'Only the last chunk is allowed to have a size less than 8192 bytes',
        {
          Chunk: String(chunks.length + 1),
          BadChunkSize: String(previous.length),
        },
      );
    }
    const end = next + size;
    if (end + CRLF.length > raw.length || !raw.subarray(end, end + CRLF.length).equals(CRLF)) throw incompleteBody();
    chunks.push(raw.subarray(next, end));
    at = end + CRLF.length;
  }
}

function readTrailers(raw: Buffer, at: number, declared: readonly string[]): Map<string, string> {
  const trailers = new Map<string, string>();
  // A body that ends right after the last chunk has no trailer section at all.
  while (at < raw.length) {
    const { line, next } = lineAt(raw, at);
    at = next;
    if (line === '') {
      if (at !== raw.length) throw incompleteBody();
      break;
    }
    const colon = line.indexOf(':');
    if (colon < 1) throw malformedTrailer();
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!declared.includes(name) || trailers.has(name)) throw malformedTrailer();
    trailers.set(name, line.slice(colon + 1).trim());
  }
  if (trailers.size !== declared.length) throw malformedTrailer();
  return trailers;
}

/**
 * The payload of an aws-chunked body. `decodedLength` is the x-amz-decoded-content-length header,
 * `declaredTrailers` the x-amz-trailer header's names.
 */
export function decodeAwsChunked(
  raw: Buffer,
  decodedLength: string | undefined,
  declaredTrailers: readonly string[],
): DecodedPayload {
  if (decodedLength === undefined || !/^\d{1,16}$/.test(decodedLength)) {
    throw new S3Error(411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.');
  }
  const { chunks, trailersAt } = readChunks(raw);
  const data = Buffer.concat(chunks);
  if (data.length !== Number(decodedLength)) {
    throw new S3Error(
      400,
      'IncompleteBody',
      'You did not provide the number of bytes specified by the Content-Length HTTP header',
    );
  }
  return { data, trailers: readTrailers(raw, trailersAt, declaredTrailers) };
}
