import { POSTGRES_URL, postgresAvailable, type Engine } from '../../support/test-server.ts';

const postgresUp = await postgresAvailable();
if (!postgresUp) console.info(`compat suite: PostgreSQL at ${POSTGRES_URL} is not reachable, skipping the postgres engine`);

export const engines: readonly { engine: Engine; available: boolean }[] = [
  { engine: 'sqlite', available: true },
  { engine: 'postgres', available: postgresUp },
];
