import type { Kysely } from 'kysely';
import { now } from '../../core/dates.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { CollectionStore } from '../../db/documents/collection-store.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import { claimIsAbandoned, decodeClaim, encodeClaim, newClaim, type AssemblyClaim, type ReadyFile } from './assembly-claim.ts';
import { AT_REST_LIMIT_BYTES, seal, type AtRestMeta } from './at-rest.ts';
import type { ChunkLedger } from './chunk-ledger.ts';
import { sniffContentType } from './content-type.ts';
import type { BucketDefinition } from './file-buckets.ts';
import type { FileDevice } from './file-device.ts';
import { THIS_PROCESS, type ProcessInstance } from './process-instance.ts';
import { fileEvent, type EventBus } from '../../events/index.ts';
import { toModel } from './file-model.ts';

/** Another process took the claim over (or the file was deleted) while this one worked on it. */
class ClaimLost extends Error {}

type Outcome = 'completed' | 'reset' | 'busy' | 'gone';

/** `bucket/file` of the assemblies this process runs (shared by every server built in the process, as their claims are). */
const RUNNING_HERE = new Set<string>();

/**
 * Turns a file's chunks into its bytes so that a crash at any point leaves it complete, or
 * uploading with every acknowledged chunk kept:
 *
 * 1. claim (`uploading` → `assembling`, the claim naming this process);
 * 2. join the chunks into a staged file, sniff its type, compress and encrypt it;
 * 3. record what it is (`ready`) in the claim;
 * 4. place the staged bytes (one rename);
 * 5. remove the chunks and their records;
 * 6. mark the record complete.
 *
 * A claim whose holder stopped is recovered: with `ready` and the bytes placed it is finished
 * (steps 5–6), otherwise its placed bytes are removed and it goes back to `uploading` — and is
 * assembled at once when every chunk is in.
 */
export class UploadAssembly {
  private readonly device: FileDevice;
  private readonly ledger: ChunkLedger;
  private readonly storageKey: Buffer;
  /** Whom claims name: this process, except in tests that play a process which dies. */
  private readonly holder: ProcessInstance;
  /** Where a completed upload's create event is appended; absent: none (tests that drive the assembly directly). */
  private readonly events: EventBus | undefined;

  constructor(device: FileDevice, ledger: ChunkLedger, storageKey: Buffer, holder: ProcessInstance = THIS_PROCESS, events?: EventBus) {
    this.events = events;
    this.device = device;
    this.ledger = ledger;
    this.storageKey = storageKey;
    this.holder = holder;
  }

  /**
   * Claims the upload and assembles it. False when another request holds the claim; true once
   * the file is complete. Fails only when the file could not be completed (it stays resumable).
   */
  async claimAndAssemble(store: CollectionStore, bucket: BucketDefinition, stored: StoredDocument): Promise<boolean> {
    const claim = newClaim(this.holder);
    if (!(await store.updateIf(stored.sequence, { status: 'uploading' }, { status: 'assembling', storage: encodeClaim(claim) }))) return false;
    const key = `${bucket.$id}/${stored.id}`;
    RUNNING_HERE.add(key);
    try {
      const ready = await this.stageAndPlace(store, bucket, stored, claim);
      await this.complete(store, bucket, stored, { ...claim, ready });
      return true;
    } catch (error) {
      RUNNING_HERE.delete(key);
      if ((await this.recover(store, bucket, stored.id, false).catch(() => 'busy')) === 'completed') return true;
      // Deleted while it was being assembled.
      if (error instanceof ClaimLost) throw new AppwriteError('storage_file_not_found');
      throw error;
    } finally {
      RUNNING_HERE.delete(key);
    }
  }

  private async stageAndPlace(store: CollectionStore, bucket: BucketDefinition, stored: StoredDocument, claim: AssemblyClaim): Promise<ReadyFile> {
    const staged = await this.device.joinChunks(bucket.$id, stored.id, stored.data['chunksTotal'] as number);
    try {
      const mimeType = await sniffContentType(await this.device.readStaged(staged, { start: 0, end: 4099 }), stored.data['name'] as string);
      let meta: AtRestMeta = { compression: 'none' };
      let sizeActual = staged.size;
      if (staged.size <= AT_REST_LIMIT_BYTES && (bucket.compression !== 'none' || bucket.encryption)) {
        const sealed = await seal(await this.device.readStaged(staged), bucket.compression, bucket.encryption ? this.storageKey : null);
        await this.device.replaceStaged(staged, sealed.bytes);
        meta = sealed.meta;
        sizeActual = sealed.bytes.length;
      }
      const ready: ReadyFile = { md5: staged.md5, mimeType, sizeActual, meta };
      if (!(await store.updateIf(stored.sequence, { status: 'assembling', storage: encodeClaim(claim) }, { storage: encodeClaim({ ...claim, ready }) }))) throw new ClaimLost();
      await this.device.place(staged, bucket.$id, stored.id);
      return ready;
    } finally {
      await this.device.discard(staged);
    }
  }

  /** Steps 5 and 6, for a claim whose bytes are placed. */
  private async complete(store: CollectionStore, bucket: BucketDefinition, stored: StoredDocument, claim: AssemblyClaim & { ready: ReadyFile }): Promise<void> {
    const { ready } = claim;
    const bucketId = bucket.$id;
    await this.ledger.forget(bucketId, stored.id);
    await this.device.removeChunks(bucketId, stored.id);
    const markComplete = (trx?: Kysely<any>) => store.updateIf(
      stored.sequence,
      { status: 'assembling', storage: encodeClaim(claim) },
      {
        status: 'complete', signature: ready.md5, mimeType: ready.mimeType, sizeActual: ready.sizeActual, chunksUploaded: stored.data['chunksTotal'],
        compression: ready.meta.compression, encryption: ready.meta.iv !== undefined, storage: JSON.stringify(ready.meta), uploader: '',
      },
      now(),
      trx,
    );
    const events = this.events;
    // Appwrite announces a file once, when its last chunk is in and it is complete.
    const completed = !events ? await markComplete() : await events.transaction(async (trx) => {
      if (!(await markComplete(trx))) return false;
      await events.append(trx, fileEvent('create', bucket, toModel(bucketId, (await store.getForWrite(stored.id, trx))!)));
      return true;
    });
    if (!completed) throw new ClaimLost();
    // A chunk sent again while this ran (a client retrying) may have landed after the removal above.
    await this.ledger.forget(bucketId, stored.id);
    await this.device.removeChunks(bucketId, stored.id);
  }

  /**
   * Finishes or undoes an assembly whose claim nobody works on any more (see the class comment).
   * `reassemble`: assemble again at once when it went back to uploading with every chunk in.
   */
  async recover(store: CollectionStore, bucket: BucketDefinition, fileId: string, reassemble: boolean): Promise<Outcome> {
    const stored = await store.get(fileId, { kind: 'all' });
    if (!stored || stored.data['status'] !== 'assembling') return 'gone';
    const key = `${bucket.$id}/${fileId}`;
    const claim = decodeClaim(stored.data['storage']);
    if (!claimIsAbandoned(claim, RUNNING_HERE.has(key))) return 'busy';
    const takeover: AssemblyClaim = { ...newClaim(this.holder), ...(claim?.ready ? { ready: claim.ready } : {}) };
    if (!(await store.updateIf(stored.sequence, { status: 'assembling', storage: stored.data['storage'] }, { storage: encodeClaim(takeover) }))) return 'busy';
    RUNNING_HERE.add(key);
    try {
      const { ready } = takeover;
      if (ready && (await this.device.placedSize(bucket.$id, fileId)) === ready.sizeActual) {
        await this.complete(store, bucket, stored, { ...takeover, ready });
        return 'completed';
      }
      await this.device.removeBytes(bucket.$id, fileId);
      const arrived = await this.ledger.count(bucket.$id, fileId);
      await store.updateIf(stored.sequence, { status: 'assembling', storage: encodeClaim(takeover) }, { status: 'uploading', storage: '', chunksUploaded: arrived }, now());
    } finally {
      RUNNING_HERE.delete(key);
    }
    if (reassemble && (await this.ledger.count(bucket.$id, fileId)) === stored.data['chunksTotal']) {
      const again = await store.get(fileId, { kind: 'all' });
      if (again && (await this.claimAndAssemble(store, bucket, again))) return 'completed';
    }
    return 'reset';
  }

  /** Removes the bytes, chunks and record of a file marked `deleting` (by a request, or by one that died half-way). */
  async finishDeletion(store: CollectionStore, bucketId: string, stored: StoredDocument): Promise<void> {
    await this.device.delete(bucketId, stored.id);
    await this.ledger.forget(bucketId, stored.id);
    await store.delete(stored.sequence);
  }
}
