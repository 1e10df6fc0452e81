/**
 * Open loop at a fixed rate: slot i is due at start + i / rate whatever the answers do, and its
 * latency counts from that due time, so a slow server shows as latency instead of as fewer
 * requests (no coordinated omission; bench/paced.ts does the same for the benchmark).
 */
import type { SoakClient } from './http-client.ts';
import type { Step } from './mix.ts';
import type { RequestSample } from './minute-stats.ts';

/** The Appwrite error type of an answer, when it is one. */
function errorType(body: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(body.toString()) as { type?: unknown };
    return typeof parsed.type === 'string' ? parsed.type : undefined;
  } catch {
    return undefined;
  }
}

export interface OpenLoopOptions {
  rate: number;
  durationMs: number;
  client: SoakClient;
  nextStep(): Step;
  record(sample: RequestSample, detail: { status: number; failure?: string | undefined; errorType?: string | undefined }): void;
}

/** Runs the schedule, then waits for every request still in flight; resolves with the start time (performance.now()). */
export async function runOpenLoop(options: OpenLoopOptions, onStart: (startedAt: number) => void): Promise<void> {
  const interval = 1000 / options.rate;
  const total = Math.floor((options.durationMs / 1000) * options.rate);
  const start = performance.now() + 5;
  onStart(start);
  let sent = 0;
  let pending = 0;

  const fire = (due: number): void => {
    const step = options.nextStep();
    pending += 1;
    void options.client.send(step.request).then((response) => {
      pending -= 1;
      step.after?.(response);
      const ok = response.status !== 0 && step.expected.includes(response.status);
      options.record({ dueMs: due - start, latencyMs: performance.now() - due, ok, operation: step.name }, { status: response.status, failure: response.failure, errorType: ok ? undefined : errorType(response.body) });
    });
  };

  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        fire(start + sent * interval);
        sent += 1;
      }
      if (sent >= total) return resolve();
      setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
    };
    setTimeout(tick, 5);
  });
  while (pending > 0) await new Promise((resolve) => setTimeout(resolve, 20));
}
