// Issue 12, item 2: a Popolo document from elsewhere imports through Popolo's own fields, with
// references by slug or id resolved against rows met earlier in the file; each refused item is
// named by its JSON pointer. A document that is not JSON is refused whole.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN } from '../../../src/core/context.ts';
import { describeImportFiles, importFiles } from '../../../src/directory-io/import-files.ts';
import type { RowOutcome } from '../../../src/directory-io/import-rows.ts';
import { describeEachEngine } from '../../support/scenario.ts';
import type { TestServer } from '../../support/test-server.ts';
import { startDirectoryServer, useFolder, writeFile } from './directory-store.ts';

// Persons come first here, as in many Popolo files; the import still reads them after what they refer to.
const DOCUMENT = {
  persons: [
    { id: 'c1', name: 'Ada Obi', gender: 'female', birth_date: '1970-01-02', links: [{ url: 'https://ada.example.org/', note: 'website' }], ballot_atlas: { slug: 'ada-obi', electionId: 'general-2027', status: 'nominated' } },
    { id: 'c2', name: 'Bo Ali', ballot_atlas: { slug: 'bo-ali', electionId: 'e1', status: 'nominated' } },
    { id: 'c3', name: 'Cy Dee', birth_date: 'spring', ballot_atlas: { slug: 'cy-dee', electionId: 'e1', status: 'nominated' } },
  ],
  memberships: [
    { id: 'c1', person_id: 'c1', role: 'candidate', post_id: 'o1', on_behalf_of_id: 'party-one' },
    { id: 'c2', person_id: 'c2', role: 'candidate', post_id: 'o1', on_behalf_of_id: 'p-unknown' },
    { id: 'c3', person_id: 'c3', role: 'candidate', post_id: 'o1' },
    { id: 'c9', person_id: 'nobody', role: 'candidate', post_id: 'o1' },
  ],
  organizations: [{ id: 'p1', name: 'Party One', classification: 'party', founding_date: '1990-05-01', ballot_atlas: { slug: 'party-one' } }],
  areas: [
    { id: 'r1', name: 'North', identifier: 'N', classification: 'region', ballot_atlas: { slug: 'north' } },
    { id: 'w1', name: 'Ward One', classification: 'ward' },
  ],
  posts: [{ id: 'o1', label: 'President', role: 'President', ballot_atlas: { slug: 'president', level: 'national' } }],
  events: [{ id: 'e1', name: 'General Election 2027', classification: 'election', start_date: '2027-03-04', status: 'upcoming', ballot_atlas: { slug: 'general-2027' } }],
};

/** In dependency order (areas, offices, parties, elections, then candidates), refused items of the first lists after them. */
const EXPECTED: [string, RowOutcome['action'], RegExp?][] = [
  ['/areas/0', 'create'],
  ['/posts/0', 'create'],
  ['/organizations/0', 'create'],
  ['/events/0', 'create'],
  ['/areas/1', 'refused', /classification "ward" names nothing the directory keeps in areas/],
  ['/persons/0', 'create'],
  ['/persons/1', 'refused', /unknown reference: partyId "p-unknown"/],
  ['/persons/2', 'refused', /Attribute "dateOfBirth" has invalid format/],
  ['/memberships/3', 'refused', /person_id "nobody" names no item of persons/],
];

describeEachEngine('Popolo JSON import', (engine) => {
  let server: TestServer;
  const folder = useFolder();
  beforeAll(async () => {
    server = await startDirectoryServer(engine);
  });
  afterAll(() => server?.close());

  it('names every item by its JSON pointer and writes the good ones', async () => {
    const services = server.app.services;
    const files = describeImportFiles(services.schema, [writeFile(folder(), 'country.json', JSON.stringify(DOCUMENT, null, 2))], {});
    const outcomes: RowOutcome[] = [];
    const summary = await importFiles(services, files, { write: true, onRow: (outcome) => outcomes.push(outcome) });
    expect(outcomes.map((outcome) => [outcome.pointer, outcome.action])).toEqual(EXPECTED.map(([pointer, action]) => [pointer, action]));
    for (const [pointer, , reason] of EXPECTED) if (reason) expect(outcomes.find((outcome) => outcome.pointer === pointer)?.reason).toMatch(reason);
    expect(summary).toMatchObject({ create: 5, refused: 4 });

    const address = { databaseId: 'main', collectionId: 'candidates' };
    const ada = await services.documents.get(ADMIN, address, 'c1', []);
    expect(ada).toMatchObject({ name: 'Ada Obi', slug: 'ada-obi', gender: 'female', dateOfBirth: '1970-01-02T00:00:00.000+00:00', partyId: 'p1', officeId: 'o1', electionId: 'e1', website: 'https://ada.example.org/', socialLinks: [] });
    const party = await services.documents.get(ADMIN, { databaseId: 'main', collectionId: 'parties' }, 'p1', []);
    expect(party).toMatchObject({ name: 'Party One', founded: 1990, website: null });
    const again = await importFiles(services, files, { write: true });
    expect(again).toMatchObject({ unchanged: 5, create: 0, update: 0, refused: 4 });
  });

  it('refuses a document that is not JSON, naming why', async () => {
    const services = server.app.services;
    const files = describeImportFiles(services.schema, [writeFile(folder(), 'broken.json', '{"areas": [{"id": "r9", "name": "Cut off"')], {});
    const outcomes: RowOutcome[] = [];
    await importFiles(services, files, { write: false, onRow: (outcome) => outcomes.push(outcome) });
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ action: 'refused', collectionId: 'document' });
    expect(outcomes[0]!.reason).toMatch(/not valid JSON/);
  });
});
