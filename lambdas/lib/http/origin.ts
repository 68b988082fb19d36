/**
 * The API's own execute-api URL is public: without this check a caller could skip CloudFront
 * and its WAF (rate limit, managed rules). CloudFront adds a secret header on its way to the
 * API; a request without it never reaches a handler. The local gateway adds it the same way.
 */
import { originGate } from '../runtime/runtime';

export const ORIGIN_HEADER = 'x-origin-verify';

/**
 * True when the request carries one of the origin secret's accepted values (origin-secrets.ts).
 * Without a configured secret only code outside Lambda passes (unit tests call handlers
 * directly); inside Lambda a missing secret is a broken deploy, and it fails closed.
 */
export async function cameThroughFront(sent: string | undefined, gate = originGate(), inLambda = process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined): Promise<boolean> {
  if (gate === undefined) return !inLambda;
  return gate(sent);
}
