/**
 * A poller's stop, as its loops see it: the flag they check, the signal that aborts a GetRecords
 * in flight (never a handler call: stop waits for that), and sleeps that a stop cuts short.
 */
export class StopSwitch {
  private stoppedFlag = false;
  private readonly abort = new AbortController();
  /** Sleeps in progress, each woken early by stop. */
  private readonly sleepers = new Set<() => void>();

  get stopped(): boolean {
    return this.stoppedFlag;
  }

  get signal(): AbortSignal {
    return this.abort.signal;
  }

  sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  stop(): void {
    this.stoppedFlag = true;
    this.abort.abort();
    for (const wake of [...this.sleepers]) wake();
  }
}
