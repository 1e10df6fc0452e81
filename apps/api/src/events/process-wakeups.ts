/**
 * How the event bus tells the other server processes that events committed (Redis pub/sub, or the
 * cluster primary's relay). The message carries no event: readers look at the outbox, so a lost
 * wake-up only delays delivery to the next poll.
 */
export interface ProcessWakeups {
  /** Resolves once wake-ups from the others arrive (tests wait for it before publishing). */
  ready(): Promise<void>;
  publish(): void;
  close(): Promise<void>;
}

/** Builds the wake-ups of one event bus; `onWake` is called when another process committed. */
export type ProcessWakeupsFactory = (onWake: () => void, log: (message: string) => void) => ProcessWakeups;
