/**
 * Replaces a file's content in one step: the text goes to a temporary file beside it and is
 * renamed over the file, so a process killed at any moment (or a reader at any moment) finds the
 * old content or the new, never a truncated file. With `flush`, the new content and the rename are
 * also on disk before it answers, so a machine's crash cannot leave an empty file either.
 *
 * Written here rather than taken from npm's `write-file-atomic`: that package is not a declared
 * dependency of the project, and it does not flush the folder after the rename; what is needed is
 * a dozen synchronous lines.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeFileAtomic(file: string, text: string, options: { flush: boolean }): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeFileSync(fd, text);
      if (options.flush) fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  if (options.flush) flushFolder(dirname(file));
}

/** A rename is on disk once its folder is flushed; a system that refuses fsync on a folder keeps it as it keeps renames. */
function flushFolder(folder: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(folder, 'r');
    fsyncSync(fd);
  } catch {
    // not supported here
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
