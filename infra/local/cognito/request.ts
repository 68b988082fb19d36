/**
 * A Cognito request body as JSON gave it. Nothing checks its members' types before an operation
 * reads them (cognito-local does not either), so each operation narrows what it reads.
 */
export type CognitoRequest = Readonly<Record<string, unknown>>;
export type CognitoResponse = Record<string, unknown>;

/** `value` when it is a JSON object (or array), else an empty one: a missing member reads as absent. */
export function recordOf(value: unknown): Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** ClientMetadata as a request carries it (a map of strings), or undefined when there is none. */
export function clientMetadataOf(value: unknown): Record<string, string> | undefined {
  return value && typeof value === 'object' ? (value as Record<string, string>) : undefined;
}
