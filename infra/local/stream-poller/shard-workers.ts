/** The shards being read side by side, each by its own worker, and the wait for them all to end. */
import type { DrainTracker } from './drain-tracker';

export class ShardWorkers {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly drain: DrainTracker,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs `read` for the shard; its error goes to onError, and its end to the drain tracker. */
  start(shardId: string, read: () => Promise<void>): void {
    this.drain.polling(shardId);
    const worker = read()
      .catch(this.onError)
      .finally(() => {
        this.running.delete(worker);
        this.drain.done(shardId);
      });
    this.running.add(worker);
  }

  /** Resolves once no worker runs (a closing shard's children included). */
  async ended(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
