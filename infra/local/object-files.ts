/**
 * The local S3 stand-in's objects on disk: `o-<key>` holds an object's bytes, `m-<key>` beside it
 * the checksum S3 keeps with it. Both are written, and both opened, with synchronous calls in one
 * turn of the event loop, so a GET never pairs one upload's bytes with another's checksum; each is
 * renamed into place, so a GET already streaming keeps the bytes it opened.
 */
import { createHash, randomUUID } from 'node:crypto';
import { closeSync, existsSync, fstatSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ObjectChecksum } from './checksums';
import { S3Error } from './s3-error';

export interface OpenObject {
  /** Open for reading; the caller closes it (or lets a read stream close it). */
  fd: number;
  size: number;
  /** Absent for an object stored without one. */
  checksum: ObjectChecksum | undefined;
}

/** S3's ETag of bytes stored in one piece: their MD5, quoted. */
export const etagOf = (data: Uint8Array) => `"${createHash('md5').update(data).digest('hex')}"`;

const checksumFile = (file: string) => join(dirname(file), `m-${basename(file).slice('o-'.length)}`);

/** Writes to a new file beside the target, then renames it over the target. */
function replaceFile(file: string, data: string | Uint8Array): void {
  const temporary = join(dirname(file), `t-${randomUUID()}`);
  writeFileSync(temporary, data);
  renameSync(temporary, file);
}

/** Stores an object (`file` is its `o-<key>` path) with its checksum. */
export function writeObject(file: string, data: Uint8Array, checksum: ObjectChecksum): void {
  replaceFile(checksumFile(file), JSON.stringify(checksum));
  replaceFile(file, data);
}

/** Opens a stored object, or throws S3's NoSuchKey. */
export function openObject(file: string): OpenObject {
  const noSuchKey = new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
  if (!existsSync(file)) throw noSuchKey;
  const fd = openSync(file, 'r');
  const stat = fstatSync(fd);
  if (!stat.isFile()) {
    closeSync(fd);
    throw noSuchKey;
  }
  const meta = checksumFile(file);
  const checksum = existsSync(meta) ? (JSON.parse(readFileSync(meta, 'utf8')) as ObjectChecksum) : undefined;
  return { fd, size: stat.size, checksum };
}
