import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { Config } from '../../config.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import type { EventBus } from '../../events/index.ts';
import { resolveVariables, serverSettings } from '../../functions/function-variables.ts';
import { loadFunctions, type LoadedFunction } from '../../functions/load-functions.ts';
import { FunctionPool } from '../../functions/runtime/function-pool.ts';
import type { JobClock } from '../../jobs/job-clock.ts';
import type { ProjectSchema } from '../../schema/project-schema.ts';
import { createFunctionServices, type FunctionServices } from './function-services.ts';

export interface AppFunctions {
  services: FunctionServices;
  /** Once the server listens: functions reach the API at its address, and this process starts taking queued work. */
  listening(address: AddressInfo | string | null): void;
  /** Stops taking work, waits up to `timeoutMs` for executions in flight, then stops the worker processes. */
  close(timeoutMs: number): Promise<void>;
}

/**
 * The declared functions, their folders and entry points checked and their variables filled in;
 * read before the database is opened, so a bad declaration stops start-up having touched nothing.
 */
export function loadDeclaredFunctions(config: Config, schema: ProjectSchema): LoadedFunction[] {
  const settings = serverSettings(config);
  return loadFunctions(schema.functions, dirname(config.schemaFile), config.schemaFile).map((fn) => ({ ...fn, vars: resolveVariables(fn.vars, settings) }));
}

/** The worker pool, the executions, the queue and cron of one server process. */
export async function createAppFunctions(config: Config, functions: LoadedFunction[], dialect: SqlDialect, jwtKey: string, clock: JobClock, events: EventBus, log: (level: 'info' | 'warn' | 'error', message: string) => void): Promise<AppFunctions> {
  let apiEndpoint = `${config.siteUrl}/v1`;
  const pool = new FunctionPool({
    size: config.functionsWorkers,
    idleTimeoutMs: config.functionsIdleSeconds * 1000,
    projectId: config.projectId,
    get apiEndpoint() {
      return apiEndpoint;
    },
  });
  const services = await createFunctionServices({
    dialect, projectId: config.projectId, jwtKey, functions, runner: pool, clock, concurrency: config.executionsConcurrency, pollMs: config.jobsPollMs, events, log,
  });
  return {
    services,
    listening(address) {
      if (address && typeof address === 'object') {
        const host = address.address === '0.0.0.0' || address.address === '::' ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
        apiEndpoint = `http://${host}:${address.port}/v1`;
      }
      services.start();
    },
    async close(timeoutMs) {
      await services.stop(timeoutMs);
      await pool.close();
    },
  };
}
