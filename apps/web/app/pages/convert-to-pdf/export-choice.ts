/** What the export form sends and the page shows; shared by the server and the browser. */
export const EXPORT_KINDS = ['area', 'district', 'region', 'party', 'calendar', 'text'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Kinds named by a directory record, and the collection that holds it. */
export const RECORD_COLLECTIONS = { region: 'regions', district: 'districts', area: 'electoral_areas', party: 'parties' } as const;
export type RecordKind = keyof typeof RECORD_COLLECTIONS;

export const MAX_TEXT_LENGTH = 100_000;
export const MAX_TITLE_LENGTH = 200;

export function isExportKind(value: unknown): value is ExportKind {
  return typeof value === 'string' && (EXPORT_KINDS as readonly string[]).includes(value);
}

export function isRecordKind(kind: ExportKind): kind is RecordKind {
  return kind in RECORD_COLLECTIONS;
}

/** The page's address pre-filled for one record (the "Download PDF" links). */
export function convertToPdfPath(kind: ExportKind, id?: string): string {
  const query = new URLSearchParams({ kind, ...(id ? { id } : {}) });
  return `/convertToPdf?${query.toString()}`;
}

/** A record the visitor may export, as the form lists it. */
export interface RecordChoice {
  id: string;
  name: string;
}

/** The form as it was sent, to show again with its problems. */
export interface ExportFormValues {
  kind: ExportKind;
  name: string;
  id: string;
  text: string;
  title: string;
  language: string;
}

export type ExportFormProblem = 'nameMissing' | 'notFound' | 'textMissing' | 'textTooLong' | 'rateLimited' | 'unavailable';

/** The form's state: what was sent, what is wrong, and the records that match a name when several do. */
export interface ExportFormState {
  values: ExportFormValues;
  problem?: ExportFormProblem;
  matches?: RecordChoice[];
}

/** A running or finished export, as the result page shows it. */
/** The function's progress documents (functions/export-pdf/src/progress-report.ts), one per execution, under its id. */
export const PROGRESS_COLLECTION = 'export_progress';

export interface ExportProgress {
  executionId: string;
  status: 'waiting' | 'scheduled' | 'processing' | 'completed' | 'failed';
  /** While it runs: what the function last recorded (its `export_progress` document), once it has. */
  pages?: { phase: 'loading' | 'rendering' | 'uploading'; done: number; total: number | null };
  /** When completed: the file's name, size and where to get it. */
  file?: { name: string; bytes: number; viewUrl: string; downloadUrl: string };
  /** Failed, or completed without a file: the function's own answer, when it gave one. */
  failure?: string;
}
