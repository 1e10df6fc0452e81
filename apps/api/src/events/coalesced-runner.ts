/**
 * Runs `work` one call at a time. A request while it runs makes it run once more afterwards, so
 * any number of wake-ups during a run cost one extra run, and none is lost.
 */
export class CoalescedRunner {
  private running: Promise<void> | undefined;
  private again = false;
  private readonly work: () => Promise<void>;
  private readonly onError: (error: unknown) => void;

  constructor(work: () => Promise<void>, onError: (error: unknown) => void) {
    this.work = work;
    this.onError = onError;
  }

  request(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.loop().finally(() => (this.running = undefined));
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.work();
      } catch (error) {
        this.onError(error);
      }
    } while (this.again);
  }

  /** Resolves once no run is in progress. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
