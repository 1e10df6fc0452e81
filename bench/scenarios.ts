/**
 * The three scenarios and their rotating inputs, sampled from the seeded file: request paths are
 * encoded the way the Appwrite SDK encodes them (`queries[0]=<JSON>` through URLSearchParams).
 */
import Database from 'better-sqlite3';

export const PROJECT_ID = 'ballot-atlas';
export const DOCUMENTS_PATH = '/v1/databases/main/collections/candidates/documents';
export const HEADERS = { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-response-format': '1.8.0' };

export interface Scenario {
  key: 'a' | 'b' | 'c';
  title: string;
  paths: string[];
}

/** The SDK's Query.* helpers: JSON.stringify of {method, attribute, values}. */
const query = {
  equal: (attribute: string, value: string) => JSON.stringify({ method: 'equal', attribute, values: [value] }),
  search: (attribute: string, value: string) => JSON.stringify({ method: 'search', attribute, values: [value] }),
  orderAsc: (attribute: string) => JSON.stringify({ method: 'orderAsc', attribute }),
  limit: (value: number) => JSON.stringify({ method: 'limit', values: [value] }),
};

/** What Client.flatten + url.searchParams.append produce for `{ queries: [...] }`. */
export function listPath(queries: string[]): string {
  const params = new URLSearchParams();
  queries.forEach((text, index) => params.append(`queries[${index}]`, text));
  return `${DOCUMENTS_PATH}?${params}`;
}

/** Search terms people would type: surnames and given names with and without accents, prefixes, two words. */
export const SEARCH_TERMS = [
  'Mensah', 'muñoz', 'munoz', "O'Brien", 'obrien', 'Kwame', 'diallo', 'Traoré', 'kam', 'nguyen',
  'Jean-Baptiste', 'kwame mensah', 'amara', 'okafor', 'søndergaard', 'fatoumata', 'dubois', 'wanji',
  'García', 'Adébáyọ̀', 'ngugi', 'koroma', 'Zoë', 'thor',
];

export interface Inputs {
  areas: { id: string; candidates: number }[];
  ids: string[];
  terms: string[];
  candidates: number;
}

/** Deterministic sample: areas spread over the size range, ids spread over the table. */
export function sampleInputs(file: string, areaCount = 12, idCount = 1000): Inputs {
  const database = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const candidates = (database.prepare('select count(*) as n from main_candidates').get() as { n: number }).n;
    const byArea = database
      .prepare(`select "electoralAreaId" as id, count(*) as candidates from main_candidates where "electoralAreaId" <> '' group by "electoralAreaId" order by candidates, id`)
      .all() as { id: string; candidates: number }[];
    if (byArea.length === 0) throw new Error('no candidate has an electoral area');
    const areas: Inputs['areas'] = [];
    for (let i = 0; i < Math.min(areaCount, byArea.length); i++) {
      const pick = byArea[Math.floor(((i + 0.5) * byArea.length) / Math.min(areaCount, byArea.length))];
      if (pick) areas.push(pick);
    }
    const step = Math.max(1, Math.floor(candidates / idCount));
    const rows = database.prepare('select _uid as id from main_candidates where (_seq - 1) % ? = 0 limit ?').all(step, idCount) as { id: string }[];
    if (rows.length === 0) throw new Error('no candidate ids to sample');
    // Interleave so consecutive requests hit distant rows.
    const ids = rows.map((row, index) => ({ row, key: (index * 7919) % rows.length })).sort((a, b) => a.key - b.key).map((entry) => entry.row.id);
    return { areas, ids, terms: SEARCH_TERMS, candidates };
  } finally {
    database.close();
  }
}

export function buildScenarios(inputs: Inputs): Scenario[] {
  return [
    {
      key: 'a',
      title: `(a) list by electoral area, orderAsc(name), limit 25 — ${inputs.areas.length} areas`,
      paths: inputs.areas.map((area) => listPath([query.equal('electoralAreaId', area.id), query.orderAsc('name'), query.limit(25)])),
    },
    {
      key: 'b',
      title: `(b) search(name), limit 25 — ${inputs.terms.length} terms`,
      paths: inputs.terms.map((term) => listPath([query.search('name', term), query.limit(25)])),
    },
    {
      key: 'c',
      title: `(c) get document by id — ${inputs.ids.length} ids`,
      paths: inputs.ids.map((id) => `${DOCUMENTS_PATH}/${encodeURIComponent(id)}`),
    },
  ];
}
