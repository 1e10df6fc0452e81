/**
 * `npm run durability -- [--cycles N] [--engine sqlite|postgres] [--seed S]`: the kill -9 run of
 * `npm test` (apps/api/test/integration/durability/), longer. Writers against a server in its own
 * process, SIGKILL at seeded random moments, restart, check; both engines unless one is named
 * (PostgreSQL from TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
 * Exits 1 when an acknowledged write was lost or something was left half there.
 */
import { parseArgs } from 'node:util';
import { runKillCycles } from '../apps/api/test/integration/durability/kill-cycles.ts';
import { summarise } from '../apps/api/test/integration/durability/kill-report.ts';
import { postgresAvailable, type Engine } from '../apps/api/test/support/test-server.ts';

const usage = 'Usage: npm run durability -- [--cycles N] [--engine sqlite|postgres] [--seed S]';
const { values } = parseArgs({ options: { cycles: { type: 'string', default: '100' }, engine: { type: 'string' }, seed: { type: 'string' } } });
const cycles = Number(values.cycles);
if (!Number.isInteger(cycles) || cycles < 1 || (values.engine && !['sqlite', 'postgres'].includes(values.engine))) {
  console.error(usage);
  process.exit(2);
}
const seed = values.seed ?? String(Date.now());
let engines: Engine[] = values.engine ? [values.engine as Engine] : ['sqlite', 'postgres'];
if (!values.engine && !(await postgresAvailable())) {
  console.warn('PostgreSQL does not answer: running SQLite only.');
  engines = ['sqlite'];
}

let failed = false;
for (const engine of engines) {
  console.log(`[${engine}] ${cycles} cycles, seed ${seed}`);
  const report = await runKillCycles({ engine, cycles, seed, log: (line) => console.log(line) });
  console.log(summarise(report));
  failed ||= report.violations.length > 0;
}
process.exit(failed ? 1 : 0);
