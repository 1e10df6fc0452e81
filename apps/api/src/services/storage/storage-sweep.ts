import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { collectionTables } from '../../db/physical-names.ts';
import { parseQueries } from '@ballot-atlas/shared/appwrite/query';
import type { ChunkLedger } from './chunk-ledger.ts';
import type { BucketEntry, FileStatus } from './file-buckets.ts';
import type { FileDevice, HeldItem } from './file-device.ts';
import { fileCollection } from './file-collections.ts';
import type { FilesService } from './files-service.ts';
import { hasStopped, isThisProcess, parseInstanceName } from './process-instance.ts';
import type { UploadAssembly } from './upload-assembly.ts';

/**
 * Something changed less than this before a sweep began may belong to work that started after
 * the sweep read its record (file times come from a coarse clock); it waits for the next sweep.
 */
const CLOCK_MARGIN_MS = 100;
const LOOKUP_BATCH = 500;

export interface SweepReport {
  /** Scratch folders of processes that stopped (spooled request bodies, staged files). */
  scratchFolders: number;
  /** Assemblies whose process stopped: finished, or put back to uploading. */
  assembliesRecovered: number;
  /** Deletions a process began and did not finish. */
  deletionsFinished: number;
  abandonedUploads: number;
  /** Bytes and chunk sets that no record needs. */
  orphansRemoved: number;
  orphanChunkRecords: number;
  /** Items that could not be dealt with this time (the next sweep tries again). */
  failures: number;
}

export interface StorageSweepParts {
  buckets: ReadonlyMap<string, BucketEntry>;
  files: FilesService;
  device: FileDevice;
  ledger: ChunkLedger;
  assembly: UploadAssembly;
  /** DATA_DIR/tmp: one scratch folder per process, named after it. */
  scratchRoot: string;
}

/** What a record in this status keeps on the device. */
const KEEPS: Record<FileStatus, HeldItem['kind'][]> = {
  uploading: ['chunks'],
  assembling: ['chunks', 'bytes'],
  complete: ['bytes'],
  deleting: [],
};

/**
 * Cleans up after processes that stopped mid-way (run at start-up and then periodically): their
 * scratch folders, assemblies and deletions; uploads abandoned by their clients; and anything on
 * the device or in the chunk records that no file record needs.
 */
export class StorageSweep {
  private readonly parts: StorageSweepParts;

  constructor(parts: StorageSweepParts) {
    this.parts = parts;
  }

  async run(abandonedBefore: Date): Promise<SweepReport> {
    const startedAt = Date.now();
    const report: SweepReport = { scratchFolders: 0, assembliesRecovered: 0, deletionsFinished: 0, abandonedUploads: 0, orphansRemoved: 0, orphanChunkRecords: 0, failures: 0 };
    report.scratchFolders = await this.removeStoppedScratch(abandonedBefore);
    // One file that cannot be dealt with (a disk error, a claim taken over meanwhile) does not stop the others.
    const attempt = <T>(work: Promise<T>) => work.catch(() => void report.failures++);
    for (const entry of this.parts.buckets.values()) {
      for (const stored of await this.withStatus(entry, 'deleting')) {
        await attempt(this.parts.assembly.finishDeletion(entry.store, entry.definition.$id, stored).then(() => report.deletionsFinished++));
      }
      for (const stored of await this.withStatus(entry, 'assembling')) {
        const outcome = await attempt(this.parts.assembly.recover(entry.store, entry.definition, stored.id, true));
        if (outcome === 'completed' || outcome === 'reset') report.assembliesRecovered++;
      }
    }
    report.abandonedUploads = await this.parts.files.sweepAbandonedUploads(abandonedBefore);
    report.orphansRemoved = await this.removeOrphans(new Date(startedAt - CLOCK_MARGIN_MS));
    for (const entry of this.parts.buckets.values()) {
      report.orphanChunkRecords += await this.parts.ledger.forgetOrphans(entry.definition.$id, collectionTables(fileCollection(entry.definition)).documents);
    }
    return report;
  }

  private async withStatus(entry: BucketEntry, status: FileStatus) {
    const queries = [JSON.stringify({ method: 'equal', attribute: 'status', values: [status] }), JSON.stringify({ method: 'limit', values: [5000] })];
    return (await entry.store.list(parseQueries(queries), { kind: 'all' }, { countTotal: false })).documents;
  }

  /**
   * Scratch folders of processes known to have stopped go at once; a folder whose process cannot
   * be checked (another host) loses only what has not changed since `abandonedBefore`.
   */
  private async removeStoppedScratch(abandonedBefore: Date): Promise<number> {
    let removed = 0;
    for (const name of await readdir(this.parts.scratchRoot).catch(() => [] as string[])) {
      const path = join(this.parts.scratchRoot, name);
      const holder = parseInstanceName(name);
      if (holder && isThisProcess(holder)) continue;
      if (holder && hasStopped(holder)) {
        await rm(path, { recursive: true, force: true });
        removed++;
        continue;
      }
      const inside = holder ? (await readdir(path).catch(() => [] as string[])).map((entry) => join(path, entry)) : [path];
      for (const item of inside) {
        const changed = await stat(item).catch(() => undefined);
        if (changed && changed.mtime < abandonedBefore) await rm(item, { recursive: true, force: true });
      }
    }
    return removed;
  }

  /** Bytes whose record is not complete (nor being assembled), chunk sets whose record is not uploading. */
  private async removeOrphans(changedBefore: Date): Promise<number> {
    const byBucket = new Map<string, HeldItem[]>();
    for await (const item of this.parts.device.held()) {
      // Folders of buckets no longer declared are kept, like the tables of removed collections.
      if (!this.parts.buckets.has(item.bucketId) || item.changedAt >= changedBefore) continue;
      byBucket.set(item.bucketId, [...(byBucket.get(item.bucketId) ?? []), item]);
    }
    let removed = 0;
    for (const [bucketId, items] of byBucket) {
      const { store } = this.parts.buckets.get(bucketId)!;
      for (let start = 0; start < items.length; start += LOOKUP_BATCH) {
        const batch = items.slice(start, start + LOOKUP_BATCH);
        const statuses = await store.valuesOf(batch.map((item) => item.fileId), 'status');
        for (const item of batch) {
          const status = statuses.get(item.fileId) as FileStatus | undefined;
          if (status && KEEPS[status].includes(item.kind)) continue;
          if (item.kind === 'bytes') await this.parts.device.removeBytes(bucketId, item.fileId);
          else await this.parts.device.removeChunks(bucketId, item.fileId);
          removed++;
        }
      }
    }
    return removed;
  }
}
