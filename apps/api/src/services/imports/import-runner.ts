import type { Identity } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import { now } from '../../core/dates.ts';
import type { Services } from '../../core/services.ts';
import type { CollectionStore } from '../../db/documents/collection-store.ts';
import type { StoredDocument } from '../../db/documents/stored-document.ts';
import { csvRows } from '../../directory-io/csv-import-source.ts';
import { collectionDefinition } from '../../directory-io/directory-collections.ts';
import { geojsonRows } from '../../directory-io/geojson-import-source.ts';
import type { IncomingRow, RowOutcome } from '../../directory-io/import-rows.ts';
import { ImportSession } from '../../directory-io/import-session.ts';
import { popoloRows } from '../../directory-io/popolo-import-source.ts';
import { ImportFileMissing, openImportText } from './import-file-text.ts';
import { STALLED_AFTER_MS } from './import-model.ts';
import { ImportRowLog } from './import-row-log.ts';

/** How often a running job shows it is alive when no batch has ended (a slow first pass over a Popolo file). */
const HEARTBEAT_MS = STALLED_AFTER_MS / 6;

export interface ImportRunnerParts {
  services: () => Services;
  jobs: CollectionStore;
  rows: CollectionStore;
  batchSize: number;
  /** An error that is not the import's own (a database failure): the job says only that it failed. */
  onUnexpected: (error: unknown, importId: string) => void;
}

/**
 * Runs an import's steps in the background of this process: the dry run (`write` false) or the
 * write, each a pass of ImportSession over the stored file. After every batch the rows' outcomes
 * are saved and the job's counts and `$updatedAt` move on, so a job whose process died is seen
 * as stalled (import-model.ts).
 */
export class ImportRunner {
  private readonly parts: ImportRunnerParts;
  private readonly running = new Set<Promise<void>>();

  constructor(parts: ImportRunnerParts) {
    this.parts = parts;
  }

  /** `by`: who asked for the write, named in the history of what it changes. */
  start(job: StoredDocument, write: boolean, by?: Identity): void {
    const run = this.run(job, write, by).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Resolves once every step started so far has ended (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  private async run(job: StoredDocument, write: boolean, by: Identity | undefined): Promise<void> {
    const { jobs } = this.parts;
    const beat = setInterval(() => void jobs.update(job.sequence, {}, undefined, now()).catch(() => {}), HEARTBEAT_MS);
    beat.unref();
    try {
      const summary = await this.pass(job, write, by);
      const counts = { rows: summary.rows, rowsDone: summary.rows, create: summary.create, update: summary.update, unchanged: summary.unchanged, refused: summary.refused };
      const at = now();
      await jobs.update(job.sequence, { ...counts, status: write ? 'completed' : 'checked', finishedAt: at }, undefined, at);
    } catch (error) {
      const expected = error instanceof ImportFileMissing || error instanceof AppwriteError;
      if (!expected) this.parts.onUnexpected(error, job.id);
      const message = expected ? error.message : 'The server failed while importing; the batches written so far are kept. Importing the file again is safe.';
      const at = now();
      await jobs.update(job.sequence, { status: 'failed', error: `${write ? 'Write' : 'Dry run'}: ${message}`, finishedAt: at }, undefined, at).catch(() => {});
    } finally {
      clearInterval(beat);
    }
  }

  private async pass(job: StoredDocument, write: boolean, by: Identity | undefined) {
    const services = this.parts.services();
    const data = job.data;
    const fileName = String(data['fileName']);
    const open = await openImportText(services.storage.files, String(data['fileId']), fileName);
    const log = new ImportRowLog(this.parts.rows, job.id, write);
    let outcomes: RowOutcome[] = [];
    let saving: Promise<void> = Promise.resolve();
    const geojson = data['format'] === 'geojson';
    const session = new ImportSession(services, {
      write,
      ...(by ? { by } : {}),
      // A file of boundaries is written in one transaction: all of a level's shapes or none.
      batchSize: geojson ? Number.MAX_SAFE_INTEGER : this.parts.batchSize,
      onRow: (outcome) => outcomes.push(outcome),
      onProgress: (rowsDone) => {
        const batch = outcomes;
        outcomes = [];
        saving = saving.then(async () => {
          await log.save(batch);
          await this.parts.jobs.update(job.sequence, write ? { rowsDone } : { rowsDone, ...countsOf(session.summary) }, undefined, now());
        });
        // Handled here so a failed save waiting for the next read is no unhandled rejection; it still fails the pass.
        saving.catch(() => {});
      },
    });
    // The next row is read only once the last batch's report is saved: the report keeps pace with the import.
    async function* paced(rows: AsyncIterable<IncomingRow>): AsyncGenerator<IncomingRow> {
      for await (const row of rows) {
        await saving;
        yield row;
      }
    }
    const collectionId = String(data['collectionId'] ?? '');
    const rows = data['format'] === 'csv'
      ? csvRows(open(), collectionDefinition(services.schema, collectionId)!)
      : geojson
        ? geojsonRows(services, open(), collectionId)
        : popoloRows(open, collectionId ? [collectionId] : undefined);
    await session.importRows(fileName, paced(rows));
    await saving;
    // A batch refused whole (a collection the schema lacks) reports its rows without a progress call.
    await log.save(outcomes);
    return session.summary;
  }
}

function countsOf(summary: { create: number; update: number; unchanged: number; refused: number }) {
  return { create: summary.create, update: summary.update, unchanged: summary.unchanged, refused: summary.refused };
}
