/**
 * The API's own execute-api URL is public: without this check a caller could skip CloudFront
 * and its WAF (rate limit, managed rules). CloudFront adds a secret header on its way to the
 * API; a request without it never reaches a handler. The local gateway adds it the same way.
 */
import { timingSafeEqual } from 'node:crypto';

export const ORIGIN_HEADER = 'x-origin-verify';

/**
 * True when the request carries the stack's origin secret. Without a configured secret only code
 * outside Lambda passes (unit tests call handlers directly); inside Lambda a missing secret is a
 * broken deploy, and it fails closed.
 */
export function cameThroughFront(expected: string | undefined, sent: string | undefined, inLambda = process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined): boolean {
  if (expected === undefined) return !inLambda;
  if (sent === undefined) return false;
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(sent, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
