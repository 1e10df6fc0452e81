import type { ImportAction, ImportJob, ImportRow } from '@ballot-atlas/shared/imports/import-job';
import type { Problem } from '../../../lib/account/problem';
import type { ConsoleCollectionId } from '../../../lib/console/collections';

/** The directory's collections a CSV file may hold (the API's DIRECTORY_COLLECTIONS: the console's, less its pages). */
export type ImportableCollection = Exclude<ConsoleCollectionId, 'pages'>;

export interface ImportsData {
  imports: ImportJob[];
  collections: ImportableCollection[];
}

/** What the upload form's action answers when the import cannot start. */
export interface ImportsResult {
  problem: Problem;
}

/** The report's tabs: every row, or the rows of one action. */
export type ReportTab = ImportAction | 'all';

export interface ImportJobData {
  job: ImportJob;
  tab: ReportTab;
  /** The tabs worth showing, with their counts. */
  tabs: { tab: ReportTab; count: number }[];
  rows: ImportRow[];
  page: number;
  pageCount: number;
  /** The page's time, to show rows per second while importing. */
  at: string;
}

export interface ImportJobResult {
  problem: Problem;
}

export const FILE_FIELD = 'file';
export const FILE_ID_FIELD = 'fileId';
export const COLLECTION_FIELD = 'collectionId';
