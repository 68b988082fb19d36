/**
 * What drained() waits for: a shard is caught up with a moment once a GetRecords begun after it
 * came back empty (everything read before it having been handled, since a shard reads only after
 * handling). A wait ends once every shard being polled is caught up with the moment it began.
 */
interface Waiter {
  mark: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class DrainTracker {
  private clock = 0;
  /** The shards being polled, each with the moment it is caught up with (-1: none yet). */
  private readonly caughtUpAt = new Map<string, number>();
  private readonly waiters: Waiter[] = [];

  /** The moment now, for a GetRecords about to begin. */
  moment(): number {
    return this.clock;
  }

  polling(shardId: string): void {
    this.caughtUpAt.set(shardId, -1);
  }

  /** A GetRecords begun at `moment` came back empty. */
  caughtUp(shardId: string, moment: number): void {
    this.caughtUpAt.set(shardId, moment);
    this.settle();
  }

  /** The shard is no longer polled (ended, stopped or failed). */
  done(shardId: string): void {
    this.caughtUpAt.delete(shardId);
    this.settle();
  }

  drained(): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ mark: ++this.clock, resolve, reject });
      this.settle();
    });
  }

  rejectAll(error: Error): void {
    for (const waiter of this.waiters.splice(0)) waiter.reject(error);
  }

  private settle(): void {
    for (const waiter of [...this.waiters]) {
      if ([...this.caughtUpAt.values()].every((at) => at >= waiter.mark)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }
}
