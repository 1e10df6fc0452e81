// About forty calendar events around the 2027 polling day (4 March 2027): a fixed national
// timetable, regional registration drives and governor debates, and two rallies per party.

import type { Geography } from './geography.ts';
import type { Party } from './institutions.ts';
import { ELECTIONS } from './institutions.ts';
import { COUNTRY } from './names.ts';
import { Rng } from './prng.ts';
import { iso } from './time.ts';
import type { DemoRecord } from './types.ts';

export const EVENT_COUNT = 40;

type Kind = 'registration' | 'nomination' | 'campaign' | 'debate' | 'polling' | 'results' | 'other';

interface EventSpec {
  title: string;
  description: string;
  start: string;
  end: string | null;
  allDay: boolean;
  location: string;
  kind: Kind;
  regionId: string;
  districtId: string;
  partyId: string;
  url: boolean;
}

const CAPITAL = 'National Electoral Commission, Heart of the Valley';

function national(kind: Kind, title: string, description: string, start: string, end: string | null, allDay: boolean, location = CAPITAL): EventSpec {
  return { title, description, start, end, allDay, location, kind, regionId: '', districtId: '', partyId: '', url: true };
}

export function buildEvents(seed: number, geo: Geography, parties: readonly Party[]): EventSpec[] {
  const rng = new Rng(seed, 'events');
  const events: EventSpec[] = [
    national('registration', 'Voter registration opens', `Citizens of ${COUNTRY} aged 18 and over can register at any district office.`, iso(2026, 9, 1), iso(2026, 10, 15), true, 'All district offices'),
    national('registration', 'Voter registration closes', 'Last day to register or to transfer your registration to a new electoral area.', iso(2026, 10, 15), null, true, 'All district offices'),
    national('other', 'Provisional voters\u2019 register on display', 'Check your entry and ask for corrections at your polling station.', iso(2026, 11, 2), iso(2026, 11, 13), true, 'All polling stations'),
    national('other', 'Observer accreditation deadline', 'Domestic and international observer groups must apply for accreditation by this date.', iso(2026, 11, 20, 17), null, false),
    national('nomination', 'Presidential nominations', 'Presidential candidates file their nomination papers with the Commission.', iso(2026, 11, 23, 9), iso(2026, 11, 27, 16), false),
    national('nomination', 'Parliamentary and local nominations', 'Nominations for Member of Parliament, Assembly Member, District Chief Executive and District Woman Representative.', iso(2026, 11, 30, 9), iso(2026, 12, 4, 16), false, 'All district returning offices'),
    national('other', 'Final list of candidates published', 'The Commission publishes the final, validated list of candidates for every race.', iso(2026, 12, 18, 10), null, false),
    national('campaign', 'Official campaign period begins', 'Candidates and parties may hold rallies and advertise from today.', iso(2027, 1, 4), null, true, `Across ${COUNTRY}`),
    national('debate', 'First presidential debate', 'All presidential candidates are invited; broadcast live on national radio and television.', iso(2027, 2, 11, 19), iso(2027, 2, 11, 21), false, "National Theatre, Ng'ambo"),
    national('debate', 'Second presidential debate', 'The second debate focuses on the economy, health and education.', iso(2027, 2, 25, 19), iso(2027, 2, 25, 21), false, 'Université Libre de Sainte-Hélène'),
    national('polling', 'Special voting for security forces and election officials', 'Early voting for those on duty on polling day.', iso(2027, 2, 28, 7), iso(2027, 2, 28, 17), false, 'Designated polling stations'),
    national('campaign', 'Campaign period ends', 'All campaigning must stop 48 hours before polls open.', iso(2027, 3, 2, 6), null, false, `Across ${COUNTRY}`),
    national('polling', 'Polling day', 'Polls are open from 7:00 to 17:00. Bring your voter card or national identity card.', iso(2027, 3, 4), null, true, 'All polling stations'),
    national('results', 'Provisional results', 'Results are posted at each polling station and published by district.', iso(2027, 3, 5, 12), null, false),
    national('results', 'Declaration of presidential results', 'The Commission chair declares the presidential result.', iso(2027, 3, 7, 15), null, false),
    national('other', 'Swearing-in of the President', 'Inauguration ceremony of the President-elect.', iso(2027, 4, 1, 10), iso(2027, 4, 1, 13), false, 'Independence Square, Heart of the Valley'),
  ];

  geo.regions.forEach((region, i) => {
    const district = rng.pick(rng.pick(region.subregions).districts);
    events.push({
      title: `Registration drive in ${region.name}`,
      description: `Mobile registration teams visit markets and schools across ${region.name}.`,
      start: iso(2026, 9, 7 + i * 7), end: iso(2026, 9, 11 + i * 7), allDay: true,
      location: `${district.name} district office`, kind: 'registration',
      regionId: region.id, districtId: district.id, partyId: '', url: false,
    });
    events.push({
      title: `Governor debate: ${region.name}`,
      description: `Candidates for Regional Governor of ${region.name} answer questions from voters.`,
      start: iso(2027, 2, 15 + i, 18, 30), end: iso(2027, 2, 15 + i, 20, 30), allDay: false,
      location: `Town hall, ${district.name}`, kind: 'debate',
      regionId: region.id, districtId: district.id, partyId: '', url: true,
    });
  });

  const venues = ['Stadium', 'Market Square', 'Community Grounds', 'Town Hall'];
  parties.forEach((party, i) => {
    for (let n = 0; n < 2; n++) {
      const district = rng.pick(geo.districts);
      const day = 8 + ((i * 5 + n * 17) % 48); // spread over January and February 2027
      const start = iso(2027, 1, day, 14 + rng.int(3));
      events.push({
        title: `${party.abbreviation} rally in ${district.name}`,
        description: `${party.name} campaign rally with its candidates for ${district.region.name}.`,
        start, end: null, allDay: false,
        location: `${district.name} ${rng.pick(venues)}`, kind: 'campaign',
        regionId: district.region.id, districtId: district.id, partyId: party.id, url: false,
      });
    }
  });

  events.sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
  return events;
}

export function* eventRecords(seed: number, geo: Geography, parties: readonly Party[]): Generator<DemoRecord> {
  const events = buildEvents(seed, geo, parties);
  const current = (ELECTIONS[0] as { id: string }).id;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as EventSpec;
    const id = `ev${String(i + 1).padStart(2, '0')}`;
    yield {
      collectionId: 'events',
      documentId: id,
      data: {
        title: e.title,
        description: e.description,
        start: e.start,
        end: e.end,
        allDay: e.allDay,
        location: e.location,
        kind: e.kind,
        electionId: current,
        regionId: e.regionId,
        districtId: e.districtId,
        partyId: e.partyId,
        url: e.url ? `https://elections.example.org/calendar/${id}` : null,
      },
    };
  }
}
