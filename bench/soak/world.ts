/**
 * What the soak's load needs from the seeded server, read once before it starts: ids, page paths
 * that answer 200, search terms, pictures to preview, and an editor's session (an account made a
 * member of `editors` by `npm run editor`, as an operator would).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { buildPath, candidatePath, NATIONAL_LOCATION } from '../../apps/web/app/lib/urls.ts';
import type { SoakClient } from './http-client.ts';

export const PROJECT_ID = 'ballot-atlas';
/** A browser's user agent: bots get a failed page's status without the page, people the page. */
export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

export interface SoakWorld {
  apiKey: string;
  /** Documents lists as the site and SDK clients ask for them. */
  listPaths: string[];
  candidateIds: string[];
  areaPages: string[];
  candidatePages: string[];
  searchTerms: string[];
  /** Media files (candidate photos) to preview. */
  photoIds: string[];
  officeId: string;
  electionId: string;
  /** `a_session_<project>=…` of a member of the `editors` team. */
  editorCookie: string;
}

type Row = { $id: string } & Record<string, unknown>;

function queryString(queries: object[]): string {
  return queries.map((query, index) => `queries[${index}]=${encodeURIComponent(JSON.stringify(query))}`).join('&');
}

export function documentsPath(collection: string, queries: object[] = []): string {
  const query = queryString(queries);
  return `/v1/databases/main/collections/${collection}/documents${query ? `?${query}` : ''}`;
}

async function list(client: SoakClient, apiKey: string, collection: string, queries: object[]): Promise<Row[]> {
  const response = await client.send({ method: 'GET', path: documentsPath(collection, [...queries, { method: 'limit', values: [5000] }]), headers: { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-key': apiKey } });
  if (response.status !== 200) throw new Error(`listing ${collection}: ${response.status} ${response.body.toString().slice(0, 200)}`);
  return (JSON.parse(response.body.toString()) as { documents: Row[] }).documents;
}

/** Every 1 in `step` of the rows, at most `count`. */
function spread<T>(rows: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(rows.length / count));
  return rows.filter((_, index) => index % step === 0).slice(0, count);
}

async function answersOk(client: SoakClient, paths: string[]): Promise<string[]> {
  const ok: string[] = [];
  for (const path of paths) {
    const response = await client.send({ method: 'GET', path, headers: { 'user-agent': BROWSER_UA } });
    if (response.status === 200) ok.push(path);
  }
  return ok;
}

async function editorSession(client: SoakClient, repoRoot: string, env: Record<string, string>): Promise<string> {
  const email = `soak-editor-${process.pid}-${Date.now()}@example.org`;
  const password = 'soak-editor-password-0123';
  const json = { 'x-appwrite-project': PROJECT_ID, 'content-type': 'application/json' };
  const signUp = await client.send({ method: 'POST', path: '/v1/account', headers: json, body: JSON.stringify({ userId: 'unique()', email, password }) });
  if (signUp.status !== 201) throw new Error(`editor sign-up: ${signUp.status} ${signUp.body.toString()}`);
  const made = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'editor.ts'), '--email', email, '--role', 'editor'], { cwd: repoRoot, env, encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`npm run editor failed: ${made.stderr || made.stdout}`);
  const signIn = await client.send({ method: 'POST', path: '/v1/account/sessions/email', headers: json, body: JSON.stringify({ email, password }) });
  const cookie = ([] as string[]).concat(signIn.headers['set-cookie'] ?? []).find((line) => line.startsWith(`a_session_${PROJECT_ID}=`));
  if (signIn.status !== 201 || !cookie) throw new Error(`editor sign-in: ${signIn.status} ${signIn.body.toString()}`);
  return cookie.split(';')[0]!;
}

export async function prepareWorld(client: SoakClient, options: { apiKey: string; repoRoot: string; serverEnv: Record<string, string> }): Promise<SoakWorld> {
  const { apiKey } = options;
  const [candidates, areas, districts, regions, offices, elections] = await Promise.all([
    list(client, apiKey, 'candidates', [{ method: 'select', values: ['$id', 'name', 'photoFileId', 'electoralAreaId', 'districtId', 'regionId'] }]),
    list(client, apiKey, 'electoral_areas', [{ method: 'select', values: ['$id', 'slug', 'regionId'] }]),
    list(client, apiKey, 'districts', [{ method: 'select', values: ['$id', 'slug'] }]),
    list(client, apiKey, 'regions', [{ method: 'select', values: ['$id', 'slug'] }]),
    list(client, apiKey, 'offices', [{ method: 'select', values: ['$id'] }]),
    list(client, apiKey, 'elections', [{ method: 'select', values: ['$id'] }]),
  ]);
  const slugOf = new Map([...areas, ...districts, ...regions].map((row) => [row.$id, String(row['slug'])]));
  const placeOf = (candidate: Row): string =>
    [candidate['electoralAreaId'], candidate['districtId'], candidate['regionId']].map((id) => slugOf.get(String(id ?? ''))).find(Boolean) ?? NATIONAL_LOCATION;
  const sampled = spread(candidates, 200);
  const sampledAreas = spread(areas.filter((area) => slugOf.has(String(area['regionId']))), 40);
  const listPaths = [
    ...sampledAreas.map((area) => documentsPath('candidates', [{ method: 'equal', attribute: 'electoralAreaId', values: [area.$id] }, { method: 'orderAsc', attribute: 'name' }, { method: 'limit', values: [25] }])),
    documentsPath('regions', [{ method: 'orderAsc', attribute: 'name' }]),
    documentsPath('parties', [{ method: 'limit', values: [100] }]),
    documentsPath('events', [{ method: 'orderAsc', attribute: 'start' }, { method: 'limit', values: [50] }]),
  ];
  const areaPages = await answersOk(client, sampledAreas.map((area) => buildPath('candidatesOfArea', { area: String(area['slug']), region: slugOf.get(String(area['regionId']))! })));
  const candidatePages = await answersOk(client, spread(sampled, 60).map((candidate) => candidatePath(candidate.$id, placeOf(candidate))));
  const searchTerms = [...new Set(sampled.map((candidate) => String(candidate['name']).split(' ')[0]!).filter((term) => term.length >= 3))].slice(0, 50);
  const photoIds = sampled.map((candidate) => String(candidate['photoFileId'] ?? '')).filter(Boolean);
  if (!areaPages.length || !candidatePages.length || !searchTerms.length || !photoIds.length || !offices[0] || !elections[0]) {
    throw new Error(`the seeded data lacks what the load needs: ${areaPages.length} area pages, ${candidatePages.length} candidate pages, ${searchTerms.length} terms, ${photoIds.length} photos`);
  }
  return {
    apiKey,
    listPaths,
    candidateIds: sampled.map((candidate) => candidate.$id),
    areaPages,
    candidatePages,
    searchTerms,
    photoIds,
    officeId: offices[0].$id,
    electionId: elections[0].$id,
    editorCookie: await editorSession(client, options.repoRoot, options.serverEnv),
  };
}
