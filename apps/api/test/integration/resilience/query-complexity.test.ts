/**
 * Issue 11 item 6, query complexity: every limit on what one list request may ask, at its boundary
 * and one past it, on both engines — Appwrite's (100 queries, 4096 characters each, 500 values per
 * filter, `and`/`or` three levels deep), ours on `limit` (5000) and `offset` (5,000,000), and two
 * that Appwrite lacks: 10,000 filter values per request (100 × 500 values answered 500 on SQLite,
 * past its 32,766 bound parameters) and 10 full-text searches per request (100 took PostgreSQL the
 * whole 30 s statement timeout, from an 11 KB URL). The headers may be 1 MiB here, so that the
 * query-string size is not what refuses them.
 */
import { expect, it } from 'vitest';
import { describeEachEngine, DOCUMENTS, ensureDocuments, expectAppwriteError, queryString, send, useTestServer } from '../../support/scenario.ts';
import type { TestServer } from '../../support/test-server.ts';

const equal = (values: unknown[]) => ({ method: 'equal', attribute: 'count', values });
const searchFor = (text: string) => ({ method: 'search', attribute: 'title', values: [text] });
const numbers = (count: number) => Array.from({ length: count }, (_, index) => index);

async function listWith(server: TestServer, queries: object[] | string): Promise<{ status: number; body: any; response: Response; elapsedMs: number }> {
  const started = performance.now();
  const query = typeof queries === 'string' ? queries : queryString(...queries);
  const response = await send(server, { method: 'GET', path: `${DOCUMENTS}?${query}` });
  const body = await response.json();
  return { status: response.status, body, response, elapsedMs: performance.now() - started };
}

async function expectAccepted(server: TestServer, queries: object[] | string): Promise<any> {
  const { status, body } = await listWith(server, queries);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return body;
}

async function expectRefused(server: TestServer, queries: object[] | string, type: string, message?: RegExp): Promise<void> {
  const { status, body, response } = await listWith(server, queries);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(400);
  expectAppwriteError(response, body, type);
  if (message) expect(body.message).toMatch(message);
}

describeEachEngine('query complexity limits', (engine) => {
  const server = useTestServer(engine, { env: { HEADER_LIMIT_BYTES: String(1024 * 1024), ABUSE_LIMITS: 'disabled' } });
  const ready = async (): Promise<TestServer> => {
    await ensureDocuments(server(), 'main/items', [
      { id: 'lamp', data: { title: 'Brass lamp', count: 1 } },
      { id: 'lantern', data: { title: 'Paper lantern', count: 2 } },
    ]);
    return server();
  };

  it('100 queries are accepted; a 101st is refused by the param validator', async () => {
    const hundred = Array.from({ length: 100 }, () => equal([1, 2]));
    expect((await expectAccepted(await ready(), hundred)).total).toBe(2);
    await expectRefused(server(), [...hundred, equal([1])], 'general_argument_invalid', /no longer than 100 items/);
  });

  it('a query of 4096 characters is accepted; 4097 are refused', async () => {
    const titled = (filler: string) => JSON.stringify({ method: 'equal', attribute: 'title', values: ['Brass lamp', filler] });
    const padded = (length: number) => titled('x'.repeat(length - titled('').length));
    expect(padded(4096)).toHaveLength(4096);
    const encode = (text: string) => `queries[0]=${encodeURIComponent(text)}`;
    expect((await expectAccepted(await ready(), encode(padded(4096)))).total).toBe(1);
    await expectRefused(server(), encode(padded(4097)), 'general_argument_invalid', /no longer than 4096 chars/);
  });

  it('500 values in one filter are accepted; 501 are refused', async () => {
    expect((await expectAccepted(await ready(), [equal(numbers(500))])).total).toBe(2);
    await expectRefused(server(), [equal(numbers(501))], 'general_query_invalid', /at most 500 values/);
  });

  it('10,000 values in all are accepted (20 filters of 500); one more is refused, not a 500', async () => {
    const twenty = Array.from({ length: 20 }, () => equal(numbers(500)));
    expect((await expectAccepted(await ready(), twenty)).total).toBe(2);
    await expectRefused(server(), [...twenty, equal([1])], 'general_query_invalid', /at most 10000 values in all/);
    // Appwrite's own maximum, 100 filters of 500 values, failed with a 500 on SQLite before.
    await expectRefused(server(), Array.from({ length: 100 }, () => equal(numbers(500))), 'general_query_invalid');
  });

  it('and/or nest three levels deep; a fourth is refused', async () => {
    const leaf = equal([1]);
    const three = { method: 'or', values: [{ method: 'and', values: [{ method: 'or', values: [leaf, equal([2])] }, leaf] }, leaf] };
    expect((await expectAccepted(await ready(), [three])).total).toBe(1);
    const four = { method: 'or', values: [{ method: 'and', values: [three, leaf] }, leaf] };
    await expectRefused(server(), [four], 'general_query_invalid', /nest at most 3 levels/);
  });

  it('10 searches are accepted; an 11th, nested or not, is refused at once', async () => {
    const ten = Array.from({ length: 10 }, () => searchFor('lant'));
    expect((await expectAccepted(await ready(), ten)).total).toBe(1);
    await expectRefused(server(), [...ten, searchFor('paper')], 'general_query_invalid', /At most 10 search queries/);
    await expectRefused(server(), [...ten.slice(1), { method: 'or', values: [searchFor('a'), { method: 'notSearch', attribute: 'title', values: ['b'] }] }], 'general_query_invalid', /At most 10 search queries/);
    // 100 of them held a PostgreSQL connection for the whole 30 s statement timeout before.
    const hundred = await listWith(server(), Array.from({ length: 100 }, () => searchFor('a')));
    expect(hundred.status).toBe(400);
    expect(hundred.elapsedMs).toBeLessThan(5000);
  });

  it('the search param of a file list counts with its search queries', async () => {
    const nine = queryString(...Array.from({ length: 9 }, () => ({ method: 'search', attribute: 'name', values: ['a'] })));
    const files = async (query: string) => {
      const response = await send(server(), { method: 'GET', path: `/v1/storage/buckets/photos/files?${query}` });
      return { status: response.status, body: await response.json() };
    };
    expect((await files(`${nine}&search=photo`)).status).toBe(200);
    const refused = await files(`${nine}&${queryString({ method: 'search', attribute: 'name', values: ['b'] }).replace('queries[0]', 'queries[9]')}&search=photo`);
    expect(refused).toMatchObject({ status: 400, body: { type: 'general_query_invalid' } });
  });

  it('limit is 1 to 5000 and offset 0 to 5,000,000', async () => {
    await expectAccepted(await ready(), [{ method: 'limit', values: [5000] }]);
    await expectRefused(server(), [{ method: 'limit', values: [5001] }], 'general_query_invalid', /between 1 and 5000/);
    await expectRefused(server(), [{ method: 'limit', values: [0] }], 'general_query_invalid');
    expect((await expectAccepted(server(), [{ method: 'offset', values: [5_000_000] }])).documents).toEqual([]);
    await expectRefused(server(), [{ method: 'offset', values: [5_000_001] }], 'general_query_invalid');
    await expectRefused(server(), [{ method: 'limit', values: [10] }, { method: 'limit', values: [20] }], 'general_query_invalid', /Only one limit/);
  });

  it('a cursor must name an existing document', async () => {
    await expectAccepted(await ready(), [{ method: 'cursorAfter', values: ['lamp'] }]);
    await expectRefused(server(), [{ method: 'cursorAfter', values: ['missing'] }], 'general_cursor_not_found');
    await expectRefused(server(), [{ method: 'cursorBefore', values: ['../x'] }], 'general_cursor_not_found');
    await expectRefused(server(), [{ method: 'cursorAfter', values: ['lamp'] }, { method: 'cursorBefore', values: ['lamp'] }], 'general_query_invalid', /Only one cursor/);
  });
});
