/** Waiting on a stack that answers in its own time (the stream, the mailbox, a page): poll until a check passes. */
import { setTimeout as delay } from 'node:timers/promises';

/** Polls until `check` passes (it throws otherwise), then returns its value; past `timeout` ms, its last error. */
export async function eventually<T>(check: () => Promise<T>, timeout = 10_000, interval = 100): Promise<T> {
  const until = Date.now() + timeout;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await delay(interval);
    }
  }
}
