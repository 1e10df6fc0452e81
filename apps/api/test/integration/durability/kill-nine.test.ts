// Durability under kill -9 (issue 11, item 3): writers against a server in its own process, SIGKILL
// at seeded random moments, a restart on the same data, and after each restart: every acknowledged
// write is there and whole, and nothing unacknowledged is half there. 20 cycles per engine here;
// `npm run durability -- --cycles N [--engine sqlite|postgres] [--seed S]` runs more.
import { expect, it } from 'vitest';
import { describeEachEngine } from '../../support/scenario.ts';
import { runKillCycles } from './kill-cycles.ts';
import { summarise } from './kill-report.ts';

const CYCLES = 20;
const seed = process.env['DURABILITY_SEED'] ?? String(Date.now());

describeEachEngine('kill -9 while writing', (engine) => {
  it(`${CYCLES} kills: no acknowledged write lost, nothing half there (seed ${seed})`, async () => {
    const report = await runKillCycles({ engine, cycles: CYCLES, seed });
    console.info(summarise(report));
    expect(report.violations.map((violation) => `after cycle ${violation.cycle}: [${violation.area}] ${violation.problem}`), `seed ${seed}`).toEqual([]);
  }, 180_000);
});
