import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createApp, type App } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';

/**
 * Site and API in this process on a seeded data dir (no seeding, silent, abuse limits off), the
 * site's API calls pointed at it. Exits with a hint when the dir holds no database.
 */
export async function startSiteOnData(dataDir: string): Promise<{ app: App; origin: string }> {
  if (!existsSync(resolve(dataDir, 'ballot-atlas.sqlite'))) {
    console.error(`No database in ${dataDir}; run npm run bench first (it prepares the 1M-candidate data).`);
    process.exit(1);
  }
  const app = await createApp(loadConfig({ ...process.env, DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', PORT: '0', ABUSE_LIMITS: 'disabled' }), { web: true });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.server.address() as { port: number }).port}`;
  process.env['API_ENDPOINT'] = `${origin}/v1`;
  return { app, origin };
}
