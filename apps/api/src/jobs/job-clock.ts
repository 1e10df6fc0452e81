/** The time the queue, the scheduler and scheduled executions go by; tests replace it to skip ahead. */
export interface JobClock {
  now(): number;
}

export const systemClock: JobClock = { now: () => Date.now() };
