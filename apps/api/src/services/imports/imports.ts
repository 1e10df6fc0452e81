import type { Identity } from '../../core/context.ts';
import type { ListRequest } from '../../db/documents/list-plan.ts';
import type { ImportModel, ImportRowModel } from './import-model.ts';

/**
 * What the routes ask of imports (ImportsService does it). The Services table names this and not
 * the class, because the class and the import runner are built on Services themselves.
 */
export interface Imports {
  /** Starts the dry run of a file in the imports bucket, which the caller must be able to read. */
  create(identity: Identity, request: { fileId: string; collectionId?: string | undefined; format?: string | undefined }): Promise<ImportModel>;
  /** Newest first unless the queries order otherwise. */
  list(identity: Identity, request: ListRequest, countTotal: boolean): Promise<{ total: number; imports: ImportModel[] }>;
  get(identity: Identity, importId: string): Promise<ImportModel>;
  /** The report, in file order unless the queries order otherwise (by `line`, say). */
  listRows(identity: Identity, importId: string, request: ListRequest, countTotal: boolean): Promise<{ total: number; rows: ImportRowModel[] }>;
  /** Starts the write of a checked import; only one caller wins a job, and only once. */
  write(identity: Identity, importId: string): Promise<ImportModel>;
  /** Resolves once every step started so far has ended. */
  settled(): Promise<void>;
}
