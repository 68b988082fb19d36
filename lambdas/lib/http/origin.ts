/**
 * On a stage without its own domain the API's execute-api URL is public: without this check a
 * caller could skip CloudFront and its WAF (rate limits, managed rules). CloudFront adds a secret
 * header on its way to the API; a request without it never reaches a handler. With the stage's
 * domain only CloudFront can reach the API at all (mutual TLS, infra/aws/api-origin.ts) and this
 * is a second check. The local gateway adds the header the same way.
 */
import { secretsClient } from '../runtime/clients';
import { type Kept, keptValue } from '../runtime/runtime';
import { originGate as gateOf, secretsManagerSource } from './origin-secrets';

export const ORIGIN_HEADER = 'x-origin-verify';

type Gate = (sent: string | undefined) => Promise<boolean>;

/** The gate, kept with its cache for the container's life: from the local stack's store, or the secret the stack names. */
const ORIGIN_GATE: Kept<Gate | undefined> = {
  make: ({ settings: { originSecretArn }, hooks }) => {
    const source =
      hooks.originSecrets ?? (originSecretArn ? secretsManagerSource(secretsClient(), originSecretArn) : undefined);
    return source && gateOf(source);
  },
};

/**
 * The check of CloudFront's origin header (origin-secrets.ts), made on first use; undefined where
 * no source is given (handlers called directly, in unit tests).
 */
export function originGate(): Gate | undefined {
  return keptValue(ORIGIN_GATE);
}

/**
 * True when the request carries one of the origin secret's accepted values (origin-secrets.ts).
 * Without a configured secret only code outside Lambda passes (unit tests call handlers
 * directly); inside Lambda a missing secret is a broken deploy, and it fails closed.
 */
export async function cameThroughFront(
  sent: string | undefined,
  gate = originGate(),
  inLambda = process.env.AWS_LAMBDA_FUNCTION_NAME !== undefined,
): Promise<boolean> {
  if (gate === undefined) return !inLambda;
  return gate(sent);
}
