// A worker's abuse-limit hits over IPC: answered by request id, and a hit the primary does not
// answer in time fails (as the Redis limiter fails when Redis is down) instead of passing uncounted.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { WorkerMessage } from './messages.ts';

const CHILD = fileURLToPath(new URL('../../test/support/cluster-limiter-child.ts', import.meta.url));

describe('ClusterRateLimiter', () => {
  it('resolves with the primary answer to its request id, and rejects a hit left unanswered past the timeout', async () => {
    const child = fork(CHILD, ['300'], { stdio: 'inherit' });
    const reports: unknown[] = [];
    const hits: WorkerMessage[] = [];
    child.on('message', (message: any) => {
      if (message.report) return void reports.push(message.report);
      hits.push(message as WorkerMessage);
      // The "primary" answers the first key only.
      if (message.ballot === 'rate-hit' && message.key === 'answered') {
        child.send({ ballot: 'rate-result', id: message.id + 1000, result: { allowed: true, limit: 10, remaining: 0, reset: 1 } });
        child.send({ ballot: 'rate-result', id: message.id, result: { allowed: false, limit: 10, remaining: 0, reset: 2 } });
      }
    });
    const started = Date.now();
    await new Promise((resolve) => child.once('exit', resolve));
    expect(hits.map((hit) => hit.ballot === 'rate-hit' && hit.key)).toEqual(['answered', 'unanswered']);
    expect(reports).toEqual([
      { key: 'answered', result: { allowed: false, limit: 10, remaining: 0, reset: 2 } },
      { key: 'unanswered', error: { code: 503, reason: 'the cluster primary did not answer within 300 ms' } },
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  }, 30_000);
});
