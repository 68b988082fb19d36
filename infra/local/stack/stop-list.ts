/**
 * What a starting stack has started, to stop in reverse order of starting: on a failed start,
 * everything started so far, and at the end, the whole stack. A failing stop is logged, and the
 * others still run.
 */
export interface Stoppable {
  stop(): Promise<void>;
}

export class StopList {
  private readonly stops: (() => Promise<void>)[] = [];

  /** Keeps `part` to stop before everything started so far; answers it. */
  add<T extends Stoppable>(part: T): T {
    this.stops.push(() => part.stop());
    return part;
  }

  /** Runs `stop` after everything else is stopped, whenever it is added. */
  addLast(stop: () => Promise<void>): void {
    this.stops.unshift(stop);
  }

  async stopAll(): Promise<void> {
    for (const stop of this.stops.reverse()) await stop().catch((error: unknown) => console.error(error));
  }
}
