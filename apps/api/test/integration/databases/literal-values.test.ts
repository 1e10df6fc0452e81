// Values that look like SQL are stored and matched literally, and any Unicode text round-trips
// unchanged, on both engines.
import { expect } from 'vitest';
import { DOCUMENTS, ensureDocuments, queryString, runScenarios, type Scenario, type ScenarioContext } from '../../support/scenario.ts';

const injection = "' OR 1=1 --";
const dropTable = '"; drop table main_items; --';
const unicodeTitle = 'Zürich 🗳️ 北京 — مرحبا';
const unicodeBody = 'e\u0301 (combining) · 👨‍👩‍👧‍👦 (ZWJ family) · 𝔘𝔫𝔦 (astral) · \u200f‏RTL mark · tab\there';
const sixtyFourEmoji = '😀'.repeat(64);

const fixtures = [
  { id: 'lit-sql', data: { title: injection, body: dropTable, tags: [dropTable, injection] } },
  { id: 'lit-unicode', data: { title: unicodeTitle, body: unicodeBody, tags: ['🗳️', 'ß'] } },
  { id: 'lit-plain', data: { title: 'Plain', body: 'nothing special' } },
];
const seed = ({ server }: ScenarioContext) => ensureDocuments(server, 'main/items', fixtures);

function ids(json: { documents: { $id: string }[] }): string[] {
  return json.documents.map((document) => document.$id);
}

function list(...queries: object[]): Pick<Scenario, 'method' | 'path' | 'setup'> {
  return { method: 'GET', path: `${DOCUMENTS}?${queryString(...queries)}`, setup: seed };
}

const scenarios: Scenario[] = [
  {
    name: 'SQL-ish values are stored as given',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'lit-sql-create', data: { title: injection, body: dropTable, tags: [injection] } },
    expectedStatus: 201,
    check: (json) => expect(json).toMatchObject({ title: injection, body: dropTable, tags: [injection] }),
  },
  {
    name: 'SQL-ish values read back unchanged',
    method: 'GET',
    path: `${DOCUMENTS}/lit-sql`,
    setup: seed,
    expectedStatus: 200,
    check: (json) => expect(json).toMatchObject(fixtures[0]!.data),
  },
  {
    name: 'equal with an injection string matches only the document holding it',
    ...list({ method: 'equal', attribute: 'title', values: [injection] }, { method: 'equal', attribute: '$id', values: fixtures.map((fixture) => fixture.id) }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toEqual(['lit-sql']),
  },
  {
    name: "equal with ' OR '1'='1 matches nothing rather than everything",
    ...list({ method: 'equal', attribute: 'title', values: ["x' OR '1'='1"] }),
    expectedStatus: 200,
    check: (json) => expect(json).toEqual({ total: 0, documents: [] }),
  },
  {
    name: 'contains on an array with a drop-table string matches literally',
    ...list({ method: 'contains', attribute: 'tags', values: [dropTable] }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toEqual(['lit-sql']),
  },
  {
    name: 'startsWith a quote matches literally',
    ...list({ method: 'startsWith', attribute: 'title', values: ["'"] }, { method: 'equal', attribute: '$id', values: ['lit-sql', 'lit-plain'] }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toEqual(['lit-sql']),
  },
  {
    name: 'a search made of SQL keywords and quotes is just words',
    ...list({ method: 'search', attribute: 'title', values: ["'; select * from main_items; --"] }),
    expectedStatus: 200,
    check: (json) => expect(json.total).toBe(0),
  },
  {
    name: 'the table survived every drop-table string',
    ...list({ method: 'equal', attribute: '$id', values: ['lit-plain'] }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toEqual(['lit-plain']),
  },
  {
    name: 'Unicode text is stored as given',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'lit-unicode-create', data: { title: unicodeTitle, body: unicodeBody, tags: ['🗳️'] } },
    expectedStatus: 201,
    check: (json) => expect(json).toMatchObject({ title: unicodeTitle, body: unicodeBody, tags: ['🗳️'] }),
  },
  {
    name: 'Unicode text reads back unchanged',
    method: 'GET',
    path: `${DOCUMENTS}/lit-unicode`,
    setup: seed,
    expectedStatus: 200,
    check: (json) => expect(json).toMatchObject(fixtures[1]!.data),
  },
  {
    name: 'equal on Unicode text matches exactly',
    ...list({ method: 'equal', attribute: 'title', values: [unicodeTitle] }, { method: 'equal', attribute: '$id', values: ['lit-unicode'] }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toEqual(['lit-unicode']),
  },
  {
    name: 'contains with an emoji sequence finds the text holding it',
    ...list({ method: 'contains', attribute: 'body', values: ['👨‍👩‍👧‍👦'] }, { method: 'equal', attribute: '$id', values: ['lit-unicode', 'lit-plain'] }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toEqual(['lit-unicode']),
  },
  {
    name: 'an emoji array element matches',
    ...list({ method: 'contains', attribute: 'tags', values: ['🗳️'] }, { method: 'equal', attribute: '$id', values: ['lit-unicode', 'lit-sql'] }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toEqual(['lit-unicode']),
  },
  {
    name: 'search folds accents: zurich finds Zürich',
    ...list({ method: 'search', attribute: 'title', values: ['zurich'] }),
    expectedStatus: 200,
    check: (json) => expect(ids(json)).toContain('lit-unicode'),
  },
  {
    name: 'sizes count characters, not bytes: 64 emoji fit a size of 64',
    method: 'POST',
    path: DOCUMENTS,
    body: { documentId: 'lit-emoji-64', data: { title: sixtyFourEmoji } },
    expectedStatus: 201,
    check: (json) => expect(json.title).toBe(sixtyFourEmoji),
  },
];

runScenarios('literal values', scenarios);
