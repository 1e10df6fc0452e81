import type { RateLimitResult } from '../core/rate-limiter.ts';

/**
 * What the cluster's primary and its workers say to each other over Node's IPC channel. Every
 * message carries `ballot`, so the worker and primary listeners skip anything else on the channel.
 */
export type WorkerMessage =
  | { ballot: 'rate-hit'; id: number; key: string; limit: number; windowSeconds: number }
  | { ballot: 'committed' };

export type PrimaryMessage =
  | { ballot: 'rate-result'; id: number; result: RateLimitResult }
  | { ballot: 'committed' }
  | { ballot: 'shutdown'; reason: string };

export function isClusterMessage<T extends { ballot: string }>(message: unknown): message is T {
  return typeof message === 'object' && message !== null && typeof (message as { ballot?: unknown }).ballot === 'string';
}
