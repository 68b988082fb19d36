/**
 * The admin lists' cursors: which list was read (an order, or the closed accounts), with which
 * search, and the sort key to read on after, as base64url JSON. A cursor of another list or
 * search, or one that is not ours, is refused alike.
 */
import { ListCursorInvalid } from './domain-errors';

export interface ListPosition {
  /** The list the cursor belongs to: a client order, or `closed`. */
  list: string;
  search: string;
  after: string;
}

export function encodeListCursor(position: ListPosition): string {
  return Buffer.from(JSON.stringify([position.list, position.search, position.after])).toString('base64url');
}

/** The sort key to read on after, when the cursor is of `expected`'s list and search and its key has `shape`. */
export function listCursorAfter(cursor: string, expected: { list: string; search: string; shape: RegExp }): string {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new ListCursorInvalid();
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) throw new ListCursorInvalid();
  const [list, search, after] = decoded as unknown[];
  if (list !== expected.list || search !== expected.search || typeof after !== 'string' || !expected.shape.test(after))
    throw new ListCursorInvalid();
  return after;
}
