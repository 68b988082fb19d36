/**
 * Multipart uploads for the local S3 stand-in, with S3's rules: CreateMultipartUpload may choose a
 * checksum (x-amz-checksum-algorithm, -type); every part of a COMPOSITE upload then carries that
 * checksum and no other, checked against its bytes, and an upload that chose none takes no part
 * with one; CompleteMultipartUpload names uploaded parts in ascending order with their ETags (and
 * their checksums, for a COMPOSITE upload), every part but the last at least 5 MiB, and gives the
 * object the composite checksum `<checksum of the parts' checksums>-<parts>` or, for FULL_OBJECT
 * (and for an upload that chose none, as S3's default CRC64NVME), the checksum of the whole object.
 * Each upload is a folder under the uploads folder.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DecodedPayload } from './aws-chunked';
import {
  type ChecksumAlgorithm,
  type ChecksumType,
  checksumElement,
  checksumOf,
  compositeOf,
  declaredChecksum,
  expectedObjectChecksum,
  type ObjectChecksum,
  uploadChecksum,
  verifyChecksum,
} from './checksums';
import { etagOf } from './object-files';
import type { ObjectWriter } from './object-writers';
import { invalidRequest, S3Error } from './s3-error';

/** What CreateMultipartUpload fixed. `file` is the object's `o-<key>` path. */
interface UploadState {
  file: string;
  checksum?: { algorithm: ChecksumAlgorithm; type: ChecksumType };
}

/** A part as CompleteMultipartUpload names it: its number, ETag and every element given. */
interface NamedPart {
  part: number;
  etag: string;
  fields: Record<string, string>;
}

/** An uploaded part: its bytes, and its checksum if the upload chose one. */
interface StoredPart {
  data: Buffer;
  checksum: string | undefined;
}

const MIN_PART_BYTES = 5 * 1024 * 1024;

const noSuchUpload = () =>
  new S3Error(
    404,
    'NoSuchUpload',
    'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.',
  );
const invalidPart = () =>
  new S3Error(
    400,
    'InvalidPart',
    "One or more of the specified parts could not be found.  The part may not have been uploaded, or the specified entity tag may not match the part's entity tag.",
  );
const malformedXml = () =>
  new S3Error(
    400,
    'MalformedXML',
    'The XML you provided was not well-formed or did not validate against our published schema',
  );

const partFile = (folder: string, part: number) => join(folder, `part-${String(part).padStart(5, '0')}`);
const xmlText = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The parts a CompleteMultipartUpload body names, in its order. */
function namedParts(xml: string): NamedPart[] {
  const parts = [...xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m): NamedPart => {
    const fields = Object.fromEntries(
      [...(m[1] ?? '').matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map(([, name = '', value = '']) => [name, xmlText(value)]),
    );
    const part = Number(fields.PartNumber);
    if (!Number.isInteger(part) || part < 1 || part > 10_000 || fields.ETag === undefined) throw malformedXml();
    return { part, etag: fields.ETag, fields };
  });
  if (parts.length === 0) throw malformedXml();
  parts.forEach(({ part }, i) => {
    if (i > 0 && part <= (parts[i - 1]?.part ?? 0))
      throw new S3Error(
        400,
        'InvalidPartOrder',
        'The list of parts was not in ascending order. Parts must be ordered by part number.',
      );
  });
  return parts;
}

/** The upload's folder and state, if it is one under `dir` for this object. */
function uploadOf(dir: string, uploadId: string, file: string): { folder: string; state: UploadState } {
  const folder = join(dir, uploadId);
  if (!/^[0-9a-f-]{36}$/.test(uploadId) || !existsSync(folder)) throw noSuchUpload();
  const state = JSON.parse(readFileSync(join(folder, 'upload.json'), 'utf8')) as UploadState;
  if (state.file !== file) throw noSuchUpload();
  return { folder, state };
}

/** The part a completion names, if it is the part uploaded, named as the upload's checksum asks. */
function partFor(folder: string, state: UploadState, named: NamedPart): StoredPart {
  const file = partFile(folder, named.part);
  if (!existsSync(file)) throw invalidPart();
  const data = readFileSync(file);
  if (etagOf(data) !== named.etag) throw invalidPart();
  const { checksum } = JSON.parse(readFileSync(`${file}.json`, 'utf8')) as { checksum?: string };
  const element = state.checksum && checksumElement(state.checksum.algorithm);
  if (Object.keys(named.fields).some((name) => name.startsWith('Checksum') && name !== element)) throw invalidPart();
  const given = element === undefined ? undefined : named.fields[element];
  if (state.checksum?.type === 'COMPOSITE' && given === undefined) {
    throw invalidRequest(
      `The upload was created using a ${state.checksum.algorithm.toLowerCase()} checksum. The complete request must include the checksum for each part. It was missing for part ${named.part} in the request.`,
    );
  }
  if (given !== undefined && given !== checksum) throw invalidPart();
  return { data, checksum };
}

/** The object's checksum: composite of the parts', or of the whole (S3's CRC64NVME when the upload chose none). */
async function objectChecksum(
  state: UploadState,
  parts: readonly StoredPart[],
  whole: Buffer,
): Promise<ObjectChecksum> {
  const { algorithm, type } = state.checksum ?? { algorithm: 'CRC64NVME', type: 'FULL_OBJECT' };
  const value =
    type === 'COMPOSITE'
      ? await compositeOf(
          algorithm,
          parts.map((p) => p.checksum ?? ''),
        )
      : await checksumOf(algorithm, whole);
  return { algorithm, type, value };
}

/** S3's ETag of a multipart object: the MD5 of the parts' MD5s, then `-<parts>`. */
const multipartEtag = (parts: readonly StoredPart[]) => {
  const md5s = parts.map((p) => createHash('md5').update(p.data).digest());
  return `"${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${parts.length}"`;
};

/** The uploads, each a folder under `dir` (emptied: S3's lifecycle rule aborts abandoned uploads too). */
export function multipartUploads(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return {
    /** CreateMultipartUpload: the new upload's id and the checksum it chose. */
    create(file: string, headers: IncomingHttpHeaders): { uploadId: string; checksum: UploadState['checksum'] } {
      const checksum = uploadChecksum(headers);
      const uploadId = randomUUID();
      mkdirSync(join(dir, uploadId));
      writeFileSync(join(dir, uploadId, 'upload.json'), JSON.stringify({ file, checksum } satisfies UploadState));
      return { uploadId, checksum };
    },

    /** UploadPart: the part's ETag, and its checksum if the upload chose one. */
    async uploadPart(
      uploadId: string,
      file: string,
      part: number,
      payload: DecodedPayload,
      headers: IncomingHttpHeaders,
    ) {
      const { folder, state } = uploadOf(dir, uploadId, file);
      const declared = declaredChecksum(headers, payload.trailers);
      const expected = state.checksum?.algorithm;
      if (
        (declared !== undefined && declared.algorithm !== expected) ||
        (declared === undefined && state.checksum?.type === 'COMPOSITE')
      ) {
        const name = (algorithm: ChecksumAlgorithm | undefined) => algorithm?.toLowerCase() ?? 'null';
        throw invalidRequest(
          `Checksum Type mismatch occurred, expected checksum Type: ${name(expected)}, actual checksum Type: ${name(declared?.algorithm)}`,
        );
      }
      if (declared) await verifyChecksum(declared, payload.data);
      const checksum = expected && (declared?.value ?? (await checksumOf(expected, payload.data)));
      const target = partFile(folder, part);
      writeFileSync(`${target}.json`, JSON.stringify({ checksum }));
      writeFileSync(target, payload.data);
      return {
        etag: etagOf(payload.data),
        checksum: expected && checksum ? { algorithm: expected, value: checksum } : undefined,
      };
    },

    /** CompleteMultipartUpload: stores the object through `write`; its ETag, checksum and the headers the write adds. */
    async complete(
      uploadId: string,
      file: string,
      xml: string,
      headers: IncomingHttpHeaders,
      write: ObjectWriter,
    ): Promise<{ etag: string; checksum: ObjectChecksum; written: Record<string, string> }> {
      const { folder, state } = uploadOf(dir, uploadId, file);
      const parts = namedParts(xml).map((named) => partFor(folder, state, named));
      if (parts.slice(0, -1).some((p) => p.data.length < MIN_PART_BYTES))
        throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
      const whole = Buffer.concat(parts.map((p) => p.data));
      const checksum = await objectChecksum(state, parts, whole);
      // A checksum the request expects of the whole object must be the one computed.
      const expected = expectedObjectChecksum(headers);
      if (expected !== undefined && (expected.algorithm !== checksum.algorithm || expected.value !== checksum.value)) {
        throw new S3Error(
          400,
          'BadDigest',
          `The ${expected.algorithm} you specified did not match the calculated checksum.`,
        );
      }
      const etag = multipartEtag(parts);
      // Refused (an If-None-Match that found an object), the upload stays, as S3 keeps it.
      const written = write(whole, { etag, checksum });
      rmSync(folder, { recursive: true, force: true });
      return { etag, checksum, written };
    },

    /** AbortMultipartUpload: the upload and its parts are gone. */
    abort(uploadId: string, file: string): void {
      rmSync(uploadOf(dir, uploadId, file).folder, { recursive: true, force: true });
    },
  };
}

export type MultipartUploads = ReturnType<typeof multipartUploads>;
