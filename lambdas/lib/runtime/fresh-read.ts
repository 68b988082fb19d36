/**
 * A value read from somewhere slow (a secret in Secrets Manager), kept while it is younger than
 * the age each caller allows, with one read in flight at a time: callers that ask together share
 * it, and a read that fails leaves nothing behind, so the next call reads again.
 */
export function freshRead<T>(read: () => Promise<T>, now: () => number = Date.now): (maxAgeMs: number) => Promise<T> {
  let cached: { value: T; at: number } | undefined;
  let reading: Promise<T> | undefined;
  return async (maxAgeMs) => {
    if (cached && now() - cached.at < maxAgeMs) return cached.value;
    reading ??= read()
      .then((value) => {
        cached = { value, at: now() };
        return value;
      })
      .finally(() => {
        reading = undefined;
      });
    return reading;
  };
}
