/**
 * The raw PostgreSQL baseline: node:http + `pg` on the same schema, sending the same SQL text our
 * CollectionStore sends on PostgreSQL (as unnamed parameterised statements, like Kysely) through a
 * pool of the same size and settings, and answering with the same DocumentList / Document JSON.
 * No framework, no validation layers, no query builder.
 *
 * Started by bench/postgres.ts as a child process: `node bench/servers/raw-postgres.ts <url> <schema>`;
 * reports `{ port }` over IPC and exits on the "stop" message.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import pg from 'pg';
import { parseListRequest, postgresTsQuery, type ListRequest } from './raw-list-request.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const PROJECT_ID = 'ballot-atlas';
const DATABASE_ID = 'main';
const COLLECTION_ID = 'candidates';
const TABLE = 'main_candidates';
const FTS_NAME = 'main_candidates_fts_name';
const COUNT_CAP = 5000;
const POOL_SIZE = 10;
const STATEMENT_TIMEOUT_MS = 30_000;
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const LIST_PREFIX = `/v1/databases/${DATABASE_ID}/collections/${COLLECTION_ID}/documents`;

interface Attribute {
  key: string;
  array: boolean;
}
const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.json'), 'utf8')) as { collections: { $id: string; databaseId: string; attributes: Attribute[] }[] };
const collection = schema.collections.find((entry) => entry.$id === COLLECTION_ID && entry.databaseId === DATABASE_ID);
if (!collection) throw new Error('appwrite.json has no main/candidates collection');
const attributes = collection.attributes;

const [url, searchPath] = process.argv.slice(2);
if (!url || !searchPath) throw new Error('usage: node bench/servers/raw-postgres.ts <postgres url> <schema>');
// The same pool settings as apps/api/src/db/dialects/postgres.ts.
const pool = new pg.Pool({
  connectionString: url,
  fallback_application_name: 'ballot-atlas-raw',
  max: POOL_SIZE,
  types: {
    getTypeParser: (oid: number, format?: 'text' | 'binary') => (oid === INT8_OID || oid === NUMERIC_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format)),
  } as pg.CustomTypesConfig,
  options: `-c search_path=${searchPath}`,
  statement_timeout: STATEMENT_TIMEOUT_MS,
  keepAlive: true,
});

const columns = ['_seq', '_uid', '_createdAt', '_updatedAt', '_permissions', ...attributes.map((attribute) => attribute.key)].map((column) => `"${column}"`).join(', ');
// Statement text as CollectionStore.list / countMatches / count / get compile it for a guest with read("any").
const statements = {
  listByArea: `select ${columns} from "${TABLE}" where "electoralAreaId" = $1 order by "name" asc nulls first, "_seq" asc limit $2 offset $3`,
  countByArea: `select count(*) as total from (select 1 from "${TABLE}" where "electoralAreaId" = $1 limit $2) as capped`,
  listBySearch: `select ${columns} from (select document as _match from "${FTS_NAME}" where v @@ to_tsquery('simple', $1)) as matched join "${TABLE}" on _seq = matched._match order by matched._match asc limit $2 offset $3`,
  countBySearch: `select count(*) as total from (select document as _match from "${FTS_NAME}" where v @@ to_tsquery('simple', $1) limit $2) as capped`,
  get: `select ${columns} from "${TABLE}" where _uid = $1`,
};

function toDocument(row: Record<string, unknown>): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const value = row[attribute.key];
    document[attribute.key] = value === null || value === undefined ? (attribute.array ? [] : null) : value;
  }
  document['$id'] = row['_uid'];
  document['$sequence'] = String(row['_seq']);
  document['$collectionId'] = COLLECTION_ID;
  document['$databaseId'] = DATABASE_ID;
  document['$createdAt'] = row['_createdAt'];
  document['$updatedAt'] = row['_updatedAt'];
  document['$permissions'] = JSON.parse(row['_permissions'] as string);
  return document;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/** Page, then the capped count, skipped (as ours does) when a first page is already short. */
async function list(request: ListRequest): Promise<{ total: number; documents: Record<string, unknown>[] }> {
  const [page, count, parameter] =
    request.area !== undefined ? [statements.listByArea, statements.countByArea, request.area] : [statements.listBySearch, statements.countBySearch, postgresTsQuery(request.search ?? '')];
  if (parameter === undefined) throw new Error('empty search terms are not part of the benchmark');
  const { rows } = await pool.query<Record<string, unknown>>(page, [parameter, request.limit, request.offset]);
  const complete = request.offset === 0 && rows.length < request.limit;
  const total = complete ? rows.length : Number((await pool.query<{ total: number }>(count, [parameter, COUNT_CAP])).rows[0]?.total ?? 0);
  return { total, documents: rows.map(toDocument) };
}

async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const requestUrl = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' || !requestUrl.pathname.startsWith(LIST_PREFIX)) return send(response, 404, { message: 'Route not found.', code: 404, type: 'general_route_not_found' });
  if (request.headers['x-appwrite-project'] !== PROJECT_ID) return send(response, 404, { message: 'Project not found.', code: 404, type: 'project_not_found' });
  const rest = requestUrl.pathname.slice(LIST_PREFIX.length);
  if (rest === '' || rest === '/') {
    const parsed = parseListRequest(requestUrl.searchParams);
    if (typeof parsed === 'string') return send(response, 400, { message: parsed, code: 400, type: 'general_query_invalid' });
    return send(response, 200, await list(parsed));
  }
  const { rows } = await pool.query<Record<string, unknown>>(statements.get, [decodeURIComponent(rest.slice(1))]);
  const row = rows[0];
  if (!row) return send(response, 404, { message: 'Document with the requested ID could not be found.', code: 404, type: 'document_not_found' });
  send(response, 200, toDocument(row));
}

const server = createServer((request, response) => {
  handle(request, response).catch((error: unknown) => send(response, 500, { message: error instanceof Error ? error.message : String(error), code: 500, type: 'general_unknown' }));
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('message', (message) => {
  if (message !== 'stop') return;
  server.close(() => void pool.end().then(() => process.exit(0)));
  server.closeAllConnections();
});
