/**
 * The raw baseline: node:http + better-sqlite3 on the same file, the same SQL our CollectionStore
 * issues (prepared once), and the same DocumentList / Document JSON. It parses the SDK's query
 * strings just enough for the benchmark scenarios (equal, search, orderAsc, limit) and nothing else:
 * no framework, no validation layers, no query builder.
 *
 * Started by bench/run.ts as a child process: `node bench/servers/raw.ts <sqlite file>`; reports
 * `{ port }` over IPC and exits on the "stop" message.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { searchTerms } from '../../packages/shared/src/text/search-text.ts';
import { parseListRequest, type ListRequest } from './raw-list-request.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const PROJECT_ID = 'ballot-atlas';
const DATABASE_ID = 'main';
const COLLECTION_ID = 'candidates';
const TABLE = 'main_candidates';
const FTS_NAME = 'main_candidates_fts_name';
const COUNT_CAP = 5000;
const LIST_PREFIX = `/v1/databases/${DATABASE_ID}/collections/${COLLECTION_ID}/documents`;

interface Attribute {
  key: string;
  type: string;
  array: boolean;
}
const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.json'), 'utf8')) as { collections: { $id: string; databaseId: string; attributes: Attribute[] }[] };
const collection = schema.collections.find((entry) => entry.$id === COLLECTION_ID && entry.databaseId === DATABASE_ID);
if (!collection) throw new Error('appwrite.json has no main/candidates collection');
const attributes = collection.attributes;

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/servers/raw.ts <sqlite file>');
const database = new Database(file, { fileMustExist: true });
// The same connection settings as apps/api/src/db/dialects/sqlite.ts.
database.pragma('journal_mode = WAL');
database.pragma('synchronous = NORMAL');
database.pragma('busy_timeout = 5000');
database.pragma('cache_size = -65536');
database.pragma('temp_store = MEMORY');
database.pragma('mmap_size = 268435456');

const columns = ['_seq', '_uid', '_createdAt', '_updatedAt', '_permissions', ...attributes.map((attribute) => attribute.key)].map((column) => `"${column}"`).join(', ');
// Statement text mirrors what CollectionStore.list / count / get generate for a guest with read("any").
const statements = {
  listByArea: database.prepare(`select ${columns} from "${TABLE}" where "electoralAreaId" = ? order by "name" asc nulls first, "_seq" asc nulls first limit ? offset ?`),
  countByArea: database.prepare(`select count(*) as total from (select 1 from "${TABLE}" where "electoralAreaId" = ? limit ?) as capped`),
  listBySearch: database.prepare(`select ${columns} from (select rowid as _match from "${FTS_NAME}" where v match ?) as matched cross join "${TABLE}" on _seq = matched._match order by matched._match asc limit ? offset ?`),
  countBySearch: database.prepare(`select count(*) as total from (select rowid from "${FTS_NAME}" where v match ? limit ?) as capped`),
  get: database.prepare(`select ${columns} from "${TABLE}" where _uid = ?`),
};

function toDocument(row: Record<string, unknown>): Record<string, unknown> {
  const document: Record<string, unknown> = {};
  for (const attribute of attributes) {
    const raw = row[attribute.key];
    document[attribute.key] = raw === null || raw === undefined ? (attribute.array ? [] : null) : attribute.array ? JSON.parse(raw as string) : attribute.type === 'boolean' ? raw === 1 : raw;
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

function matchExpression(text: string): string | undefined {
  const terms = searchTerms(text);
  if (terms.length === 0) return undefined;
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
}

/** Page, then the capped count, skipped (as ours does) when a first page is already short. */
function list(request: ListRequest): { total: number; documents: Record<string, unknown>[] } {
  const [page, count, parameter] =
    request.area !== undefined ? [statements.listByArea, statements.countByArea, request.area] : [statements.listBySearch, statements.countBySearch, matchExpression(request.search ?? '')];
  if (parameter === undefined) throw new Error('empty search terms are not part of the benchmark');
  const rows = page.all(parameter, request.limit, request.offset) as Record<string, unknown>[];
  const complete = request.offset === 0 && rows.length < request.limit;
  const total = complete ? rows.length : (count.get(parameter, COUNT_CAP) as { total: number }).total;
  return { total, documents: rows.map(toDocument) };
}

function handle(request: IncomingMessage, response: ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method !== 'GET' || !url.pathname.startsWith(LIST_PREFIX)) return send(response, 404, { message: 'Route not found.', code: 404, type: 'general_route_not_found' });
  if (request.headers['x-appwrite-project'] !== PROJECT_ID) return send(response, 404, { message: 'Project not found.', code: 404, type: 'project_not_found' });
  const rest = url.pathname.slice(LIST_PREFIX.length);
  if (rest === '' || rest === '/') {
    const parsed = parseListRequest(url.searchParams);
    if (typeof parsed === 'string') return send(response, 400, { message: parsed, code: 400, type: 'general_query_invalid' });
    return send(response, 200, list(parsed));
  }
  const row = statements.get.get(decodeURIComponent(rest.slice(1))) as Record<string, unknown> | undefined;
  if (!row) return send(response, 404, { message: 'Document with the requested ID could not be found.', code: 404, type: 'document_not_found' });
  send(response, 200, toDocument(row));
}

const server = createServer((request, response) => {
  try {
    handle(request, response);
  } catch (error) {
    send(response, 500, { message: error instanceof Error ? error.message : String(error), code: 500, type: 'general_unknown' });
  }
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ ready: true, port });
});
process.on('message', (message) => {
  if (message === 'stop') server.close(() => {
    database.close();
    process.exit(0);
  });
  if (message === 'stop') server.closeAllConnections();
});
