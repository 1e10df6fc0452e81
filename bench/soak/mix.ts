/**
 * The soak's mixed load, one HTTP request per slot: API lists, gets and searches, site pages
 * (home, an area's candidates, a candidate, search results), previews, contact messages (guests),
 * document creates, updates and deletes (an editor's session and the API key), and chunked uploads
 * to the media bucket with the API key. Writes go through create → update → delete and uploads
 * through chunk 1 → chunk 2 → delete, so the data stays the same size however long the run.
 *
 * Readers and writers speak as many visitors: the load comes from loopback, which TRUST_PROXY
 * believes, with X-Forwarded-For naming the visitor — as the site forwards its visitors — so the
 * per-address limits of a production server apply without one address meeting them.
 */
import { multipartUpload, type SoakRequest, type SoakResponse } from './http-client.ts';
import { BROWSER_UA, documentsPath, PROJECT_ID, type SoakWorld } from './world.ts';

export interface Step {
  /** The operation as reported: `api list`, `editor update`, `upload chunk 2`… */
  name: string;
  request: SoakRequest;
  /** Any other answer is an error. */
  expected: readonly number[];
  after?(response: SoakResponse): void;
}

interface Operation {
  weight: number;
  step(): Step;
}

/** mulberry32: a small seeded generator, so a run's sequence of operations can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VISITORS = 250;
/** Reading visitors come from a pool in 198.18.0.0/15 (the benchmarking range). */
function visitorAddress(index: number): string {
  return `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

interface CycleSpec {
  label: string;
  collection: string;
  headers(): Record<string, string>;
  data(serial: number): Record<string, unknown>;
  change(serial: number): Record<string, unknown>;
}

/** Creates, updates and deletes documents of one collection with one caller's headers. */
class DocumentCycle {
  private readonly toUpdate: string[] = [];
  private readonly toDelete: string[] = [];
  private created = 0;
  private readonly label: string;
  private readonly collection: string;
  private readonly headers: () => Record<string, string>;
  private readonly data: (serial: number) => Record<string, unknown>;
  private readonly change: (serial: number) => Record<string, unknown>;

  constructor(spec: CycleSpec) {
    this.label = spec.label;
    this.collection = spec.collection;
    this.headers = spec.headers;
    this.data = spec.data;
    this.change = spec.change;
  }

  step(): Step {
    const deleting = this.toDelete.shift();
    if (deleting) return { name: `${this.label} delete`, request: { method: 'DELETE', path: `${documentsPath(this.collection)}/${deleting}`, headers: this.headers() }, expected: [204] };
    const updating = this.toUpdate.shift();
    const json = { ...this.headers(), 'content-type': 'application/json' };
    if (updating) {
      return {
        name: `${this.label} update`,
        request: { method: 'PATCH', path: `${documentsPath(this.collection)}/${updating}`, headers: json, body: JSON.stringify({ data: this.change(this.created) }) },
        expected: [200],
        after: (response) => void (response.status === 200 && this.toDelete.push(updating)),
      };
    }
    const serial = ++this.created;
    const id = `soak-${process.pid.toString(36)}-${this.label.slice(0, 3)}-${serial}`;
    return {
      name: `${this.label} create`,
      request: { method: 'POST', path: documentsPath(this.collection), headers: json, body: JSON.stringify({ documentId: id, data: this.data(serial) }) },
      expected: [201],
      after: (response) => void (response.status === 201 && this.toUpdate.push(id)),
    };
  }
}

/** Two-chunk uploads to the media bucket with the API key (5 MiB, then 64 KiB), then deleted. */
class UploadCycle {
  private static readonly CHUNK = 5 * 1024 * 1024;
  private readonly bytes = Buffer.alloc(UploadCycle.CHUNK + 64 * 1024, 7);
  private readonly toFinish: string[] = [];
  private readonly toDelete: string[] = [];
  private started = 0;
  private readonly apiKey: string;

  constructor(apiKey: string) {
    this.apiKey = apiKey;
  }

  private chunk(fileId: string, index: 0 | 1, first: boolean): SoakRequest {
    const start = index * UploadCycle.CHUNK;
    const end = Math.min(start + UploadCycle.CHUNK, this.bytes.length);
    const { body, contentType } = multipartUpload(fileId, 'soak.png', this.bytes.subarray(start, end));
    const headers: Record<string, string> = {
      'x-appwrite-project': PROJECT_ID, 'x-appwrite-key': this.apiKey, 'content-type': contentType,
      'content-range': `bytes ${start}-${end - 1}/${this.bytes.length}`,
    };
    if (!first) headers['x-appwrite-id'] = fileId;
    return { method: 'POST', path: '/v1/storage/buckets/media/files', headers, body };
  }

  step(): Step {
    const key = { 'x-appwrite-project': PROJECT_ID, 'x-appwrite-key': this.apiKey };
    const deleting = this.toDelete.shift();
    if (deleting) return { name: 'upload delete', request: { method: 'DELETE', path: `/v1/storage/buckets/media/files/${deleting}`, headers: key }, expected: [204] };
    const finishing = this.toFinish.shift();
    if (finishing) {
      return { name: 'upload chunk 2', request: this.chunk(finishing, 1, false), expected: [201], after: (response) => void (response.status === 201 && this.toDelete.push(finishing)) };
    }
    const fileId = `soak-${process.pid.toString(36)}-upload-${++this.started}`;
    return { name: 'upload chunk 1', request: this.chunk(fileId, 0, true), expected: [201], after: (response) => void (response.status === 201 && this.toFinish.push(fileId)) };
  }
}

/** The operations and their shares of the slots (per cent), and how to pick one. */
export function createMix(world: SoakWorld, random: () => number): () => Step {
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
  const visitor = (): Record<string, string> => ({ 'x-forwarded-for': visitorAddress(Math.floor(random() * VISITORS)) });
  const api = (): Record<string, string> => ({ 'x-appwrite-project': PROJECT_ID, ...visitor() });
  const page = (name: string, path: string): Step => ({ name, request: { method: 'GET', path, headers: { 'user-agent': BROWSER_UA, ...visitor() } }, expected: [200] });
  let contacts = 0;
  const editor = new DocumentCycle({
    label: 'editor',
    collection: 'events',
    headers: () => ({ 'x-appwrite-project': PROJECT_ID, cookie: world.editorCookie }),
    data: (serial) => ({ title: `Soak event ${serial}`, start: new Date(Date.now() + 86_400_000).toISOString(), kind: 'other' }),
    change: (serial) => ({ location: `Hall ${serial}` }),
  });
  const key = new DocumentCycle({
    label: 'key',
    collection: 'candidates',
    headers: () => ({ 'x-appwrite-project': PROJECT_ID, 'x-appwrite-key': world.apiKey }),
    data: (serial) => ({ name: `Soak Candidate ${serial}`, slug: `soak-candidate-${process.pid}-${serial}`, officeId: world.officeId, electionId: world.electionId, status: 'nominated' }),
    change: (serial) => ({ ballotNumber: (serial % 90) + 1 }),
  });
  const uploads = new UploadCycle(world.apiKey);
  const operations: Operation[] = [
    { weight: 20, step: () => ({ name: 'api list', request: { method: 'GET', path: pick(world.listPaths), headers: api() }, expected: [200] }) },
    { weight: 20, step: () => ({ name: 'api get', request: { method: 'GET', path: `${documentsPath('candidates')}/${pick(world.candidateIds)}`, headers: api() }, expected: [200] }) },
    { weight: 8, step: () => ({ name: 'api search', request: { method: 'GET', path: documentsPath('candidates', [{ method: 'search', attribute: 'name', values: [pick(world.searchTerms)] }, { method: 'limit', values: [25] }]), headers: api() }, expected: [200] }) },
    { weight: 3, step: () => page('page home', '/') },
    { weight: 5, step: () => page('page area', pick(world.areaPages)) },
    { weight: 5, step: () => page('page candidate', pick(world.candidatePages)) },
    { weight: 3, step: () => page('page search', `/search?q=${encodeURIComponent(pick(world.searchTerms))}`) },
    {
      weight: 15,
      step: () => {
        const size = pick([64, 96, 128, 192, 256]);
        const path = `/v1/storage/buckets/media/files/${pick(world.photoIds)}/preview?width=${size}&height=${size}&gravity=top&quality=80&output=webp&project=${PROJECT_ID}`;
        return { name: 'preview', request: { method: 'GET', path, headers: { 'user-agent': BROWSER_UA, ...visitor() } }, expected: [200] };
      },
    },
    {
      weight: 3,
      step: () => {
        // Five messages an hour per address are allowed: each comes from a visitor of its own (198.19.0.0/16).
        contacts += 1;
        const headers = { 'x-appwrite-project': PROJECT_ID, 'content-type': 'application/json', 'x-forwarded-for': `198.19.${Math.floor(contacts / 250) % 250}.${(contacts % 250) + 1}` };
        const data = { name: `Soak visitor ${contacts}`, email: `visitor${contacts}@example.org`, subject: 'Soak', message: 'A message written by the soak test.' };
        return { name: 'contact message', request: { method: 'POST', path: documentsPath('contact_messages'), headers, body: JSON.stringify({ documentId: 'unique()', data }) }, expected: [201] };
      },
    },
    { weight: 8, step: () => editor.step() },
    { weight: 6, step: () => key.step() },
    { weight: 2, step: () => uploads.step() },
  ];
  const total = operations.reduce((sum, operation) => sum + operation.weight, 0);
  return () => {
    let ticket = random() * total;
    for (const operation of operations) {
      ticket -= operation.weight;
      if (ticket < 0) return operation.step();
    }
    return operations.at(-1)!.step();
  };
}
