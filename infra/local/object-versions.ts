/**
 * The versions of one key in a versioned bucket of the local S3 stand-in, on disk: a folder
 * `v-<key>` beside the plain buckets' `o-<key>` files, holding each version's bytes (`d-<versionId>`)
 * and `versions.json`, every version and delete marker oldest first with its checksum, ETag and
 * retention. Each change is read, checked and written with synchronous calls in one turn of the
 * event loop, so two writers never both find the key free; the list is renamed into place after
 * the bytes are written, so a reader never finds a version without its bytes.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ObjectChecksum } from './checksums';
import type { Retention } from './object-lock';
import { S3Error } from './s3-error';
import { preconditionFailed } from './write-conditions';

export interface VersionMeta {
  /** S3's opaque version id (32 URL-safe characters). */
  id: string;
  deleteMarker?: true;
  etag?: string;
  checksum?: ObjectChecksum;
  retention?: Retention;
  lastModified: string;
}

/** A version's bytes as stored: the caller closes the fd (or lets a read stream close it). */
export interface OpenVersion {
  fd: number;
  size: number;
  file: string;
}

const VERSION_ID = /^[A-Za-z0-9_-]{32}$/;

/** Throws S3's 400 for a version id S3 could not have given. */
export function checkVersionId(versionId: string): void {
  if (!VERSION_ID.test(versionId)) throw new S3Error(400, 'InvalidArgument', 'Invalid version id specified');
}

export const noSuchVersion = () => new S3Error(404, 'NoSuchVersion', 'The specified version does not exist.');

/** The versions of the key whose plain object would be `file` (`o-<key>`). */
export function objectVersions(file: string) {
  const folder = join(dirname(file), `v-${basename(file).slice('o-'.length)}`);
  const index = join(folder, 'versions.json');
  const dataFile = (id: string) => join(folder, `d-${id}`);
  const list = (): VersionMeta[] =>
    existsSync(index) ? (JSON.parse(readFileSync(index, 'utf8')) as VersionMeta[]) : [];
  const save = (versions: VersionMeta[]) => {
    const temporary = join(folder, `t-${randomUUID()}`);
    writeFileSync(temporary, JSON.stringify(versions));
    renameSync(temporary, index);
  };
  const added = (meta: Omit<VersionMeta, 'id' | 'lastModified'>, data?: Uint8Array): VersionMeta => {
    mkdirSync(folder, { recursive: true });
    const version: VersionMeta = {
      id: randomBytes(24).toString('base64url'),
      lastModified: new Date().toUTCString(),
      ...meta,
    };
    if (data) writeFileSync(dataFile(version.id), data);
    save([...list(), version]);
    return version;
  };

  return {
    /** The newest version or delete marker, if any. */
    latest: (): VersionMeta | undefined => list().at(-1),

    /** The version or delete marker with this id, if any. */
    find: (id: string): VersionMeta | undefined => list().find((v) => v.id === id),

    /** A new current version; with `ifNoneMatch`, only if the current one is none or a delete marker (else S3's 412). */
    put(
      data: Uint8Array,
      meta: Pick<VersionMeta, 'etag' | 'checksum' | 'retention'>,
      ifNoneMatch: boolean,
    ): VersionMeta {
      const current = list().at(-1);
      if (ifNoneMatch && current !== undefined && !current.deleteMarker) throw preconditionFailed();
      return added(meta, data);
    },

    /** A delete marker on top: the key reads as absent, every version stays. */
    deleteMarker: (): VersionMeta => added({ deleteMarker: true }),

    /** Removes one version or delete marker for good (the caller has checked its lock). */
    remove(id: string): void {
      save(list().filter((v) => v.id !== id));
      rmSync(dataFile(id), { force: true });
    },

    /** Gives one version a new retention (the caller has checked the change). */
    setRetention(id: string, retention: Retention | undefined): void {
      save(list().map((v) => (v.id === id ? { ...v, retention } : v)));
    },

    /** Opens a version's bytes. */
    open(version: VersionMeta): OpenVersion {
      const fd = openSync(dataFile(version.id), 'r');
      return { fd, size: fstatSync(fd).size, file: dataFile(version.id) };
    },

    close: (open: OpenVersion) => closeSync(open.fd),
  };
}

export type ObjectVersions = ReturnType<typeof objectVersions>;
