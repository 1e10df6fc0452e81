/**
 * The server's cost of a candidate event that a socket's subscription query filters out, the case
 * of every results or list page not about that race once pages subscribe with filters
 * (decision 020): the per-socket subscription match a fan-out runs, timed in-process over many
 * sockets' subscription sets. The end-to-end cost of a delivered event (frame sent) is bench/realtime.ts's.
 *   npx node bench/realtime-filter.ts [--sockets 100000] [--events 200]
 */
import { parseArgs } from 'node:util';
import { readSubscriptionQueries } from '../apps/api/src/realtime/subscription-queries.ts';
import { SubscriptionSet } from '../apps/api/src/realtime/subscriptions.ts';

const { values } = parseArgs({ options: { sockets: { type: 'string', default: '100000' }, events: { type: 'string', default: '200' } } });
const socketCount = Number(values.sockets);
const eventCount = Number(values.events);
const CANDIDATES = 'databases.main.collections.candidates.documents';

const equal = (attribute: string, values: unknown[]) => JSON.stringify({ method: 'equal', attribute, values });
/** A results page's filter, as the site builds it: its race, or one of the candidates it shows. */
function raceQueries(race: number): string[] {
  const inRace = JSON.stringify({ method: 'and', values: [equal('electionId', ['e2027']), equal('officeId', ['mp']), equal('electoralAreaId', [`area${race}`])].map((text) => JSON.parse(text)) });
  const shown = equal('$id', Array.from({ length: 6 }, (_unused, index) => `c${race}-${index}`));
  return [JSON.stringify({ method: 'or', values: [JSON.parse(inRace), JSON.parse(shown)] })];
}

const ignore = { joined() {}, left() {} };
const sets = Array.from({ length: socketCount }, (_unused, index) => {
  const set = new SubscriptionSet(64, ignore);
  set.put([{ id: `s${index}`, channels: new Set([CANDIDATES]), ...readSubscriptionQueries(raceQueries(index % 275)) }]);
  return set;
});

/** A vote write in race `race`: the payload a candidate update carries (top-level attributes). */
function payload(race: number, event: number): Record<string, unknown> {
  return { $id: `c${race}-${event % 6}`, name: 'Candidate', electionId: 'e2027', officeId: 'mp', electoralAreaId: `area${race}`, districtId: 'd1', votes: event, votePercent: 12.5, status: 'standing' };
}

const channels = [CANDIDATES, `${CANDIDATES}.c`];
let delivered = 0;
for (let warm = 0; warm < 20; warm++) for (const set of sets) if (set.match(channels, payload(warm % 275, warm))) delivered++;
delivered = 0;
const started = process.hrtime.bigint();
for (let event = 0; event < eventCount; event++) {
  const data = payload(event % 275, event);
  for (const set of sets) if (set.match(channels, data)) delivered++;
}
const elapsedNs = Number(process.hrtime.bigint() - started);
const checks = socketCount * eventCount;
console.log(`${socketCount} sockets (275 races), ${eventCount} events: ${checks} subscription matches, ${delivered} kept (${((delivered / checks) * 100).toFixed(2)} %)`);
console.log(`${(elapsedNs / checks).toFixed(0)} ns per socket per event; ${(elapsedNs / eventCount / 1e6).toFixed(1)} ms of CPU per event over all sockets`);
