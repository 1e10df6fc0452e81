// The `queries` array arrives in every form SDKs and browsers write it; each gives the same page.
// Also: `total=false` skips the count.
import { expect } from 'vitest';
import { DOCUMENTS, ensureDocuments, runScenarios, type Scenario, type ScenarioContext } from '../../support/scenario.ts';

const fixtures = [1, 2, 3, 4].map((n) => ({ id: `qs-${n}`, data: { title: `Query ${n}`, kind: 'beta', count: n * 10 } }));
const seed = ({ server }: ScenarioContext) => ensureDocuments(server, 'main/items', fixtures);

// kind = beta, highest count first, two per page → qs-4, qs-3.
const queries = [
  { method: 'equal', attribute: 'kind', values: ['beta'] },
  { method: 'orderDesc', attribute: 'count' },
  { method: 'limit', values: [2] },
].map((query) => encodeURIComponent(JSON.stringify(query)));
const [filter, order, limit] = queries as [string, string, string];

function samePage(json: { total: number; documents: { $id: string }[] }): void {
  expect(json.documents.map((document) => document.$id)).toEqual(['qs-4', 'qs-3']);
  expect(json.total).toBe(4);
}

const forms: [string, string][] = [
  ['indexed keys queries[0]=', `queries[0]=${filter}&queries[1]=${order}&queries[2]=${limit}`],
  ['indexed keys out of order', `queries[2]=${limit}&queries[0]=${filter}&queries[1]=${order}`],
  ['empty brackets queries[]=', `queries[]=${filter}&queries[]=${order}&queries[]=${limit}`],
  ['a repeated plain key queries=', `queries=${filter}&queries=${order}&queries=${limit}`],
];

const scenarios: Scenario[] = [
  ...forms.map(([form, query]): Scenario => ({
    name: `${form} gives the expected page`,
    method: 'GET',
    path: `${DOCUMENTS}?${query}`,
    setup: seed,
    expectedStatus: 200,
    check: samePage,
  })),
  {
    name: 'a single plain queries= is read as a one-element array',
    method: 'GET',
    path: `${DOCUMENTS}?queries=${filter}`,
    setup: seed,
    expectedStatus: 200,
    check: (json) => expect(json.total).toBe(4),
  },
  {
    name: 'total=false answers total 0 but still the documents',
    method: 'GET',
    path: `${DOCUMENTS}?queries[0]=${filter}&total=false`,
    setup: seed,
    expectedStatus: 200,
    check(json) {
      expect(json.total).toBe(0);
      expect(json.documents).toHaveLength(4);
    },
  },
  {
    name: 'total=0 is false too',
    method: 'GET',
    path: `${DOCUMENTS}?queries[0]=${filter}&total=0`,
    setup: seed,
    expectedStatus: 200,
    check: (json) => expect(json.total).toBe(0),
  },
  {
    name: 'total=true counts',
    method: 'GET',
    path: `${DOCUMENTS}?queries[0]=${filter}&queries[1]=${limit}&total=true`,
    setup: seed,
    expectedStatus: 200,
    check: (json) => expect(json).toMatchObject({ total: 4, documents: [{ $id: 'qs-1' }, { $id: 'qs-2' }] }),
  },
  {
    name: 'total with a value that is no boolean is refused',
    method: 'GET',
    path: `${DOCUMENTS}?total=maybe`,
    expectedStatus: 400,
    expectedType: 'general_argument_invalid',
    expectedContent: ['total'],
  },
];

runScenarios('query strings', scenarios);
