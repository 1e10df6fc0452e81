/** Messages between the pool and a worker process over its IPC channel (advanced serialization, so Buffers pass as they are). */

export interface WorkerRequest {
  method: string;
  /** Path with its query string, e.g. `/a/b?c=d`. */
  url: string;
  /** Lower-cased names; `x-open-runtimes-*` already removed. */
  headers: Record<string, string>;
  body: Buffer;
}

export type ParentMessage = {
  type: 'execute';
  request: WorkerRequest;
  /** The function's `logging` flag: off, nothing it logs is kept. */
  logging: boolean;
  /** The biggest body the function may answer with. */
  maxResponseBytes: number;
};

export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'log'; stream: 'logs' | 'errors'; text: string }
  | { type: 'result'; statusCode: number; headers: Record<string, string>; body: Buffer }
  /** An exception nothing caught (a throw in a timer, say): the worker exits right after. */
  | { type: 'crash'; error: string };
