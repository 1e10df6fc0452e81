// Storage through the official SDKs: uploads (one request, chunked, resumed), bucket and file
// permissions, bucket limits, lists with queries, update and delete. What the SDKs hide (a broken
// chunk, an abandoned upload) is sent as raw HTTP the way the SDKs send it.
import { setTimeout as sleep } from 'node:timers/promises';
import { beforeAll, expect, it } from 'vitest';
import { storedObjects } from '../support/stored-objects.ts';
import { CHUNK_SIZE, chunkOf, md5, postFilePart, randomContent } from '../support/upload-http.ts';
import { SESSION_COOKIE, signUpAndIn, type SignedIn, type TestUser } from './support/accounts.ts';
import { describeCompat, type CompatContext } from './support/compat-suite.ts';
import { expectSdkError } from './support/expect-error.ts';
import type { UploadProgress, WireFile } from './support/storage-api.ts';
import { APPWRITE_DATE } from './support/wire.ts';

const fileNotFound = { code: 404, type: 'storage_file_not_found' };
const unauthorized = { code: 401, type: 'user_unauthorized' };
/** 12 MiB + 17 bytes: three chunks, the last one 2 MiB + 17 bytes. */
const THREE_CHUNKS = 12 * 1024 * 1024 + 17;

type Person = SignedIn & { user: TestUser };

function textFile(text: string, name: string, type = 'text/plain'): File {
  return new File([text], name, { type });
}

/** The bytes a view URL serves, with a session sent as the browser sends it (the cookie). */
async function viewBytes(context: CompatContext, bucketId: string, fileId: string, session?: string): Promise<{ status: number; body: Buffer }> {
  const headers: Record<string, string> = session ? { cookie: `${SESSION_COOKIE}=${encodeURIComponent(session)}` } : {};
  const response = await fetch(context.guest.storage.getFileView(bucketId, fileId), { headers });
  return { status: response.status, body: Buffer.from(await response.arrayBuffer()) };
}

async function errorOf(response: Response): Promise<{ code: number; type: string }> {
  const body = (await response.json()) as { code: number; type: string };
  return { code: response.status, type: body.type };
}

describeCompat('storage uploads', (context) => {
  let alice: Person;
  beforeAll(async () => {
    alice = await signUpAndIn(context, 'uploader');
  });
  const asAlice = () => ({ 'x-appwrite-session': alice.token });

  it('a small file goes in one request and comes back whole, owned by its uploader', async () => {
    const { ID } = context.sdk;
    const text = 'Ballot Atlas — results by polling station\n';
    const created = await alice.connection.storage.createFile('photos', ID.unique(), textFile(text, 'results.txt'));
    expect(created).toMatchObject({
      bucketId: 'photos', name: 'results.txt', mimeType: 'text/plain', sizeOriginal: Buffer.byteLength(text),
      chunksTotal: 1, chunksUploaded: 1, signature: md5(Buffer.from(text)),
    });
    expect(created.$createdAt).toMatch(APPWRITE_DATE);
    expect([...created.$permissions].sort()).toEqual([`delete("user:${alice.user.id}")`, `read("user:${alice.user.id}")`, `update("user:${alice.user.id}")`]);
    expect(await context.guest.storage.getFile('photos', created.$id)).toEqual(created);
    expect((await viewBytes(context, 'photos', created.$id)).body.toString()).toBe(text);
  });

  it('a 12 MiB + 17 byte file goes in three chunks, reporting progress as each generation does', async () => {
    const { ID, version } = context.sdk;
    const source = randomContent(THREE_CHUNKS);
    const progress: UploadProgress[] = [];
    const created = await alice.connection.storage.createFile('photos', ID.unique(), new File([source], 'survey.bin'), undefined, (event) => progress.push({ ...event }));

    expect(created).toMatchObject({ name: 'survey.bin', sizeOriginal: THREE_CHUNKS, chunksTotal: 3, chunksUploaded: 3, signature: md5(source) });
    const first = { $id: created.$id, progress: 42, sizeUploaded: CHUNK_SIZE, chunksTotal: 3, chunksUploaded: 1 };
    const last = { $id: created.$id, progress: 100, sizeUploaded: THREE_CHUNKS, chunksTotal: 3, chunksUploaded: 3 };
    const middleInOrder = { $id: created.$id, progress: 83, sizeUploaded: 2 * CHUNK_SIZE, chunksTotal: 3, chunksUploaded: 2 };
    if (version === '17.0.2') {
      // v17 sends the chunks one after another and reports each one's end.
      expect(progress).toEqual([first, middleInOrder, last]);
    } else {
      // v28 sends chunk 0, then the rest at once, counting them as they complete: either may finish first.
      const middleLastFirst = { ...middleInOrder, progress: 58, sizeUploaded: CHUNK_SIZE + (THREE_CHUNKS - 2 * CHUNK_SIZE) };
      expect(progress).toHaveLength(3);
      expect(progress[0]).toEqual(first);
      expect([middleInOrder, middleLastFirst]).toContainEqual(progress[1]);
      expect(progress[2]).toEqual(last);
    }
    const served = await viewBytes(context, 'photos', created.$id);
    expect(served.body.length).toBe(THREE_CHUNKS);
    expect(md5(served.body)).toBe(md5(source));
  });

  it('a nine-chunk file (chunk 0, then eight at once with SDK 28) is assembled in offset order', async () => {
    const { ID } = context.sdk;
    const source = randomContent(8 * CHUNK_SIZE + 1);
    const created = await alice.connection.storage.createFile('photos', ID.unique(), new File([source], 'archive.bin'));
    expect(created).toMatchObject({ chunksTotal: 9, chunksUploaded: 9, sizeOriginal: source.length, signature: md5(source) });
    expect(md5((await viewBytes(context, 'photos', created.$id)).body)).toBe(md5(source));
  });

  it('a chunk that fails (a truncated body) is refused and can be sent again; the upload then completes', async () => {
    const { ID } = context.sdk;
    const fileId = ID.unique();
    const source = randomContent(THREE_CHUNKS);
    const send = (index: number, bytes?: Uint8Array<ArrayBuffer>) => {
      const chunk = chunkOf(source, index);
      return postFilePart(context.endpoint, 'photos', { fileId, name: 'resumed.bin', bytes: bytes ?? chunk.bytes, range: chunk.range, headers: asAlice(), ...(index > 0 ? { uploadId: fileId } : {}) });
    };

    const started = await send(0);
    expect(started.status).toBe(201);
    expect(await started.json()).toMatchObject({ $id: fileId, chunksTotal: 3, chunksUploaded: 1, signature: '', mimeType: '', sizeOriginal: THREE_CHUNKS });
    // The connection broke mid-chunk: the server got 1 MiB of a 5 MiB chunk.
    const broken = await send(1, chunkOf(source, 1).bytes.subarray(0, 1024 * 1024));
    expect(await errorOf(broken)).toEqual({ code: 400, type: 'storage_invalid_content_range' });

    // The SDK resumes from what the server says it holds.
    const held = await alice.connection.storage.getFile('photos', fileId);
    expect(held).toMatchObject({ chunksTotal: 3, chunksUploaded: 1, signature: '' });
    // An upload in progress is not listed and its bytes are not served.
    expect((await alice.connection.storage.listFiles('photos', [context.sdk.Query.equal('$id', [fileId])])).total).toBe(0);
    expect((await viewBytes(context, 'photos', fileId)).status).toBe(404);

    // The last chunk may come before the missing one.
    expect(await (await send(2)).json()).toMatchObject({ chunksUploaded: 2, signature: '' });
    const done = await send(1);
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({ $id: fileId, chunksTotal: 3, chunksUploaded: 3, signature: md5(source), sizeOriginal: THREE_CHUNKS });
    expect(md5((await viewBytes(context, 'photos', fileId)).body)).toBe(md5(source));
  });

  it('calling createFile again with the same custom id finishes an interrupted upload; once complete the id is taken', async () => {
    // Neither SDK 17 nor SDK 28 asks the server what it holds first (older web SDKs did): they send
    // every chunk again, and the server keeps the chunk it has and takes the rest.
    const { ID } = context.sdk;
    const fileId = ID.custom(`resume-${context.sdk.version.replace(/\./g, '')}`);
    const source = randomContent(THREE_CHUNKS);
    // The first attempt got as far as chunk 0.
    const interrupted = await postFilePart(context.endpoint, 'photos', { fileId, name: 'again.bin', ...chunkOf(source, 0), headers: asAlice() });
    expect(interrupted.status).toBe(201);
    const file = new File([source], 'again.bin');
    const finished = await alice.connection.storage.createFile('photos', fileId, file);
    expect(finished).toMatchObject({ $id: fileId, chunksUploaded: 3, signature: md5(source) });
    expect(md5((await viewBytes(context, 'photos', fileId)).body)).toBe(md5(source));
    await expectSdkError(context.sdk, () => alice.connection.storage.createFile('photos', fileId, file), { code: 409, type: 'storage_file_already_exists' });
    await expectSdkError(context.sdk, () => alice.connection.storage.createFile('photos', fileId, textFile('small', 'small.txt')), { code: 409, type: 'storage_file_already_exists' });
  });

  it('a request without a file, or with an empty one, is 400 storage_file_empty', async () => {
    const url = `${context.endpoint}/storage/buckets/photos/files`;
    const withoutFile = new FormData();
    withoutFile.append('fileId', 'no-file');
    const headers = { 'x-appwrite-project': 'test-project', ...asAlice() };
    expect(await errorOf(await fetch(url, { method: 'POST', headers, body: withoutFile }))).toEqual({ code: 400, type: 'storage_file_empty' });
    const json = await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ fileId: 'no-file' }) });
    expect(await errorOf(json)).toEqual({ code: 400, type: 'storage_file_empty' });
    const empty = await postFilePart(context.endpoint, 'photos', { fileId: 'no-file', name: 'empty.txt', bytes: new Uint8Array(0), headers: asAlice() });
    expect(await errorOf(empty)).toEqual({ code: 400, type: 'storage_file_empty' });
  });

  it('refuses x-appwrite-id "unique()" and a chunk that disagrees with the upload about its total size', async () => {
    const { ID } = context.sdk;
    const source = randomContent(THREE_CHUNKS);
    const second = chunkOf(source, 1);
    const withUnique = await postFilePart(context.endpoint, 'photos', { fileId: 'unique()', name: 'x.bin', ...second, uploadId: 'unique()', headers: asAlice() });
    expect(await errorOf(withUnique)).toEqual({ code: 400, type: 'storage_invalid_appwrite_id' });

    const fileId = ID.unique();
    expect((await postFilePart(context.endpoint, 'photos', { fileId, name: 'x.bin', ...chunkOf(source, 0), headers: asAlice() })).status).toBe(201);
    const longer = { ...second.range, total: THREE_CHUNKS + CHUNK_SIZE };
    const disagreeing = await postFilePart(context.endpoint, 'photos', { fileId, name: 'x.bin', bytes: second.bytes, range: longer, uploadId: fileId, headers: asAlice() });
    expect(await errorOf(disagreeing)).toEqual({ code: 400, type: 'storage_invalid_content_range' });
  });
});

describeCompat('storage permissions and bucket limits', (context) => {
  let alice: Person;
  let bob: Person;
  beforeAll(async () => {
    alice = await signUpAndIn(context, 'alice');
    bob = await signUpAndIn(context, 'bob');
  });

  it('with file security, a file with default permissions is its uploader\'s alone', async () => {
    const { ID } = context.sdk;
    const created = await alice.connection.storage.createFile('private', ID.unique(), textFile('diary', 'diary.txt'));
    expect((await alice.connection.storage.getFile('private', created.$id)).name).toBe('diary.txt');
    expect((await viewBytes(context, 'private', created.$id, alice.token)).body.toString()).toBe('diary');
    expect((await alice.connection.storage.listFiles('private')).files.map((file) => file.$id)).toContain(created.$id);

    await expectSdkError(context.sdk, () => bob.connection.storage.getFile('private', created.$id), fileNotFound);
    await expectSdkError(context.sdk, () => context.guest.storage.getFile('private', created.$id), fileNotFound);
    // Deleting needs no read permission (Appwrite finds the file first): refused for want of delete permission.
    await expectSdkError(context.sdk, () => bob.connection.storage.deleteFile('private', created.$id), unauthorized);
    expect((await viewBytes(context, 'private', created.$id, bob.token)).status).toBe(404);
    expect((await viewBytes(context, 'private', created.$id)).status).toBe(404);
    const bobsList = await bob.connection.storage.listFiles('private');
    expect(bobsList.files.map((file) => file.$id)).not.toContain(created.$id);
  });

  it('with file security, read("any") on the file makes it public, and no more than readable', async () => {
    const { ID, Permission, Role } = context.sdk;
    const created = await alice.connection.storage.createFile('private', ID.unique(), textFile('notice', 'notice.txt'), [Permission.read(Role.any()), Permission.update(Role.user(alice.user.id))]);
    expect([...created.$permissions].sort()).toEqual(['read("any")', `update("user:${alice.user.id}")`]);
    expect((await context.guest.storage.getFile('private', created.$id)).name).toBe('notice.txt');
    expect((await viewBytes(context, 'private', created.$id)).body.toString()).toBe('notice');
    await expectSdkError(context.sdk, () => bob.connection.storage.updateFile('private', created.$id, 'mine.txt'), unauthorized);
    await expectSdkError(context.sdk, () => bob.connection.storage.deleteFile('private', created.$id), unauthorized);
    // Alice may rename it but, without delete permission, not delete it.
    expect((await alice.connection.storage.updateFile('private', created.$id, 'board notice.txt')).name).toBe('board notice.txt');
    await expectSdkError(context.sdk, () => alice.connection.storage.deleteFile('private', created.$id), unauthorized);
  });

  it('may not grant a role the uploader does not hold (401), and nothing is stored', async () => {
    const { ID, Permission, Role } = context.sdk;
    const fileId = ID.custom('forged-grant');
    await expectSdkError(context.sdk, () => alice.connection.storage.createFile('private', fileId, textFile('x', 'x.txt'), [Permission.read(Role.user(bob.user.id))]), unauthorized);
    await expectSdkError(context.sdk, () => alice.connection.storage.getFile('private', fileId), fileNotFound);
    const mine = await alice.connection.storage.createFile('private', ID.unique(), textFile('y', 'y.txt'));
    await expectSdkError(context.sdk, () => alice.connection.storage.updateFile('private', mine.$id, undefined, [Permission.read(Role.user(bob.user.id))]), unauthorized);
  });

  it('with file security, nobody but who may read an upload in progress can add chunks to it', async () => {
    // private: 10 MiB at most, so two chunks.
    const fileId = context.sdk.ID.custom(`shared-id-${context.sdk.version.replace(/\./g, '')}`);
    const original = randomContent(CHUNK_SIZE + 100);
    const forged = randomContent(CHUNK_SIZE + 100);
    const send = (who: Person, source: Uint8Array<ArrayBuffer>, index: number) =>
      postFilePart(context.endpoint, 'private', { fileId, name: 'ballots.bin', ...chunkOf(source, index), headers: { 'x-appwrite-session': who.token }, ...(index ? { uploadId: fileId } : {}) });
    expect((await send(alice, original, 0)).status).toBe(201);
    // Bob knows (or guesses) the id: he may neither replace Alice's chunk nor add his own.
    expect(await errorOf(await send(bob, forged, 0))).toEqual({ code: 409, type: 'storage_file_already_exists' });
    expect(await errorOf(await send(bob, forged, 1))).toEqual({ code: 409, type: 'storage_file_already_exists' });
    expect(await (await send(alice, original, 1)).json()).toMatchObject({ chunksUploaded: 2, signature: md5(original) });
  });

  it('without file security only the bucket counts: file permissions neither hide nor grant', async () => {
    const { ID, Permission, Role } = context.sdk;
    // photos: read any; create, update, delete for users.
    // (An empty permission list cannot be sent in a multipart form: the SDKs send none, so the uploader gets the defaults.)
    const created = await alice.connection.storage.createFile('photos', ID.unique(), textFile('hidden?', 'hidden.txt'), []);
    expect(created.$permissions).toContain(`read("user:${alice.user.id}")`);
    expect((await context.guest.storage.getFile('photos', created.$id)).name).toBe('hidden.txt');
    expect((await bob.connection.storage.updateFile('photos', created.$id, 'renamed by bob.txt')).name).toBe('renamed by bob.txt');
    await expectSdkError(context.sdk, () => context.guest.storage.updateFile('photos', created.$id, 'guest.txt'), unauthorized);
    await expectSdkError(context.sdk, () => context.guest.storage.deleteFile('photos', created.$id), unauthorized);
    await expectSdkError(context.sdk, () => context.guest.storage.createFile('photos', ID.unique(), textFile('g', 'g.txt'), [Permission.read(Role.any())]), unauthorized);
    await bob.connection.storage.deleteFile('photos', created.$id);
  });

  it('update: permissions omitted keep the old ones, a new list replaces them, an empty list clears them', async () => {
    const { ID, Permission, Role } = context.sdk;
    const created = await alice.connection.storage.createFile('private', ID.unique(), textFile('minutes', 'minutes.txt'));
    const renamed = await alice.connection.storage.updateFile('private', created.$id, 'minutes-final.txt');
    expect(renamed.name).toBe('minutes-final.txt');
    expect([...renamed.$permissions].sort()).toEqual([...created.$permissions].sort());
    await expectSdkError(context.sdk, () => context.guest.storage.getFile('private', created.$id), fileNotFound);

    const shared = await alice.connection.storage.updateFile('private', created.$id, undefined, [Permission.read(Role.any()), Permission.write(Role.user(alice.user.id))]);
    expect([...shared.$permissions].sort()).toEqual(['delete("user:' + alice.user.id + '")', 'read("any")', 'update("user:' + alice.user.id + '")']);
    expect((await context.guest.storage.getFile('private', created.$id)).name).toBe('minutes-final.txt');

    expect((await alice.connection.storage.updateFile('private', created.$id, undefined, [])).$permissions).toEqual([]);
    await expectSdkError(context.sdk, () => alice.connection.storage.getFile('private', created.$id), fileNotFound);
  });

  it('delete removes the record and the bytes', async () => {
    const { ID } = context.sdk;
    const created = await alice.connection.storage.createFile('photos', ID.unique(), textFile('temporary', 'temp.txt'));
    const atRest = () => storedObjects(context.server).fileBytes('photos', created.$id);
    expect(await atRest()).toBeDefined();
    await alice.connection.storage.deleteFile('photos', created.$id);
    await expectSdkError(context.sdk, () => alice.connection.storage.getFile('photos', created.$id), fileNotFound);
    expect((await viewBytes(context, 'photos', created.$id)).status).toBe(404);
    expect(await atRest()).toBeUndefined();
    await expectSdkError(context.sdk, () => alice.connection.storage.deleteFile('photos', created.$id), fileNotFound);
  });

  it('allowed extensions and maximum size are the bucket\'s (docs: pdf and txt, 1 MiB)', async () => {
    const { ID } = context.sdk;
    await expectSdkError(context.sdk, () => context.guest.storage.createFile('docs', ID.unique(), new File(['MZ...'], 'setup.exe')), { code: 400, type: 'storage_file_type_unsupported' });
    await expectSdkError(context.sdk, () => context.guest.storage.createFile('docs', ID.unique(), new File(['no extension'], 'README')), { code: 400, type: 'storage_file_type_unsupported' });
    await expectSdkError(context.sdk, () => context.guest.storage.createFile('docs', ID.unique(), new File([Buffer.alloc(1024 * 1024 + 1, 97)], 'big.txt')), { code: 400, type: 'storage_invalid_file_size' });
    const exact = await context.guest.storage.createFile('docs', ID.unique(), new File([Buffer.alloc(1024 * 1024, 97)], 'exact.txt'));
    expect(exact).toMatchObject({ sizeOriginal: 1024 * 1024, chunksUploaded: 1 });
    // A guest creator gets no permissions; the bucket's read("any") still lets everyone read it.
    expect(exact.$permissions).toEqual([]);
    // A chunked upload declares its total size in its first chunk: refused before any byte is kept.
    const big = randomContent(THREE_CHUNKS);
    const first = await postFilePart(context.endpoint, 'docs', { fileId: 'too-big', name: 'big.pdf', ...chunkOf(big, 0) });
    expect(await errorOf(first)).toEqual({ code: 400, type: 'storage_invalid_file_size' });
  });

  it('a disabled bucket is not found, and an unknown one neither', async () => {
    const { ID } = context.sdk;
    const notFound = { code: 404, type: 'storage_bucket_not_found' };
    await expectSdkError(context.sdk, () => context.guest.storage.createFile('closed', ID.unique(), textFile('x', 'x.txt')), notFound);
    await expectSdkError(context.sdk, () => context.guest.storage.listFiles('closed'), notFound);
    await expectSdkError(context.sdk, () => context.guest.storage.getFile('closed', 'anything'), notFound);
    await expectSdkError(context.sdk, () => context.guest.storage.listFiles('no-such-bucket'), notFound);
  });
});

describeCompat('storage lists', (context) => {
  let alice: Person;
  const ids: Record<string, string> = {};
  const sizes = { 'budget report 2024.txt': 10, 'turnout report.txt': 20, 'candidates.txt': 20, 'polling stations.txt': 30 } as const;
  beforeAll(async () => {
    alice = await signUpAndIn(context, 'lister');
    for (const [name, size] of Object.entries(sizes)) {
      ids[name] = (await alice.connection.storage.createFile('photos', context.sdk.ID.unique(), new File([Buffer.alloc(size, 120)], name))).$id;
    }
    // Abandoned after its first chunk: never listed, never counted.
    const big = randomContent(THREE_CHUNKS);
    const response = await postFilePart(context.endpoint, 'photos', { fileId: 'incomplete', name: 'incomplete report.txt', ...chunkOf(big, 0), headers: { 'x-appwrite-session': alice.token } });
    expect(response.status).toBe(201);
  });
  const names = (files: readonly WireFile[]) => files.map((file) => file.name);

  it('lists complete files in creation order, with the total', async () => {
    const list = await context.guest.storage.listFiles('photos');
    expect(list.total).toBe(4);
    expect(names(list.files)).toEqual(Object.keys(sizes));
  });

  it('filters and sorts by sizeOriginal, pages with limit, offset and cursorAfter', async () => {
    const { Query } = context.sdk;
    expect(names((await context.guest.storage.listFiles('photos', [Query.equal('sizeOriginal', [20])])).files)).toEqual(['turnout report.txt', 'candidates.txt']);
    const sorted = await context.guest.storage.listFiles('photos', [Query.orderDesc('sizeOriginal'), Query.orderAsc('name')]);
    expect(names(sorted.files)).toEqual(['polling stations.txt', 'candidates.txt', 'turnout report.txt', 'budget report 2024.txt']);
    const page = await context.guest.storage.listFiles('photos', [Query.orderDesc('sizeOriginal'), Query.orderAsc('name'), Query.limit(2), Query.offset(1)]);
    expect(names(page.files)).toEqual(['candidates.txt', 'turnout report.txt']);
    expect(page.total).toBe(4);
    const after = await context.guest.storage.listFiles('photos', [Query.cursorAfter(ids['turnout report.txt']!), Query.limit(10)]);
    expect(names(after.files)).toEqual(['candidates.txt', 'polling stations.txt']);
  });

  it('search finds files by words of their name', async () => {
    const found = await context.guest.storage.listFiles('photos', [], 'report');
    expect(names(found.files).sort()).toEqual(['budget report 2024.txt', 'turnout report.txt']);
    expect(found.total).toBe(2);
  });

  it('an unknown attribute or an unknown cursor is refused', async () => {
    const { Query } = context.sdk;
    const invalid = await expectSdkError(context.sdk, () => context.guest.storage.listFiles('photos', [Query.equal('colour', ['red'])]), { code: 400, type: 'general_argument_invalid' });
    expect(invalid.message).toContain('colour');
    await expectSdkError(context.sdk, () => context.guest.storage.listFiles('photos', [Query.cursorAfter('no-such-file')]), { code: 400, type: 'general_cursor_not_found' });
  });
});

describeCompat(
  'storage upload rate limit',
  (context) => {
    it('the 61st upload in a minute is refused, while a large file\'s later chunks count apart (per chunk index)', async () => {
      const { ID } = context.sdk;
      // The window is a fixed minute: start the burst with time to spare in it.
      const secondsLeft = 60 - ((Date.now() / 1000) % 60);
      if (secondsLeft < 15) await sleep(secondsLeft * 1000 + 50);
      const big = randomContent(THREE_CHUNKS);
      const bigId = ID.unique();
      expect((await postFilePart(context.endpoint, 'sealed', { fileId: bigId, name: 'big.bin', ...chunkOf(big, 0) })).status).toBe(201);
      for (let upload = 2; upload <= 60; upload++) await context.guest.storage.createFile('sealed', ID.unique(), textFile(`note ${upload}`, `note-${upload}.txt`));
      await expectSdkError(context.sdk, () => context.guest.storage.createFile('sealed', ID.unique(), textFile('one too many', 'late.txt')), { code: 429, type: 'general_rate_limit_exceeded' });

      const second = await postFilePart(context.endpoint, 'sealed', { fileId: bigId, name: 'big.bin', ...chunkOf(big, 1), uploadId: bigId });
      expect(second.status).toBe(201);
      expect([second.headers.get('x-ratelimit-limit'), second.headers.get('x-ratelimit-remaining')]).toEqual(['60', '59']);
      const last = await postFilePart(context.endpoint, 'sealed', { fileId: bigId, name: 'big.bin', ...chunkOf(big, 2), uploadId: bigId });
      expect(await last.json()).toMatchObject({ $id: bigId, chunksUploaded: 3, signature: md5(big) });
    });
  },
  { env: { ABUSE_LIMITS: 'enabled' } },
);
