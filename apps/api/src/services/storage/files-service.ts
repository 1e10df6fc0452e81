import type { Kysely } from 'kysely';
import { isValidId, resolveNewId } from '@ballot-atlas/shared/appwrite/id';
import { whitelistedPlan, withQueryErrors } from '../../db/documents/list-plan.ts';
import { parseQueries } from '@ballot-atlas/shared/appwrite/query';
import type { Identity } from '../../core/context.ts';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import { assertGrantable, defaultPermissions, documentPermissions } from '../../core/grants.ts';
import type { ReadFilter, StoredDocument } from '../../db/documents/stored-document.ts';
import { documentAllows } from '../databases/collection-permissions.ts';
import { unseal, type AtRestMeta } from './at-rest.ts';
import type { ChunkLedger } from './chunk-ledger.ts';
import { announcedLength, placeChunk, type ChunkPlacement } from './content-range.ts';
import type { BucketEntry } from './file-buckets.ts';
import type { FileDevice } from './file-device.ts';
import { QUERYABLE_FILE_ATTRIBUTES } from './file-collections.ts';
import { toModel, type FileModel } from './file-model.ts';
import type { UploadAssembly } from './upload-assembly.ts';
import type { UploadsInProgressCap } from './uploads-in-progress.ts';
import { fileEvent, type EventBus } from '../../events/index.ts';

const ALL_FILES: ReadFilter = { kind: 'all' };

/** One received part of an upload, already on disk: in a temporary file, or in place (BlobFileDevice.landChunk). */
export interface ReceivedPart {
  fileId: string;
  filename: string;
  tempPath: string;
  size: number;
  permissions: readonly string[] | null | undefined;
  contentRange: string | undefined;
  /** `x-appwrite-id`: the file id chunks after the first carry. */
  uploadId: string | undefined;
  /** Whose upload it is, for the cap on uploads in progress (uploaderOf); absent: the server's own (the seed). */
  uploader?: string;
}

/** What a resource token grants (services/tokens): reading the one file stored as `fileSequence` in `bucketId`. */
export interface FileGrant {
  bucketId: string;
  fileSequence: number;
}

export interface StoredFile {
  bucketId: string;
  model: FileModel;
  meta: AtRestMeta;
}

/** What the files service works with, built once by createStorageServices. */
export interface FilesServiceParts {
  buckets: ReadonlyMap<string, BucketEntry>;
  device: FileDevice;
  ledger: ChunkLedger;
  assembly: UploadAssembly;
  storageKey: Buffer;
  /** Absent: no cap (tests that drive the service directly). */
  uploadsInProgress?: UploadsInProgressCap;
  /** Where updates and deletions append their events; absent: none (tests that drive the service directly). */
  events?: EventBus;
}

/** Buckets declared in appwrite.json and their files, with Appwrite's permission rules. */
export class FilesService {
  private readonly buckets: ReadonlyMap<string, BucketEntry>;
  private readonly device: FileDevice;
  private readonly ledger: ChunkLedger;
  private readonly assembly: UploadAssembly;
  private readonly storageKey: Buffer;
  private readonly uploadsInProgress: UploadsInProgressCap | undefined;
  private readonly events: EventBus | undefined;

  constructor(parts: FilesServiceParts) {
    this.events = parts.events;
    this.buckets = parts.buckets;
    this.device = parts.device;
    this.ledger = parts.ledger;
    this.assembly = parts.assembly;
    this.storageKey = parts.storageKey;
    this.uploadsInProgress = parts.uploadsInProgress;
  }

  private bucket(bucketId: string, identity: Identity): BucketEntry {
    const entry = this.buckets.get(bucketId);
    if (!entry || (!entry.definition.enabled && !identity.admin)) throw new AppwriteError('storage_bucket_not_found');
    return entry;
  }

  private readFilter(entry: BucketEntry, identity: Identity): ReadFilter | null {
    if (entry.permissions.allows('read', identity)) return { kind: 'all' };
    if (entry.definition.fileSecurity) return { kind: 'roles', roles: identity.roles };
    return null;
  }

  /**
   * A file the caller means to change, found without asking for read permission (as Appwrite does:
   * `update("any")` alone lets anyone rename a file they cannot see). Without the bucket's grant and
   * without file security the answer is 401 before the file is even looked up.
   */
  private async findToChange(entry: BucketEntry, identity: Identity, fileId: string, action: 'update' | 'delete'): Promise<StoredDocument> {
    const bucketAllows = entry.permissions.allows(action, identity);
    if (!bucketAllows && !entry.definition.fileSecurity) throw new AppwriteError('user_unauthorized');
    const stored = isValidId(fileId) ? await entry.store.get(fileId, { kind: 'all' }) : undefined;
    if (!stored || stored.data['status'] === 'deleting') throw new AppwriteError('storage_file_not_found');
    return stored;
  }

  private allows(entry: BucketEntry, action: 'update' | 'delete', identity: Identity, stored: StoredDocument): boolean {
    return entry.permissions.allows(action, identity) || (entry.definition.fileSecurity && documentAllows(stored.permissions, action, identity));
  }

  async list(identity: Identity, bucketId: string, queries: readonly string[], search: string | undefined): Promise<{ total: number; files: FileModel[] }> {
    const entry = this.bucket(bucketId, identity);
    const read = this.readFilter(entry, identity);
    if (!read) throw new AppwriteError('user_unauthorized');
    const complete = JSON.stringify({ method: 'equal', attribute: 'status', values: ['complete'] });
    const plan = whitelistedPlan({ queries, search }, QUERYABLE_FILE_ATTRIBUTES, 'name', [complete]);
    const result = await withQueryErrors(() => entry.store.list(plan, read, { countTotal: true }));
    return { total: result.total, files: result.documents.map((stored) => toModel(bucketId, stored)) };
  }

  private async find(entry: BucketEntry, identity: Identity, fileId: string): Promise<StoredDocument> {
    const read = this.readFilter(entry, identity);
    // Appwrite's order: no read grant on the bucket and no file security is a 401, not a 404.
    if (!read) throw new AppwriteError('user_unauthorized');
    const stored = isValidId(fileId) ? await entry.store.get(fileId, read) : undefined;
    if (!stored || stored.data['status'] === 'deleting') throw new AppwriteError('storage_file_not_found');
    return stored;
  }

  /** The file record; an upload still in progress is shown too (SDKs resume from `chunksUploaded`). */
  async get(identity: Identity, bucketId: string, fileId: string): Promise<FileModel> {
    const entry = this.bucket(bucketId, identity);
    return toModel(bucketId, await this.find(entry, identity, fileId));
  }

  /** A file the caller may read, by its stored row (a resource token names that row, not only the id). */
  async locate(identity: Identity, bucketId: string, fileId: string): Promise<{ sequence: number }> {
    const entry = this.bucket(bucketId, identity);
    return { sequence: (await this.find(entry, identity, fileId)).sequence };
  }

  /**
   * A complete file the caller may read, with what is needed to read its bytes. A resource token's
   * grant opens its file whatever the permissions; a grant for another file of the bucket is a 401
   * (Appwrite's order: the grant is checked before whether the file exists).
   */
  async openForReading(identity: Identity, bucketId: string, fileId: string, grant: FileGrant | null = null): Promise<StoredFile> {
    const entry = this.bucket(bucketId, identity);
    const granted = grant?.bucketId === bucketId;
    const read = granted ? ALL_FILES : this.readFilter(entry, identity);
    if (!read) throw new AppwriteError('user_unauthorized');
    const found = isValidId(fileId) ? await entry.store.get(fileId, read) : undefined;
    if (grant && found?.sequence !== grant.fileSequence) throw new AppwriteError('user_unauthorized');
    const stored = found?.data['status'] === 'deleting' ? undefined : found;
    if (!stored || stored.data['status'] !== 'complete') throw new AppwriteError('storage_file_not_found');
    return { bucketId, model: toModel(bucketId, stored), meta: JSON.parse((stored.data['storage'] as string) || '{"compression":"none"}') as AtRestMeta };
  }

  /** The whole original content (decrypted, decompressed). */
  async contents(file: StoredFile): Promise<Buffer> {
    return unseal(await this.device.read(file.bucketId, file.model.$id), file.meta, this.storageKey);
  }

  /** True when the stored bytes are the original ones, so ranges can be streamed straight from the device. */
  storedAsIs(file: StoredFile): boolean {
    return file.meta.compression === 'none' && !file.meta.iv;
  }

  streamStored(file: StoredFile, range?: { start: number; end: number }) {
    return this.device.stream(file.bucketId, file.model.$id, range);
  }

  async update(identity: Identity, bucketId: string, fileId: string, name: string | undefined, permissionTexts: readonly string[] | null | undefined): Promise<FileModel> {
    const entry = this.bucket(bucketId, identity);
    const stored = await this.findToChange(entry, identity, fileId, 'update');
    const permissions = permissionTexts == null ? undefined : documentPermissions(permissionTexts);
    if (permissions) assertGrantable(permissions, identity);
    if (!this.allows(entry, 'update', identity, stored)) throw new AppwriteError('user_unauthorized');
    const update = async (trx?: Kysely<any>) => {
      await entry.store.update(stored.sequence, name === undefined ? {} : { name }, permissions, now(), trx);
      const model = toModel(bucketId, (trx ? await entry.store.getForWrite(fileId, trx) : await entry.store.get(fileId, { kind: 'all' }))!);
      if (trx) await this.events!.append(trx, fileEvent('update', entry.definition, model));
      return model;
    };
    return this.events ? this.events.transaction(update) : update();
  }

  async delete(identity: Identity, bucketId: string, fileId: string): Promise<void> {
    const entry = this.bucket(bucketId, identity);
    // Marked first, so a crash half-way leaves a record every reader ignores and the next sweep finishes, never bytes without a record.
    for (let attempt = 0; ; attempt++) {
      const stored = await this.findToChange(entry, identity, fileId, 'delete');
      if (!this.allows(entry, 'delete', identity, stored)) throw new AppwriteError('user_unauthorized');
      if (await this.markDeleting(entry, stored)) {
        await this.assembly.finishDeletion(entry.store, bucketId, stored);
        return;
      }
      if (attempt === 3) throw new AppwriteError('storage_file_not_found');
    }
  }

  /** Hides the file from every reader (the moment it is deleted for clients), with its delete event when it was complete. */
  private async markDeleting(entry: BucketEntry, stored: StoredDocument): Promise<boolean> {
    const mark = (trx?: Kysely<any>) => entry.store.updateIf(stored.sequence, { status: stored.data['status'] }, { status: 'deleting' }, undefined, trx);
    if (!this.events || stored.data['status'] !== 'complete') return mark();
    const events = this.events;
    return events.transaction(async (trx) => {
      const marked = await mark(trx);
      if (marked) await events.append(trx, fileEvent('delete', entry.definition, toModel(entry.definition.$id, stored)));
      return marked;
    });
  }

  /** Stores one request of an upload (the whole file, or one chunk of it) and assembles the file when every chunk is in. */
  async receive(identity: Identity, bucketId: string, part: ReceivedPart): Promise<FileModel> {
    try {
      return await this.receivePart(identity, bucketId, part);
    } finally {
      await this.device.discardReceived(part.tempPath);
    }
  }

  /**
   * The checks a part passes before anything is stored, in Appwrite's order; `size` is what arrived
   * (or, before the body is read, what its Content-Range announces).
   */
  private checkPart(identity: Identity, bucketId: string, part: Pick<ReceivedPart, 'filename' | 'contentRange' | 'uploadId'>, size: number): { entry: BucketEntry; placement: ChunkPlacement } {
    const entry = this.bucket(bucketId, identity);
    if (!entry.permissions.allows('create', identity)) throw new AppwriteError('user_unauthorized');
    const extension = part.filename.includes('.') ? part.filename.split('.').pop()!.toLowerCase() : '';
    const allowed = entry.definition.allowedFileExtensions.map((value) => value.toLowerCase());
    if (allowed.length && !allowed.includes(extension)) throw new AppwriteError('storage_file_type_unsupported');
    const placement = placeChunk(part.contentRange, size);
    if (placement.totalSize > entry.definition.maximumFileSize) throw new AppwriteError('storage_invalid_file_size');
    if (part.uploadId === 'unique()' || (part.uploadId !== undefined && !isValidId(part.uploadId))) throw new AppwriteError('storage_invalid_appwrite_id');
    return { entry, placement };
  }

  /**
   * Where a part about to arrive would go, when the checks that need neither its bytes nor the
   * database pass (the caller may then write its bytes in place); undefined otherwise: the part is
   * received as a whole first, and `receive` answers why it is refused.
   */
  announcedPart(identity: Identity, bucketId: string, part: Pick<ReceivedPart, 'filename' | 'contentRange' | 'uploadId'>): (ChunkPlacement & { bytes: number | undefined }) | undefined {
    const bytes = part.contentRange === undefined ? undefined : announcedLength(part.contentRange);
    if (part.contentRange !== undefined && bytes === undefined) return undefined;
    try {
      return { ...this.checkPart(identity, bucketId, part, bytes ?? 1).placement, bytes };
    } catch (error) {
      if (error instanceof AppwriteError) return undefined;
      throw error;
    }
  }

  private async receivePart(identity: Identity, bucketId: string, part: ReceivedPart): Promise<FileModel> {
    const { entry, placement } = this.checkPart(identity, bucketId, part, part.size);
    const fileId = part.uploadId ?? resolveNewId(part.fileId);

    // An upload is continued only by a caller who may read it (as Appwrite looks it up under the caller's
    // permissions): anyone else who knows the id gets 409 instead of replacing or adding chunks.
    const read = this.readFilter(entry, identity) ?? { kind: 'roles', roles: [] };
    let stored = await entry.store.get(fileId, read);
    if (!stored) stored = await this.startUpload(entry, identity, fileId, part, placement, read);
    if (stored.data['status'] !== 'uploading') throw new AppwriteError('storage_file_already_exists');
    if (stored.data['sizeOriginal'] !== placement.totalSize || stored.data['chunksTotal'] !== placement.chunksTotal) throw new AppwriteError('storage_invalid_content_range');

    await this.device.putChunk(bucketId, fileId, placement.index, part.tempPath, placement.chunksTotal);
    const arrived = await this.ledger.record(bucketId, fileId, placement.index, part.size);
    if (arrived < placement.chunksTotal) {
      if (!(await entry.store.updateIf(stored.sequence, { status: 'uploading' }, { chunksUploaded: arrived }, now()))) await this.dropLateChunk(entry, fileId);
      return this.model(entry, fileId);
    }
    // Every chunk is in; of the requests that see that, one claims the assembly.
    await this.assembly.claimAndAssemble(entry.store, entry.definition, stored);
    return this.model(entry, fileId);
  }

  private async model(entry: BucketEntry, fileId: string): Promise<FileModel> {
    const stored = await entry.store.get(fileId, { kind: 'all' });
    if (!stored || stored.data['status'] === 'deleting') throw new AppwriteError('storage_file_not_found');
    return toModel(entry.definition.$id, stored);
  }

  /** A chunk that arrived after its file was assembled (a client sending it again) is not kept. */
  private async dropLateChunk(entry: BucketEntry, fileId: string): Promise<void> {
    const stored = await entry.store.get(fileId, { kind: 'all' });
    if (stored?.data['status'] !== 'complete') return;
    await this.ledger.forget(entry.definition.$id, fileId);
    await this.device.removeChunks(entry.definition.$id, fileId);
  }

  private async startUpload(entry: BucketEntry, identity: Identity, fileId: string, part: ReceivedPart, placement: ReturnType<typeof placeChunk>, read: ReadFilter): Promise<StoredDocument> {
    const permissions = part.permissions == null ? defaultPermissions(identity) : documentPermissions(part.permissions);
    assertGrantable(permissions, identity);
    await this.uploadsInProgress?.admit(part.uploader ?? '', placement.chunksTotal);
    const data = {
      name: part.filename.slice(0, 2048), mimeType: '', sizeOriginal: placement.totalSize, sizeActual: 0, signature: '',
      chunksTotal: placement.chunksTotal, chunksUploaded: 0, compression: 'none', encryption: false, status: 'uploading', storage: '', uploader: part.uploader ?? '',
    };
    try {
      const [stored] = await entry.store.insert([{ id: fileId, data, permissions, createdAt: now() }]);
      return stored!;
    } catch (error) {
      if (!(error instanceof AppwriteError && error.type === 'document_already_exists')) throw error;
      // Two chunks of a new upload raced to create it: use the winner's record, if the caller may see it.
      const existing = await entry.store.get(fileId, read);
      if (!existing) throw new AppwriteError('storage_file_already_exists');
      return existing;
    }
  }

  /** Removes uploads that stopped before their last chunk (no chunk since `olderThan`), with their partial data. */
  async sweepAbandonedUploads(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const [bucketId, entry] of this.buckets) {
      const stale = JSON.stringify({ method: 'lessThan', attribute: '$updatedAt', values: [olderThan.toISOString()] });
      const uploading = JSON.stringify({ method: 'equal', attribute: 'status', values: ['uploading'] });
      const { documents } = await entry.store.list(parseQueries([uploading, stale, JSON.stringify({ method: 'limit', values: [5000] })]), { kind: 'all' }, { countTotal: false });
      for (const stored of documents) {
        // A chunk arriving meanwhile changes $updatedAt, and keeps the upload.
        if (!(await entry.store.updateIf(stored.sequence, { status: 'uploading', $updatedAt: stored.updatedAt }, { status: 'deleting' }))) continue;
        await this.assembly.finishDeletion(entry.store, bucketId, stored);
        removed++;
      }
    }
    return removed;
  }
}
