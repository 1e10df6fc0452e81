/** A process using ClusterRateLimiter as a cluster worker would; reports each hit's outcome to its parent. */
import { ClusterRateLimiter } from '../../src/cluster/cluster-rate-limiter.ts';

const limiter = new ClusterRateLimiter(Number(process.argv[2]));
for (const key of ['answered', 'unanswered']) {
  const outcome = await limiter.hit(key, 10, 60).then(
    (result) => ({ key, result }),
    (error: Error & { code?: number; reason?: string }) => ({ key, error: { code: error.code, reason: error.reason } }),
  );
  process.send!({ report: outcome });
}
await limiter.close();
process.disconnect();
