import { Databases, Permission, Role, type Client } from 'node-appwrite';

export const PROGRESS_DATABASE = 'main';
export const PROGRESS_COLLECTION = 'export_progress';
/** A write every this many pages at most… */
export const PAGES_PER_WRITE = 10;
/** …and no closer together than this (≤ 2 writes a second). */
export const MIN_WRITE_INTERVAL_MS = 500;

export type ExportPhase = 'loading' | 'rendering' | 'uploading';

export interface ProgressState {
  phase: ExportPhase;
  pagesDone: number;
  /** Null until the renderer has finished and the count is known. */
  pagesTotal: number | null;
}

/**
 * The export's progress as a document of `export_progress` named by the execution's id, readable
 * by the requester alone. Writes run one after another, at least MIN_WRITE_INTERVAL_MS apart;
 * pages are written at the first page drawn, then every PAGES_PER_WRITE pages; phase changes
 * always. A failed write is logged and the export carries on without further writes.
 */
export class ProgressReport {
  private readonly databases: Databases;
  private state: ProgressState = { phase: 'loading', pagesDone: 0, pagesTotal: null };
  private written: { phase: ExportPhase; pagesDone: number; at: number } = { phase: 'loading', pagesDone: 0, at: 0 };
  private queue: Promise<void> = Promise.resolve();
  private lastWriteAt = 0;
  private failed = false;
  private readonly executionId: string;
  private readonly userId: string | undefined;
  private readonly log: (message: string) => void;

  constructor(client: Client, executionId: string, userId: string | undefined, log: (message: string) => void) {
    this.databases = new Databases(client);
    this.executionId = executionId;
    this.userId = userId;
    this.log = log;
  }

  /** Creates the document (phase `loading`, no pages yet). */
  start(): Promise<void> {
    const permissions = this.userId ? [Permission.read(Role.user(this.userId))] : [];
    return this.enqueue(() => this.databases.createDocument({ databaseId: PROGRESS_DATABASE, collectionId: PROGRESS_COLLECTION, documentId: this.executionId, data: { ...this.state }, permissions }));
  }

  /** A page was started: the first is written at once, the others when enough pages and time have passed since the last write. */
  page(pagesDone: number): void {
    this.state = { ...this.state, phase: 'rendering', pagesDone };
    const started = this.written.phase !== 'rendering';
    if (Date.now() - this.written.at < MIN_WRITE_INTERVAL_MS || (!started && pagesDone - this.written.pagesDone < PAGES_PER_WRITE)) return;
    void this.update();
  }

  /** A new phase, written as soon as the spacing of writes allows. */
  phase(phase: ExportPhase, counts: Partial<Pick<ProgressState, 'pagesDone' | 'pagesTotal'>> = {}): Promise<void> {
    this.state = { ...this.state, ...counts, phase };
    return this.update();
  }

  /** Waits for the writes under way. */
  settled(): Promise<void> {
    return this.queue;
  }

  private update(): Promise<void> {
    this.written = { phase: this.state.phase, pagesDone: this.state.pagesDone, at: Date.now() };
    const data = { ...this.state };
    return this.enqueue(() => this.databases.updateDocument({ databaseId: PROGRESS_DATABASE, collectionId: PROGRESS_COLLECTION, documentId: this.executionId, data }));
  }

  private enqueue(write: () => Promise<unknown>): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (this.failed) return;
      const wait = this.lastWriteAt + MIN_WRITE_INTERVAL_MS - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      this.lastWriteAt = Date.now();
      try {
        await write();
      } catch (problem) {
        // Progress is a courtesy: the export goes on without it.
        this.failed = true;
        this.log(`progress not recorded: ${problem instanceof Error ? problem.message : String(problem)}`);
      }
    });
    return this.queue;
  }
}
