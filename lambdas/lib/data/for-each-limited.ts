/** Work over a list with a bounded number of calls in flight (a page of portfolios, a migration's profiles). */

/** Runs `work` over `items` on at most `limit` workers, each given its number. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, worker: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async (_, worker) => {
      while (next < items.length) await work(items[next++] as T, worker);
    }),
  );
}
