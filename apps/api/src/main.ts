import cluster from 'node:cluster';
import { ConfigError, loadConfig } from './config.ts';
import { primaryLog } from './cluster/primary-log.ts';
import { runPrimary } from './cluster/run-primary.ts';
import { clusterWorkerOptions, followPrimaryShutdown } from './cluster/worker-options.ts';
import { createApp } from './app.ts';
import { SchemaChangeError } from './db/schema/apply-schema.ts';
import { DatabaseUnavailableError } from './db/dialects/outage.ts';
import { exitOnSignals } from './http/graceful-shutdown.ts';
import { SchemaError } from './schema/project-schema.ts';

/**
 * Process entry: config → database and schema → demo data when empty → listen; drains and closes on
 * SIGTERM/SIGINT. With WORKERS > 1 this process becomes the cluster's primary and each worker runs this.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    runPrimary({ workers: config.workers, address: `${config.host}:${config.port}`, log: primaryLog(config.logLevel) });
    return;
  }
  const app = await createApp(config, { web: true, seed: true, ...clusterWorkerOptions(config) });
  const log = app.server.log;
  const { created, altered, orphaned } = app.schemaReport;
  if (created.length) log.info(`schema: created ${created.join(', ')}`);
  if (altered.length) log.info(`schema: altered ${altered.join(', ')}`);
  if (orphaned.length) log.warn(`schema: tables kept for collections no longer in the schema: ${orphaned.join(', ')}`);
  const editors = await app.services.teams.records.team('editors');
  if (editors && editors.data['total'] === 0) {
    log.info(`No editors yet: sign up at ${config.siteUrl}/signup, then run: npm run editor -- --email <your address> --role owner`);
  }
  // A promise nobody awaited failed: worth a line, not the process (requests in flight would be lost with it).
  process.on('unhandledRejection', (reason) => log.error(`unhandled rejection: ${reason instanceof Error ? `${reason.name}: ${reason.message}` : typeof reason}`));
  followPrimaryShutdown(exitOnSignals((signal) => app.close(signal), log));
  await app.server.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SchemaError || error instanceof SchemaChangeError) {
    console.error(error.message);
  } else if (error instanceof DatabaseUnavailableError) {
    console.error(`Start-up failed: the database cannot be reached (${error.reason})`);
  } else {
    console.error('Start-up failed:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
