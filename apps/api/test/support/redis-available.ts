import { createConnection } from 'node:net';

export const TEST_REDIS_URL = process.env['TEST_REDIS_URL'] ?? 'redis://127.0.0.1:6379';

/** True when Redis at TEST_REDIS_URL accepts a connection; CI requires it (REQUIRE_REDIS=1). */
export async function redisAvailable(): Promise<boolean> {
  const { hostname, port } = new URL(TEST_REDIS_URL);
  const up = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  if (!up && process.env['REQUIRE_REDIS'] === '1') throw new Error(`Redis at ${TEST_REDIS_URL} is required (REQUIRE_REDIS=1) but not reachable`);
  return up;
}
