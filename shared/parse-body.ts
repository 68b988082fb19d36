/**
 * Runs a zod schema over a request body and answers with the first problem in the product's
 * words. It only needs zod's types, so a handler without a body does not bundle zod at all.
 */
import type * as z from 'zod/mini';
import { apiMessages } from './messages';

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** Parses a body and answers with the first problem in the product's words. */
export function parseBody<S extends z.ZodMiniType>(schema: S, body: unknown): Parsed<z.output<S>> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  if (!issue) return { ok: false, message: apiMessages.unexpected };
  if (issue.code === 'unrecognized_keys')
    return { ok: false, message: apiMessages.unknownField(issue.keys.join(', ')) };
  if (issue.code === 'invalid_type' && issue.path.length === 0)
    return { ok: false, message: apiMessages.malformedJson };
  return { ok: false, message: issue.message };
}
