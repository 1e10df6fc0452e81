/**
 * `node bench/parse/provision.ts <bench.json> <size>`, run by bench/parse/setup.sh: creates the
 * `Candidate` class through Parse's schema API (fields from appwrite.json, public find/get/count),
 * copies every candidate of our PostgreSQL data set into Parse's table (COPY … TO STDOUT piped into
 * COPY … FROM STDIN: Parse keeps one table per class, one column per field), adds the indexes
 * equivalent to ours for scenarios (a) and (b), and checks through Parse's REST API that Parse reads them.
 * Idempotent: a table already holding every row is left as it is.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { BENCH_SCHEMA, databaseName, databaseUrl } from '../postgres/dataset.ts';
import { REPO_ROOT } from '../prepare.ts';
import { PARSE_CLASS, readInstall, startParse, type ParseInstall } from './install.ts';

interface Attribute {
  key: string;
  type: string;
  array: boolean;
}

function candidateAttributes(): Attribute[] {
  const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.json'), 'utf8')) as { collections: { $id: string; databaseId: string; attributes: Attribute[] }[] };
  const collection = schema.collections.find((entry) => entry.$id === 'candidates' && entry.databaseId === 'main');
  if (!collection) throw new Error('appwrite.json has no main/candidates collection');
  return collection.attributes;
}

/** Parse field types; datetimes stay strings (ISO text on both sides), arrays are Parse's jsonb Array. */
function parseType(attribute: Attribute): string {
  if (attribute.array) return 'Array';
  if (attribute.type === 'integer' || attribute.type === 'double') return 'Number';
  if (attribute.type === 'boolean') return 'Boolean';
  return 'String';
}

async function api(server: { url: string }, install: ParseInstall, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(server.url + path, {
    method,
    headers: { 'content-type': 'application/json', 'x-parse-application-id': install.appId, 'x-parse-master-key': install.masterKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/** Streams `select` out of our database into `table` of Parse's, both through psql's COPY. */
function copyBetween(sourceUrl: string, select: string, targetUrl: string, table: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = spawn('psql', [sourceUrl, '-v', 'ON_ERROR_STOP=1', '-c', `copy (${select}) to stdout`], { stdio: ['ignore', 'pipe', 'inherit'] });
    const into = spawn('psql', [targetUrl, '-v', 'ON_ERROR_STOP=1', '-c', `copy ${table} from stdin`], { stdio: ['pipe', 'inherit', 'inherit'] });
    out.stdout.pipe(into.stdin);
    let pending = 2;
    const done = (name: string) => (code: number | null) => {
      if (code !== 0) reject(new Error(`psql (${name}) exited with ${code}`));
      else if (--pending === 0) resolve();
    };
    out.on('exit', done('copy to stdout'));
    into.on('exit', done('copy from stdin'));
  });
}

async function provision(install: ParseInstall, size: string): Promise<void> {
  const attributes = candidateAttributes();
  const server = await startParse(install, console.log);
  const parseDb = new pg.Client({ connectionString: install.databaseUrl });
  await parseDb.connect();
  try {
    const existing = await api(server, install, 'GET', `/schemas/${PARSE_CLASS}`);
    if (existing.status === 200) {
      console.log(`parse: class ${PARSE_CLASS} exists`);
    } else {
      const fields = Object.fromEntries(attributes.map((attribute) => [attribute.key, { type: parseType(attribute) }]));
      const everyone = { '*': true };
      const classLevelPermissions = { find: everyone, get: everyone, count: everyone, create: {}, update: {}, delete: {}, addField: {}, protectedFields: {} };
      const created = await api(server, install, 'POST', `/schemas/${PARSE_CLASS}`, { className: PARSE_CLASS, fields, classLevelPermissions });
      if (created.status !== 200) throw new Error(`create class failed: ${JSON.stringify(created.json)}`);
      console.log(`parse: created class ${PARSE_CLASS} with ${attributes.length} fields, public find/get/count`);
    }

    const source = databaseUrl(databaseName(size));
    const ours = new pg.Client({ connectionString: source });
    await ours.connect();
    const expected = Number((await ours.query<{ n: string }>(`select count(*) as n from "${BENCH_SCHEMA}".main_candidates`)).rows[0]!.n);
    await ours.end();
    const current = Number((await parseDb.query<{ n: string }>(`select count(*) as n from "${PARSE_CLASS}"`)).rows[0]!.n);
    if (current === expected) {
      console.log(`parse: ${current} rows already loaded`);
    } else {
      const started = performance.now();
      await parseDb.query(`truncate "${PARSE_CLASS}"`);
      const keys = attributes.map((attribute) => `"${attribute.key}"`);
      // Parse's own columns: objectId ← our $id, createdAt/updatedAt ← ours (timestamptz in Parse); no ACL (_rperm null) = public.
      const select = `select _uid, "_createdAt"::timestamptz, "_updatedAt"::timestamptz, ${keys.join(', ')} from "${BENCH_SCHEMA}".main_candidates order by _seq`;
      await copyBetween(source, select, install.databaseUrl, `"${PARSE_CLASS}" ("objectId", "createdAt", "updatedAt", ${keys.join(', ')})`);
      console.log(`parse: copied ${expected} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    const indexStarted = performance.now();
    await parseDb.query(`create index if not exists candidate_area_name on "${PARSE_CLASS}" ("electoralAreaId", "name")`);
    // Scenario (b): the expression Parse's $text builds with $language 'simple', as ours indexes its folded names.
    await parseDb.query(`create index if not exists candidate_name_simple_fts on "${PARSE_CLASS}" using gin (to_tsvector('simple', "name"))`);
    await parseDb.query(`vacuum analyze "${PARSE_CLASS}"`);
    console.log(`parse: indexes candidate_area_name ("electoralAreaId", "name") and candidate_name_simple_fts (gin, to_tsvector('simple', "name")) ready, table vacuumed and analysed (${((performance.now() - indexStarted) / 1000).toFixed(1)} s)`);

    const counted = await fetch(`${server.url}/classes/${PARSE_CLASS}?count=1&limit=1`, { headers: server.headers });
    const body = (await counted.json()) as { count?: number; results?: { objectId: string }[] };
    if (body.count !== expected || !body.results?.[0]?.objectId) throw new Error(`Parse counts ${body.count} public ${PARSE_CLASS} objects, expected ${expected}: ${JSON.stringify(body).slice(0, 400)}`);
    console.log(`parse: REST API reads ${body.count} public ${PARSE_CLASS} objects`);
  } finally {
    await parseDb.end();
    await server.stop();
  }
}

const [marker, size] = process.argv.slice(2);
const install = marker ? readInstall(join(marker, '..')) : undefined;
if (!install || !size) {
  console.error('usage: provision.ts <parse dir>/bench.json <size>');
  process.exit(2);
}
await provision(install, size);
