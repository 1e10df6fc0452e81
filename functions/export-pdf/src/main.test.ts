// The whole function against a real server holding the demo data: it reads over HTTP with the
// key from x-appwrite-key (node-appwrite, as in Appwrite), renders, and stores the PDF in `exports`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client, Databases, Query, Storage, Tokens } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDebianTool } from '../../../apps/api/test/support/debian-tool.ts';
import { startTestServer, TEST_API_KEY, type TestServer } from '../../../apps/api/test/support/test-server.ts';
import { seedDemo } from '../../../apps/api/src/seed/seed-demo.ts';
import exportPdf from './main.ts';
import { uploadExport } from './upload-export.ts';
import { pdfInfo, pdfText, positionsInOrder } from './test-support/poppler.ts';
import { responseJson, runtimeContext } from './test-support/runtime-context.ts';

const SITE_SCHEMA = fileURLToPath(new URL('../../../appwrite.json', import.meta.url));
const PROJECT = 'ballot-atlas';
const SITE = 'https://ballot-atlas.example';

interface Named { $id: string; name: string; slug: string }
interface CandidateDoc extends Named { ballotNumber: number; officeId: string; photoFileId: string }

describe('export-pdf, run as Appwrite runs it, against a server with the demo data', () => {
  let server: TestServer;
  let databases: Databases;
  let storage: Storage;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    server = await startTestServer({ schemaFile: SITE_SCHEMA, env: { PROJECT_ID: PROJECT } });
    await seedDemo(server.app.services, 'demo');
    Object.assign(process.env, { APPWRITE_FUNCTION_API_ENDPOINT: server.endpoint, APPWRITE_FUNCTION_PROJECT_ID: PROJECT, BALLOT_SITE_URL: SITE });
    const client = new Client().setEndpoint(server.endpoint).setProject(PROJECT).setKey(TEST_API_KEY);
    databases = new Databases(client);
    storage = new Storage(client);
  }, 180_000);

  afterAll(async () => {
    process.env = savedEnv;
    await server?.close();
  });

  const list = async <T>(collectionId: string, queries: string[]) => (await databases.listDocuments({ databaseId: 'main', collectionId, queries })).documents as unknown as T[];
  const run = (body: unknown, headers: Record<string, string> = {}) => {
    const context = runtimeContext(typeof body === 'string' ? body : JSON.stringify(body), { 'x-appwrite-key': TEST_API_KEY, 'x-appwrite-trigger': 'http', ...headers });
    return exportPdf(context).then((response) => ({ response, json: responseJson(response), logs: context.logs, errors: context.errors }));
  };

  /** The electoral area with the most candidates, and its candidates as the site lists them: its own races, then its district's, each by ballot number. */
  async function busiestArea() {
    const [election] = await list<Named>('elections', [Query.equal('status', ['ongoing', 'upcoming']), Query.orderAsc('date'), Query.limit(1)]);
    const offices = await list<Named & { level: string }>('offices', [Query.orderAsc('order'), Query.limit(100)]);
    const areaCandidates = await list<CandidateDoc & { electoralAreaId: string }>('candidates', [Query.equal('electionId', election!.$id), Query.notEqual('electoralAreaId', ''), Query.limit(5000)]);
    const counts = new Map<string, number>();
    for (const candidate of areaCandidates) counts.set(candidate.electoralAreaId, (counts.get(candidate.electoralAreaId) ?? 0) + 1);
    const areaId = [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    const area = (await list<Named & { districtId: string; regionId: string }>('electoral_areas', [Query.equal('$id', areaId)]))[0]!;
    const expected: CandidateDoc[] = [];
    for (const level of ['electoral_area', 'district']) {
      for (const office of offices.filter((each) => each.level === level)) {
        const place = level === 'district' ? Query.equal('districtId', area.districtId) : Query.equal('electoralAreaId', area.$id);
        expected.push(...(await list<CandidateDoc>('candidates', [place, Query.equal('electionId', election!.$id), Query.equal('officeId', office.$id), Query.orderAsc('ballotNumber'), Query.orderAsc('name'), Query.limit(5000)])));
      }
    }
    return { area, expected };
  }

  async function downloaded(fileId: string): Promise<Buffer> {
    return Buffer.from(await storage.getFileDownload({ bucketId: 'exports', fileId }));
  }

  it('exports an electoral area for a signed-in user: every candidate in ballot order, readable only by that user', async () => {
    const { area, expected } = await busiestArea();
    expect(expected.length).toBeGreaterThan(5);
    const { response, json, logs, errors } = await run({ kind: 'area', id: area.$id, language: 'en' }, { 'x-appwrite-user-id': 'voter-1' });
    expect(errors).toEqual([]);
    expect(response.statusCode).toBe(200);
    expect(json).toEqual({ fileId: expect.any(String), pages: expect.any(Number), bytes: expect.any(Number) });

    const file = await storage.getFile({ bucketId: 'exports', fileId: json['fileId'] as string });
    expect(file.$permissions).toEqual(['read("user:voter-1")']);
    expect(file.mimeType).toBe('application/pdf');
    expect(file.sizeOriginal).toBe(json['bytes']);
    expect(file.name).toMatch(/^candidates-in-.+\.pdf$/);

    const pdf = await downloaded(file.$id);
    expect(Number(pdfInfo(pdf)['Pages'])).toBe(json['pages']);
    const text = pdfText(pdf);
    expect(positionsInOrder(text, expected.map((candidate) => candidate.name))).not.toContain(-1);
    expect(text).toContain(`Candidates in ${area.name}`);
    expect(text).toContain(`${SITE}/${encodeURIComponent(area.slug)}-candidates-of-the-`);
    expect(text).toMatch(new RegExp(`Page 1 of ${json['pages'] as number}`));
    expect(logs.some((line) => line.startsWith(`pages done: ${json['pages'] as number}`))).toBe(true);

    // Photos come from the preview endpoint at 72 px, not as the uploaded originals.
    const withPhoto = expected.filter((candidate) => candidate.photoFileId).length;
    expect(withPhoto).toBeGreaterThan(0);
    const images = imageSizes(pdf);
    expect(images.filter((size) => size === '72x72').length).toBe(withPhoto);
  }, 60_000);

  it('records an execution’s progress in export_progress, readable by the requester alone, ending at the PDF’s page count', async () => {
    const [district] = await list<Named>('districts', [Query.limit(1)]);
    const executionId = 'progress-run-1';
    const { json } = await run({ kind: 'district', id: district!.$id, language: 'en' }, { 'x-appwrite-user-id': 'voter-3', 'x-appwrite-execution-id': executionId });
    const pdfPages = Number(pdfInfo(await downloaded(executionId))['Pages']);
    expect(json).toMatchObject({ fileId: executionId, pages: pdfPages });
    const progress = await databases.getDocument({ databaseId: 'main', collectionId: 'export_progress', documentId: executionId });
    expect(progress.$permissions).toEqual(['read("user:voter-3")']);
    expect(progress).toMatchObject({ phase: 'uploading', pagesDone: pdfPages, pagesTotal: pdfPages });

    // No read permission on the collection: a guest reading it directly finds nothing.
    const asGuest = await fetch(`${server.endpoint}/databases/main/collections/export_progress/documents/${executionId}`, { headers: { 'x-appwrite-project': PROJECT } });
    expect(asGuest.status).toBe(404);

    // An execution without a user (a key holder's) leaves a document nobody but keys reads.
    await run({ kind: 'calendar', language: 'en' }, { 'x-appwrite-execution-id': 'progress-run-2' });
    const keyOnly = await databases.getDocument({ databaseId: 'main', collectionId: 'export_progress', documentId: 'progress-run-2' });
    expect(keyOnly.$permissions).toEqual([]);
    expect(keyOnly['pagesDone']).toBe(keyOnly['pagesTotal']);
  }, 60_000);

  it('leaves a guest’s export without read permissions, opened by a file token for 24 hours', async () => {
    const [district] = await list<Named>('districts', [Query.limit(1)]);
    const { json } = await run({ kind: 'district', id: district!.$id, language: 'fr' });
    const file = await storage.getFile({ bucketId: 'exports', fileId: json['fileId'] as string });
    expect(file.$permissions).toEqual([]);
    const viewUrl = `${server.endpoint}/storage/buckets/exports/files/${file.$id}/view?project=${PROJECT}`;
    expect((await fetch(viewUrl)).status).toBe(404);
    const withToken = await fetch(`${viewUrl}&token=${encodeURIComponent(json['token'] as string)}`);
    expect(withToken.status).toBe(200);
    expect(Buffer.from(await withToken.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const [token] = (await new Tokens(storage.client).list({ bucketId: 'exports', fileId: file.$id })).tokens;
    const hoursLeft = (new Date(token!.expire).getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23.9);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const text = pdfText(await downloaded(file.$id));
    expect(text).toContain(`Tous les candidats à ${district!.name}`);
    expect(text).toContain('Généré le');
    expect(text).toMatch(/Page 1 sur \d+/);
  }, 60_000);

  it('exports a party, the calendar and pasted text', async () => {
    const [party] = await list<Named>('parties', [Query.orderAsc('name'), Query.limit(1)]);
    const partyExport = await run({ kind: 'party', id: party!.$id, language: 'sw' });
    expect(pdfText(await downloaded(partyExport.json['fileId'] as string))).toContain(`${party!.name}: Wagombea`);

    const calendar = await run({ kind: 'calendar', language: 'en' });
    const [firstEvent] = await list<{ title: string }>('events', [Query.orderAsc('start'), Query.limit(1)]);
    const calendarText = pdfText(await downloaded(calendar.json['fileId'] as string));
    expect(calendarText).toContain('Election calendar');
    expect(calendarText).toContain(firstEvent!.title);

    const text = await run({ kind: 'text', title: 'Notes from the Ŋoŋo’s debate', text: 'First point.\n\nSecond point: Ɔkɛlɔ’s reply.', language: 'en' });
    const pasted = pdfText(await downloaded(text.json['fileId'] as string));
    expect(positionsInOrder(pasted, ['Notes from the Ŋoŋo’s debate', 'First point.', 'Second point: Ɔkɛlɔ’s reply.', `${SITE}/convertToPdf`])).not.toContain(-1);
  }, 90_000);

  it('stores a PDF larger than one 5 MB chunk whole', async () => {
    const lines = Array.from({ length: 200_000 }, (_, index) => `% line ${index} of a large export\n`).join('');
    const bytes = Buffer.from(`%PDF-1.7\n${lines}%%EOF\n`);
    expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024);
    const client = new Client().setEndpoint(server.endpoint).setProject(PROJECT).setKey(TEST_API_KEY);
    const { fileId } = await uploadExport(client, bytes, 'large.pdf', 'voter-2');
    expect((await downloaded(fileId)).equals(bytes)).toBe(true);
  });

  it('answers bad requests in Appwrite’s error shape and stores nothing', async () => {
    const before = (await storage.listFiles({ bucketId: 'exports' })).total;
    const notJson = await run('kind=area');
    expect(notJson.response.statusCode).toBe(400);
    expect(notJson.json).toMatchObject({ code: 400, type: 'general_argument_invalid' });
    const badKind = await run({ kind: 'planet', id: 'x', language: 'en' });
    expect(badKind.json).toMatchObject({ code: 400, type: 'general_argument_invalid', message: expect.stringContaining('kind') });
    const badLanguage = await run({ kind: 'area', id: 'x', language: 'de' });
    expect(badLanguage.json).toMatchObject({ code: 400, message: expect.stringContaining('language') });
    const missing = await run({ kind: 'district', id: 'no-such-district', language: 'en' });
    expect(missing.response.statusCode).toBe(404);
    expect(missing.json).toMatchObject({ code: 404, type: 'document_not_found' });
    const noKey = await exportPdf(runtimeContext(JSON.stringify({ kind: 'calendar' }), {}));
    expect(responseJson(noKey)).toMatchObject({ code: 500, type: 'general_server_error' });
    expect((await storage.listFiles({ bucketId: 'exports' })).total).toBe(before);
  });
});

/** `pdfimages -list`'s width×height of every image in the PDF. */
function imageSizes(pdf: Buffer): string[] {
  const binary = ensureDebianTool('pdfimages', 'poppler-utils');
  if (!binary) throw new Error('pdfimages (poppler-utils) is needed');
  const folder = mkdtempSync(join(tmpdir(), 'export-pdf-images-'));
  try {
    writeFileSync(join(folder, 'export.pdf'), pdf);
    const lines = execFileSync(binary, ['-list', join(folder, 'export.pdf')], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
    return lines.map((line) => {
      const columns = line.trim().split(/\s+/);
      return `${columns[3]}x${columns[4]}`;
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
