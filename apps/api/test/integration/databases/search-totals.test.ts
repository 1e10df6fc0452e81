// Search totals count every match, not just the page: alone (counted in the full-text table) and
// combined with another filter (counted in the documents table).
import { expect } from 'vitest';
import { DOCUMENTS, ensureDocuments, runScenarios, type Scenario, type ScenarioContext } from '../../support/scenario.ts';

const fixtures = Array.from({ length: 12 }, (_, index) => ({
  id: `st-${index + 1}`,
  data: { title: `Zébulon ${index % 2 === 0 ? 'Ørsted' : 'Okafor'} ${index + 1}`, count: index + 1 },
}));
const seed = ({ server }: ScenarioContext) => ensureDocuments(server, 'main/items', fixtures);
const encode = (queries: object[]) => queries.map((query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`).join('&');
const search = (text: string) => ({ method: 'search', attribute: 'title', values: [text] });
const limit = (n: number) => ({ method: 'limit', values: [n] });

const scenarios: Scenario[] = [
  {
    name: 'a lone search counts every match beyond the page',
    method: 'GET',
    path: `${DOCUMENTS}?${encode([search('zebulon'), limit(3)])}`,
    setup: seed,
    expectedStatus: 200,
    check(json) {
      expect(json.documents).toHaveLength(3);
      expect(json.total).toBe(12);
    },
  },
  {
    name: 'folded terms and a last-word prefix narrow the count',
    method: 'GET',
    path: `${DOCUMENTS}?${encode([search('zebulon orst'), limit(2)])}`,
    setup: seed,
    expectedStatus: 200,
    check: (json) => expect(json.total).toBe(6),
  },
  {
    name: 'search with another filter counts the intersection',
    method: 'GET',
    path: `${DOCUMENTS}?${encode([search('zebulon'), { method: 'greaterThan', attribute: 'count', values: [8] }, limit(1)])}`,
    setup: seed,
    expectedStatus: 200,
    check: (json) => expect(json.total).toBe(4),
  },
  {
    name: 'an offset page still reports the whole count',
    method: 'GET',
    path: `${DOCUMENTS}?${encode([search('okafor'), limit(2), { method: 'offset', values: [4] }])}`,
    setup: seed,
    expectedStatus: 200,
    check(json) {
      expect(json.documents).toHaveLength(2);
      expect(json.total).toBe(6);
    },
  },
];

runScenarios('search totals', scenarios);
