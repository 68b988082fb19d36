/** The error of a call that must fail, by name and message; the test fails if the call succeeds. */
export async function failureOf(promise: Promise<unknown>): Promise<{ name: string; message: string }> {
  try {
    await promise;
  } catch (e) {
    return { name: (e as Error).name, message: (e as Error).message };
  }
  throw new Error('expected the call to fail');
}
