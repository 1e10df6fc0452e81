import { now } from '../../core/dates.ts';
import type { Identity } from '../../core/context.ts';
import { AppwriteError } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { CollectionStore } from '../../db/documents/collection-store.ts';
import { whitelistedPlan, type ListRequest } from '../../db/documents/list-plan.ts';
import type { ReadFilter, StoredDocument } from '../../db/documents/stored-document.ts';
import type { SqlDialect } from '../../db/dialect.ts';
import { uniqueId } from '@ballot-atlas/shared/appwrite/id';
import { authorOf } from '../history/change-author.ts';
import { isEditorOrKey } from '../history/editor-access.ts';
import { IMPORTS_BUCKET, importJobsCollection, importRowsCollection, QUERYABLE_JOB_ATTRIBUTES, QUERYABLE_ROW_ATTRIBUTES } from './import-collections.ts';
import { toImportModel, toImportRowModel, type ImportModel, type ImportRowModel } from './import-model.ts';
import { ImportRunner } from './import-runner.ts';
import { importTarget } from './import-target.ts';
import type { Imports } from './imports.ts';

const ALL: ReadFilter = { kind: 'all' };

export interface ImportsServiceOptions {
  /** Rows per batch (and per transaction of the write). */
  batchSize: number;
  /** Errors that are not the import's own, for the server's log. */
  onUnexpected: (error: unknown, importId: string) => void;
}

/**
 * Imports of uploaded files by editors and API keys: a dry run first, in the background, whose
 * report is kept row by row; then, when asked, the write (directory-io's ImportSession both times).
 */
export class ImportsService implements Imports {
  private readonly jobs: CollectionStore;
  private readonly rows: CollectionStore;
  private readonly services: () => Services;
  private readonly runner: ImportRunner;

  constructor(dialect: SqlDialect, services: () => Services, options: ImportsServiceOptions) {
    this.jobs = new CollectionStore(dialect, importJobsCollection);
    this.rows = new CollectionStore(dialect, importRowsCollection);
    this.services = services;
    this.runner = new ImportRunner({ services, jobs: this.jobs, rows: this.rows, batchSize: options.batchSize, onUnexpected: options.onUnexpected });
  }

  /** Starts the dry run of a file in the imports bucket, which the caller must be able to read. */
  async create(identity: Identity, request: { fileId: string; collectionId?: string | undefined; format?: string | undefined }): Promise<ImportModel> {
    if (!isEditorOrKey(identity)) throw new AppwriteError('user_unauthorized');
    const file = await this.services().storage.files.openForReading(identity, IMPORTS_BUCKET, request.fileId);
    const target = importTarget(file.model.name, request);
    const author = authorOf(identity);
    const at = now();
    const [job] = await this.jobs.insert([{
      id: uniqueId(),
      createdAt: at,
      permissions: [],
      data: { fileId: file.model.$id, fileName: file.model.name, format: target.format, collectionId: target.collectionId, status: 'checking', userId: author.userId, userName: author.userName, startedAt: at },
    }]);
    const stored = (await this.jobs.get(job!.id, ALL))!;
    this.runner.start(stored, false);
    return toImportModel(stored);
  }

  /** Newest first unless the queries order otherwise. */
  async list(identity: Identity, request: ListRequest, countTotal: boolean): Promise<{ total: number; imports: ImportModel[] }> {
    if (!isEditorOrKey(identity)) throw new AppwriteError('user_unauthorized');
    const plan = whitelistedPlan(request, QUERYABLE_JOB_ATTRIBUTES, '$id');
    if (plan.orders.length === 0) plan.orders.push({ attribute: '$sequence', direction: 'desc' });
    const { total, documents } = await this.jobs.list(plan, ALL, { countTotal });
    const at = Date.now();
    return { total, imports: documents.map((stored) => toImportModel(stored, at)) };
  }

  private async find(identity: Identity, importId: string): Promise<StoredDocument> {
    const stored = isEditorOrKey(identity) ? await this.jobs.get(importId, ALL) : undefined;
    if (!stored) throw new AppwriteError('import_not_found');
    return stored;
  }

  async get(identity: Identity, importId: string): Promise<ImportModel> {
    return toImportModel(await this.find(identity, importId));
  }

  /** The report, in file order unless the queries order otherwise (by `line`, say); filters on action, collectionId…. */
  async listRows(identity: Identity, importId: string, request: ListRequest, countTotal: boolean): Promise<{ total: number; rows: ImportRowModel[] }> {
    await this.find(identity, importId);
    const plan = whitelistedPlan(request, QUERYABLE_ROW_ATTRIBUTES, '$id', [JSON.stringify({ method: 'equal', attribute: 'importId', values: [importId] })]);
    if (plan.orders.length === 0) plan.orders.push({ attribute: '$sequence', direction: 'asc' });
    const { total, documents } = await this.rows.list(plan, ALL, { countTotal });
    return { total, rows: documents.map(toImportRowModel) };
  }

  /** Starts the write of a checked import; only one caller wins a job, and only once. */
  async write(identity: Identity, importId: string): Promise<ImportModel> {
    if (!isEditorOrKey(identity)) throw new AppwriteError('user_unauthorized');
    const stored = await this.find(identity, importId);
    const status = toImportModel(stored).status;
    if (status !== 'checked') throw new AppwriteError('import_not_checked', `The import is ${status}: only a checked import (its dry run finished) can be written, once.`);
    const at = now();
    const claimed = await this.jobs.updateIf(stored.sequence, { status: 'checked' }, { status: 'importing', rowsDone: 0, startedAt: at, finishedAt: null }, at);
    if (!claimed) throw new AppwriteError('import_not_checked', 'The import is already being written.');
    const importing = (await this.jobs.get(importId, ALL))!;
    this.runner.start(importing, true, identity);
    return toImportModel(importing);
  }

  /** Resolves once every step started so far has ended. */
  settled(): Promise<void> {
    return this.runner.settled();
  }
}
