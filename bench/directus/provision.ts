/**
 * Helpers for bench/directus/setup.sh, run with the repo's Node 24:
 *   node bench/directus/provision.ts schema <directus url> <admin email> <password>
 *     creates the `candidates` collection (fields from appwrite.json) and a public read permission;
 *   node bench/directus/provision.ts load <directus sqlite file> <our sqlite file>
 *     copies every candidate row (ATTACH + INSERT … SELECT) and adds the (electoralAreaId, name) index.
 * Both steps are idempotent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const REPO_ROOT = join(import.meta.dirname, '..', '..');
const COLLECTION = 'candidates';

interface Attribute {
  key: string;
  type: string;
  array: boolean;
  size?: number;
}

function candidateAttributes(): Attribute[] {
  const schema = JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.json'), 'utf8')) as { collections: { $id: string; databaseId: string; attributes: Attribute[] }[] };
  const collection = schema.collections.find((entry) => entry.$id === COLLECTION && entry.databaseId === 'main');
  if (!collection) throw new Error('appwrite.json has no main/candidates collection');
  return collection.attributes;
}

/** Directus field types for our attributes; datetimes stay strings (stored as ISO text on both sides). */
function directusType(attribute: Attribute): string {
  if (attribute.array) return 'json';
  if (attribute.type === 'integer') return 'integer';
  if (attribute.type === 'double') return 'float';
  if (attribute.type === 'boolean') return 'boolean';
  if (attribute.type === 'string' && (attribute.size ?? 0) > 255) return 'text';
  return 'string';
}

/** Directus columns ← our columns. System fields keep Directus-like names. */
function columnMap(): [string, string, string][] {
  return [
    ['id', '_uid', 'string'],
    ['sequence', '_seq', 'integer'],
    ['created_at', '_createdAt', 'string'],
    ['updated_at', '_updatedAt', 'string'],
    ...candidateAttributes().map((attribute): [string, string, string] => [attribute.key, attribute.key, directusType(attribute)]),
  ];
}

async function api(url: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

async function schema(url: string, email: string, password: string): Promise<void> {
  const login = await api(url, undefined, 'POST', '/auth/login', { email, password });
  const token = login.json?.data?.access_token as string | undefined;
  if (!token) throw new Error(`login failed: ${JSON.stringify(login.json)}`);

  const existing = await api(url, token, 'GET', `/collections/${COLLECTION}`);
  if (existing.status === 200) {
    console.log(`directus: collection ${COLLECTION} exists`);
  } else {
    const fields = columnMap().map(([field, , type]) =>
      field === 'id'
        ? { field, type: 'string', meta: { hidden: false, readonly: true }, schema: { is_primary_key: true, length: 64, has_auto_increment: false } }
        : { field, type, meta: {}, schema: type === 'string' ? { length: 255 } : {} },
    );
    const created = await api(url, token, 'POST', '/collections', { collection: COLLECTION, meta: { icon: 'person' }, schema: {}, fields });
    if (created.status !== 200) throw new Error(`create collection failed: ${JSON.stringify(created.json)}`);
    console.log(`directus: created collection ${COLLECTION} with ${fields.length} fields`);
  }

  // Public (unauthenticated) read, like `read("any")` on our side: permissions live on the public policy.
  const access = await api(url, token, 'GET', '/access?filter[role][_null]=true&filter[user][_null]=true&fields=policy&limit=-1');
  const policy = access.json?.data?.[0]?.policy as string | undefined;
  if (!policy) throw new Error(`public policy not found: ${JSON.stringify(access.json)}`);
  const permissions = await api(url, token, 'GET', `/permissions?filter[policy][_eq]=${policy}&filter[collection][_eq]=${COLLECTION}&filter[action][_eq]=read&limit=-1`);
  if ((permissions.json?.data ?? []).length > 0) {
    console.log('directus: public read permission exists');
  } else {
    const granted = await api(url, token, 'POST', '/permissions', { policy, collection: COLLECTION, action: 'read', fields: ['*'], permissions: {} });
    if (granted.status !== 200) throw new Error(`grant failed: ${JSON.stringify(granted.json)}`);
    console.log(`directus: granted public read on ${COLLECTION} (policy ${policy})`);
  }
}

function load(directusFile: string, ourFile: string): void {
  const started = performance.now();
  const database = new Database(directusFile, { fileMustExist: true });
  try {
    database.pragma('cache_size = -262144');
    database.prepare('attach database ? as ours').run(ourFile);
    const map = columnMap();
    const present = new Set((database.prepare(`select name from pragma_table_info('${COLLECTION}')`).all() as { name: string }[]).map((row) => row.name));
    const missing = map.filter(([field]) => !present.has(field)).map(([field]) => field);
    if (missing.length) throw new Error(`Directus table ${COLLECTION} lacks ${missing.join(', ')}: run the schema step first`);
    const expected = (database.prepare('select count(*) as n from ours.main_candidates').get() as { n: number }).n;
    const current = (database.prepare(`select count(*) as n from "${COLLECTION}"`).get() as { n: number }).n;
    if (current === expected) {
      console.log(`directus: ${current} rows already loaded`);
    } else {
      const columns = map.map(([field]) => `"${field}"`).join(', ');
      const sources = map.map(([, source]) => `"${source}"`).join(', ');
      database.transaction(() => {
        database.prepare(`delete from "${COLLECTION}"`).run();
        database.prepare(`insert into "${COLLECTION}" (${columns}) select ${sources} from ours.main_candidates order by _seq`).run();
      })();
      console.log(`directus: loaded ${expected} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
    database.prepare(`create index if not exists candidates_area_name on "${COLLECTION}" ("electoralAreaId", "name")`).run();
    database.prepare('detach database ours').run();
    console.log(`directus: index candidates_area_name (electoralAreaId, name) ready; ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    database.close();
  }
}

const [command, ...args] = process.argv.slice(2);
if (command === 'schema' && args.length === 3) await schema(args[0]!, args[1]!, args[2]!);
else if (command === 'load' && args.length === 2) load(args[0]!, args[1]!);
else {
  console.error('usage: provision.ts schema <url> <email> <password> | provision.ts load <directus sqlite> <our sqlite>');
  process.exit(2);
}
