/** A steady stream of requests (a fixed rate, not a closed loop), recording when each was sent and what came back. */

export interface LoadSample {
  /** performance.now() when the request was sent. */
  sentAt: number;
  durationMs: number;
  name: string;
  /** The HTTP status, or the network error's code when no answer came. */
  status: number | string;
  /** The Appwrite error type of an error answer. */
  type?: string;
}

export interface LoadRequest {
  name: string;
  path: string;
  init?: RequestInit;
}

export interface SteadyLoad {
  samples: LoadSample[];
  /** Stops sending and resolves once every request sent has settled. */
  stop(): Promise<LoadSample[]>;
}

/** Sends `next(i)` to `baseUrl` `perSecond` times a second, each with a timeout so a hang shows as one. */
export function startSteadyLoad(baseUrl: string, perSecond: number, next: (index: number) => LoadRequest, timeoutMs = 15_000): SteadyLoad {
  const samples: LoadSample[] = [];
  const pending = new Set<Promise<void>>();
  let index = 0;
  const fire = () => {
    const request = next(index++);
    const sentAt = performance.now();
    const done = fetch(baseUrl + request.path, { ...request.init, signal: AbortSignal.timeout(timeoutMs) })
      .then(async (response) => {
        const text = await response.text();
        let type: string | undefined;
        if (response.status >= 400) {
          try {
            type = (JSON.parse(text) as { type?: string }).type;
          } catch {
            type = 'not-json';
          }
        }
        samples.push({ sentAt, durationMs: performance.now() - sentAt, name: request.name, status: response.status, type });
      })
      .catch((error: unknown) => {
        const cause = (error as { cause?: { code?: string } }).cause;
        samples.push({ sentAt, durationMs: performance.now() - sentAt, name: request.name, status: cause?.code ?? (error as Error).name });
      })
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const timer = setInterval(fire, 1000 / perSecond);
  return {
    samples,
    async stop() {
      clearInterval(timer);
      await Promise.all([...pending]);
      return samples;
    },
  };
}
