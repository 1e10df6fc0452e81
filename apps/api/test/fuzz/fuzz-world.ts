/**
 * The small world the fuzz runs in, made through the API with the operator key: documents in
 * every collection of the schema, a file in every bucket, a team, and a signed-in user who owns
 * it. Generated requests name these by reference (`WorldRef`), so they reach real resources.
 * Accepted fuzzed writes may delete or change any of it; `repair` puts back what is missing and
 * signs the user in again (or signs up a new one when the old one was blocked or lost its password).
 * A sentinel document is never named by any request: it must still read the same at the end.
 */
import sharp from 'sharp';
import { multipartUpload } from '../support/raw-http.ts';
import type { TestServer } from '../support/test-server.ts';
import type { CollectionDefinition } from '../../src/schema/project-schema.ts';
import type { WorldRef } from './fuzz-values.ts';

/** The password of the world's user; also a probe, so generated requests that ask for it can get it right. */
export const WORLD_PASSWORD = 'correct horse battery staple';
const WORLD_TEAM = 'fuzz-team';
/** A topic the world's user subscribes to (the test schema declares none). */
const WORLD_TOPIC = 'fuzz-topic';

interface Answer {
  status: number;
  json: any;
  cookies: string[];
}

/** A value of a type the attribute accepts, the simplest there is. */
function simpleValue(attribute: CollectionDefinition['attributes'][number], n: number): unknown {
  if (attribute.array) return [];
  switch (attribute.type) {
    case 'string':
      if (attribute.format === 'enum') return attribute.elements?.[0] ?? 'x';
      if (attribute.format === 'email') return `world-${n}@example.org`;
      if (attribute.format === 'url') return 'https://example.org/world';
      if (attribute.format === 'ip') return '10.0.0.1';
      return `World ${n}`.slice(0, attribute.size);
    case 'integer':
    case 'double':
      return attribute.min ?? 1;
    case 'boolean':
      return true;
    case 'datetime':
      return '2026-01-01T00:00:00.000+00:00';
  }
}

function worldDocument(collection: CollectionDefinition, n: number): Record<string, unknown> {
  return Object.fromEntries(collection.attributes.filter((attribute) => attribute.required).map((attribute) => [attribute.key, simpleValue(attribute, n)]));
}

export class FuzzWorld {
  readonly server: TestServer;
  readonly projectId: string;
  readonly apiKey: string;
  /** Known values by parameter name; a reference's index wraps around. */
  readonly values = new Map<string, string[]>();
  /** The signed-in user's session token (the cookie's value). */
  session = '';
  /** A JWT made from that session (X-Appwrite-JWT). */
  jwt = '';
  /** A small PNG: the bytes of image uploads (so previews have something to work on). */
  png: Buffer = Buffer.alloc(0);
  sentinel: { path: string; data: Record<string, unknown> } | undefined;
  #documents: { path: string; data: Record<string, unknown> }[] = [];
  #files: { bucketId: string; fileId: string; name: string; bytes: Buffer }[] = [];
  #user = { id: '', email: '' };
  #users = 0;

  constructor(server: TestServer) {
    this.server = server;
    this.projectId = server.config.projectId;
    if (!server.config.apiKey) throw new Error('the fuzz needs a server with API_KEY');
    this.apiKey = server.config.apiKey;
  }

  /** Parameter names the world has values for, known before it is prepared. */
  static readonly NAMES = ['databaseId', 'collectionId', 'documentId', 'tableId', 'rowId', 'key', 'attribute', 'column', 'bucketId', 'fileId', 'teamId', 'membershipId', 'userId', 'sessionId', 'projectId', 'topicId', 'targetId', 'subscriberId', 'token'] as const;

  lookup = (ref: WorldRef): string => {
    const known = this.values.get(ref.name) ?? [];
    return known.length ? known[ref.index % known.length]! : `missing-${ref.name}`;
  };

  async call(method: string, path: string, options: { body?: unknown; key?: boolean; session?: string; raw?: { contentType: string; body: Buffer } } = {}): Promise<Answer> {
    const headers: Record<string, string> = { 'X-Appwrite-Project': this.projectId };
    if (options.key !== false && !options.session) headers['X-Appwrite-Key'] = this.apiKey;
    if (options.session) headers['Cookie'] = `a_session_${this.projectId}=${encodeURIComponent(options.session)}`;
    let body: string | Buffer | undefined;
    if (options.raw) {
      headers['Content-Type'] = options.raw.contentType;
      body = options.raw.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(`${this.server.url}/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: new Uint8Array(body instanceof Buffer ? body : Buffer.from(body)) }) });
    const text = await response.text();
    return { status: response.status, json: text ? JSON.parse(text) : undefined, cookies: response.headers.getSetCookie() };
  }

  async #must(method: string, path: string, options: Parameters<FuzzWorld['call']>[2] = {}): Promise<any> {
    const answer = await this.call(method, path, options);
    if (answer.status >= 300) throw new Error(`preparing the fuzz world: ${method} ${path} → ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  }

  async prepare(): Promise<void> {
    const { schema } = this.server.app.services;
    this.values.set('projectId', [this.projectId]);
    this.values.set('teamId', [WORLD_TEAM, ...schema.teams.map((team) => team.$id)]);
    // Lists of related names are aligned: databaseId[i], collectionId[i] and documentId[i] name one
    // document, bucketId[i] and fileId[i] one file, so a request whose references share an index is coherent.
    const documents: { databaseId: string; collectionId: string; documentId: string; key: string; numeric: string }[] = [];
    let n = 0;
    for (const collection of schema.collections) {
      for (const copy of [1, 2]) {
        const documentId = `fuzz-${collection.$id}-${copy}`.slice(0, 36);
        const path = `/databases/${collection.databaseId}/collections/${collection.$id}/documents`;
        const data = worldDocument(collection, ++n);
        // An attribute (or index, under the same `key` name) of that collection, and a number one for increments.
        const attributeKeys = collection.attributes.map((attribute) => attribute.key);
        const key = copy === 1 ? (attributeKeys[0] ?? '') : (collection.indexes[0]?.key ?? attributeKeys[0] ?? '');
        const numeric = collection.attributes.find((attribute) => attribute.type === 'integer' || attribute.type === 'double')?.key ?? key;
        documents.push({ databaseId: collection.databaseId, collectionId: collection.$id, documentId, key, numeric });
        // Disabled collections and databases refuse even the key: their ids stay, and answer 404.
        if ((await this.call('POST', path, { body: { documentId, data } })).status !== 201) continue;
        this.#documents.push({ path: `${path}/${documentId}`, data });
        if (!this.sentinel) {
          const sentinelId = `sentinel-${Math.random().toString(36).slice(2, 12)}`;
          const sentinelData = worldDocument(collection, ++n);
          await this.#must('POST', path, { body: { documentId: sentinelId, data: sentinelData } });
          this.sentinel = { path: `${path}/${sentinelId}`, data: sentinelData };
        }
      }
    }
    if (!this.sentinel) throw new Error('preparing the fuzz world: no collection accepts a document');
    for (const name of ['databaseId', 'collectionId', 'documentId', 'key'] as const) this.values.set(name, documents.map((document) => document[name]));
    // The TablesDB view names the same records: tableId[i] is collectionId[i], rowId[i] documentId[i].
    this.values.set('tableId', documents.map((document) => document.collectionId));
    this.values.set('rowId', documents.map((document) => document.documentId));
    for (const name of ['attribute', 'column'] as const) this.values.set(name, documents.map((document) => document.numeric));
    const png = await sharp({ create: { width: 16, height: 12, channels: 3, background: '#c0392b' } }).png().toBuffer();
    this.png = png;
    for (const bucket of schema.buckets) {
      const allowed = bucket.allowedFileExtensions.map((extension) => extension.toLowerCase());
      const [name, bytes] = !allowed.length || allowed.includes('png') ? ['world.png', png] : allowed.includes('txt') ? ['world.txt', Buffer.from('world\n')] : [`world.${allowed[0]}`, Buffer.from('%PDF-1.4\n%%EOF\n')];
      this.#files.push({ bucketId: bucket.$id, fileId: `fuzz-${bucket.$id}-1`.slice(0, 36), name, bytes });
    }
    this.values.set('bucketId', this.#files.map((file) => file.bucketId));
    this.values.set('fileId', this.#files.map((file) => file.fileId));
    await this.#ensureFiles();
    await this.#ensureTeam();
    await this.#newUser();
    await this.#ensureMembership();
    await this.server.app.services.messaging.topics.upsert(WORLD_TOPIC, 'Fuzz topic', ['users']);
    await this.#ensureSubscriber();
  }

  /** The user's e-mail target subscribed to the world's topic, and its unsubscribe link's token. */
  async #ensureSubscriber(): Promise<void> {
    this.values.set('topicId', [WORLD_TOPIC]);
    const account = await this.call('GET', '/account', { session: this.session });
    const target = (account.json?.targets as { $id: string; providerType: string }[] | undefined)?.find((entry) => entry.providerType === 'email');
    if (account.status !== 200 || !target) return;
    this.values.set('targetId', [target.$id]);
    const path = `/messaging/topics/${WORLD_TOPIC}/subscribers`;
    const listed = await this.call('GET', path, { session: this.session });
    let subscriberId = (listed.json?.subscribers as { $id: string }[] | undefined)?.[0]?.$id;
    if (!subscriberId) {
      const created = await this.call('POST', path, { session: this.session, body: { subscriberId: 'unique()', targetId: target.$id } });
      if (created.status !== 201) return;
      subscriberId = created.json.$id as string;
    }
    this.values.set('subscriberId', [subscriberId]);
    this.values.set('token', [this.server.app.services.messaging.unsubscribeTokens.issue({ topicId: WORLD_TOPIC, subscriberId })]);
  }

  async #ensureFiles(): Promise<void> {
    for (const file of this.#files) {
      const path = `/storage/buckets/${file.bucketId}/files`;
      if ((await this.call('GET', `${path}/${file.fileId}`)).status === 200) continue;
      const upload = multipartUpload(file.fileId, file.name, file.bytes);
      await this.call('POST', path, { raw: upload });
    }
  }

  async #ensureTeam(): Promise<void> {
    if ((await this.call('GET', `/teams/${WORLD_TEAM}`)).status === 200) return;
    await this.#must('POST', '/teams', { body: { teamId: WORLD_TEAM, name: 'Fuzz team' } });
  }

  async #ensureMembership(): Promise<void> {
    const list = await this.#must('GET', `/teams/${WORLD_TEAM}/memberships`);
    let membership = (list.memberships as { $id: string; userId: string }[]).find((entry) => entry.userId === this.#user.id);
    membership ??= await this.#must('POST', `/teams/${WORLD_TEAM}/memberships`, { body: { userId: this.#user.id, roles: ['owner'] } });
    this.values.set('membershipId', [membership!.$id]);
  }

  async #signIn(): Promise<boolean> {
    const answer = await this.call('POST', '/account/sessions/email', { key: false, body: { email: this.#user.email, password: WORLD_PASSWORD } });
    const cookie = answer.cookies.find((line) => line.startsWith(`a_session_${this.projectId}=`));
    if (answer.status !== 201 || !cookie) return false;
    this.session = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1).split(';')[0]!);
    this.values.set('sessionId', ['current', answer.json.$id]);
    const jwt = await this.call('POST', '/account/jwts', { session: this.session });
    this.jwt = jwt.status === 201 ? jwt.json.jwt : '';
    return (await this.call('GET', '/account', { session: this.session })).status === 200;
  }

  async #newUser(): Promise<void> {
    const id = `fuzz-user-${++this.#users}`;
    const email = `${id}-${Math.random().toString(36).slice(2, 8)}@example.org`;
    await this.#must('POST', '/account', { key: false, body: { userId: id, email, password: WORLD_PASSWORD, name: 'Fuzz User' } });
    this.#user = { id, email };
    this.values.set('userId', [id]);
    if (!(await this.#signIn())) throw new Error(`preparing the fuzz world: ${id} cannot sign in`);
  }

  /** Puts back what accepted fuzzed writes removed, and a working session. */
  async repair(): Promise<void> {
    for (const document of this.#documents) {
      if ((await this.call('GET', document.path)).status === 200) continue;
      const collectionPath = document.path.slice(0, document.path.lastIndexOf('/'));
      await this.call('POST', collectionPath, { body: { documentId: document.path.slice(document.path.lastIndexOf('/') + 1), data: document.data } });
    }
    await this.#ensureFiles();
    await this.repairSession();
  }

  /** A working session for the user (signed in again, or a new user), who owns the team. */
  async repairSession(): Promise<void> {
    await this.#ensureTeam();
    const account = await this.call('GET', '/account', { session: this.session });
    try {
      if (account.status !== 200 && !(await this.#signIn())) await this.#newUser();
    } catch (error) {
      // With abuse limits on, signing up again may be refused for a while: user requests then go as a guest's.
      if (!(error instanceof Error && / → 429 /.test(error.message))) throw error;
    }
    await this.#ensureMembership();
    await this.#ensureSubscriber();
  }
}
