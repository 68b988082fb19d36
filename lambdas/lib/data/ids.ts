import { randomBytes } from 'node:crypto';

/** A time-ordered, URL-safe id: milliseconds in base 36 (fixed width), then 64 random bits. */
export function newId(now: number = Date.now()): string {
  return `${now.toString(36).padStart(9, '0')}${randomBytes(8).toString('hex')}`;
}
