import type { ExportDocument } from '../document-model.ts';

/** What a loader reads from the API; the function adds the brand, the date and the site's origin. */
export type LoadedExport = Pick<ExportDocument, 'language' | 'title' | 'subtitle' | 'body'> & { sourcePath: string };

/** The export names no record, or the record is not readable. */
export class ExportSubjectNotFound extends Error {}

/** The export would be longer than one PDF should be. */
export class ExportTooLarge extends Error {}
