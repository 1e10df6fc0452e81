import { AppwriteError } from '../../core/errors.ts';
import type { FileDevice } from '../storage/file-device.ts';
import { RedisProbe } from './redis-probe.ts';
import { probeFileDevice, probeLocalFolders } from './storage-probe.ts';

export interface HealthStatus {
  name: string;
  ping: number;
  status: 'pass';
}

/** A dependency slower than this is as good as down to a load balancer (an S3 store that accepts and never answers). */
const PROBE_TIMEOUT_MS = 5_000;

/**
 * A check's answer is given to every caller while it runs and for this long after: the routes need
 * no key, so however often they are called, each process runs one probe of a dependency at a time
 * and at most about one a second (an S3 PUT costs money).
 */
const REUSE_ANSWER_MS = 1_000;

/** Without REDIS_URL, abuse limits and event wake-ups are this process's own: nothing to reach. */
const IN_PROCESS: HealthStatus = { name: 'memory', ping: 0, status: 'pass' };

export interface HealthDependencies {
  /** REDIS_URL; without it cache (abuse limits) and pub/sub (event wake-ups) live in this process. */
  redisUrl: string | undefined;
  redisPrefix: string;
  device: FileDevice;
  /** Where the probe's scratch file is written before it goes to the device. */
  scratchDir: string;
  /** Folders this process writes to itself, whatever the file device (DATA_DIR, its scratch folder). */
  localFolders: readonly string[];
}

/**
 * The checks behind /v1/health/*: each probes one dependency the way requests use it and throws
 * 503 `general_service_unavailable` naming it when it fails, so a load balancer takes the process out.
 */
export class DependencyHealth {
  private readonly redis: RedisProbe | undefined;
  private readonly dependencies: HealthDependencies;
  /** The last probe of each dependency: still running (settledAt undefined), or answered then. */
  private readonly answers = new Map<string, { settledAt: number | undefined; answer: Promise<HealthStatus> }>();

  constructor(dependencies: HealthDependencies) {
    this.dependencies = dependencies;
    this.redis = dependencies.redisUrl ? new RedisProbe(dependencies.redisUrl, dependencies.redisPrefix) : undefined;
  }

  cache(): Promise<HealthStatus> {
    const redis = this.redis;
    return redis ? this.check('redis', 'cache', () => redis.ping()) : Promise.resolve(IN_PROCESS);
  }

  pubsub(): Promise<HealthStatus> {
    const redis = this.redis;
    return redis ? this.check('redis', 'pubsub', () => redis.publish()) : Promise.resolve(IN_PROCESS);
  }

  storage(): Promise<HealthStatus> {
    return this.check('storage', 'storage', () => probeFileDevice(this.dependencies.device, this.dependencies.scratchDir));
  }

  localStorage(): Promise<HealthStatus> {
    return this.check('storage', 'storage/local', () => probeLocalFolders(this.dependencies.localFolders));
  }

  close(): void {
    this.redis?.close();
  }

  private check(name: string, dependency: string, probe: () => Promise<number>): Promise<HealthStatus> {
    const recent = this.answers.get(dependency);
    if (recent && (recent.settledAt === undefined || performance.now() - recent.settledAt < REUSE_ANSWER_MS)) return recent.answer;
    const entry: { settledAt: number | undefined; answer: Promise<HealthStatus> } = { settledAt: undefined, answer: this.probe(name, dependency, probe) };
    const settled = () => void (entry.settledAt = performance.now());
    entry.answer.then(settled, settled);
    this.answers.set(dependency, entry);
    return entry.answer;
  }

  private async probe(name: string, dependency: string, probe: () => Promise<number>): Promise<HealthStatus> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
    });
    try {
      return { name, ping: await Promise.race([probe(), timeout]), status: 'pass' };
    } catch {
      // Appwrite's wording; the address or driver message is not for any caller to read.
      throw new AppwriteError('general_service_unavailable', `${dependency[0]!.toUpperCase()}${dependency.slice(1)} failure on: ${name}`);
    } finally {
      clearTimeout(timer);
    }
  }
}
