import cluster from 'node:cluster';
import type { AppOptions } from '../app.ts';
import type { Config } from '../config.ts';
import { ClusterRateLimiter } from './cluster-rate-limiter.ts';
import { ClusterWakeups } from './cluster-wakeups.ts';
import { isClusterMessage, type PrimaryMessage } from './messages.ts';

/**
 * What a cluster worker hands createApp: without Redis, abuse limits and event wake-ups go through
 * the primary; with Redis (or outside a cluster) nothing changes.
 */
export function clusterWorkerOptions(config: Config): Pick<AppOptions, 'rateLimiter' | 'processWakeups'> {
  if (!cluster.isWorker || config.redisUrl) return {};
  return { rateLimiter: new ClusterRateLimiter(), processWakeups: (onWake) => new ClusterWakeups(onWake) };
}

/** In a cluster worker, the primary's shutdown message starts the same drain as SIGTERM. */
export function followPrimaryShutdown(requestStop: (reason: string) => void): void {
  if (!cluster.isWorker) return;
  process.on('message', (message: unknown) => {
    if (isClusterMessage<PrimaryMessage>(message) && message.ballot === 'shutdown') requestStop(`${message.reason}, from the cluster primary`);
  });
}
