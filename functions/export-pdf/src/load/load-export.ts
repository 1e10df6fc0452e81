import type { ExportRequest } from '../export-request.ts';
import { labelsFor } from '../labels.ts';
import { CONVERT_TO_PDF_PATH } from '../source-paths.ts';
import { loadCalendarExport } from './calendar-export.ts';
import { loadCandidateExport } from './candidate-export.ts';
import type { DirectoryReader } from './directory-reader.ts';
import type { LoadedExport } from './loaded-export.ts';

/** Pasted text: paragraphs are separated by blank lines; single line breaks are kept. */
function paragraphsOf(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split(/\n\s*\n/).map((paragraph) => paragraph.trim()).filter(Boolean);
}

/** Reads what the request names and returns the document to render (without brand, date and origin). */
export function loadExport(reader: DirectoryReader, request: ExportRequest, progress: (message: string) => void): Promise<LoadedExport> {
  const labels = labelsFor(request.language);
  if (request.kind === 'calendar') return loadCalendarExport(reader, labels);
  if (request.kind === 'text') {
    return Promise.resolve({ language: request.language, title: request.title ?? labels.text, subtitle: [], sourcePath: CONVERT_TO_PDF_PATH, body: { kind: 'text', paragraphs: paragraphsOf(request.text) } });
  }
  return loadCandidateExport(reader, request.kind, request.id, labels, progress);
}
