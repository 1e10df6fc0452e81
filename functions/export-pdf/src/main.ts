/**
 * The export-pdf function: `{ kind, id, language, text?, title? }` in, a PDF in the `exports`
 * bucket out, answered with `{ fileId, pages, bytes, token? }` (a guest's file token). It runs the way Appwrite's Node runtime
 * runs a function and reaches the API only over HTTP, with the key the runtime puts in
 * `x-appwrite-key`. Progress goes to the execution's log as "pages done: n" lines and, for an
 * execution, to its `export_progress` document, which the requester may read while it runs.
 */
import { Client } from 'node-appwrite';
import { exportFileName, uploadExport } from './upload-export.ts';
import { InvalidExportRequest, parseExportRequest, type ExportRequest } from './export-request.ts';
import { appwriteReader } from './load/directory-reader.ts';
import { loadExport } from './load/load-export.ts';
import { ExportSubjectNotFound, ExportTooLarge } from './load/loaded-export.ts';
import { ProgressReport } from './progress-report.ts';
import { renderPdf } from './render/render-pdf.ts';
import type { RuntimeContext, RuntimeResponse } from './runtime-context.ts';
import { siteOrigin } from './source-paths.ts';

const DEFAULT_BRAND = 'Ballot Atlas';
/** A "pages done" log line every this many pages. */
const PROGRESS_EVERY = 10;

function failure(res: RuntimeContext['res'], code: number, type: string, message: string): RuntimeResponse {
  return res.json({ message, code, type }, code);
}

function readRequest(req: RuntimeContext['req']): ExportRequest {
  let body: unknown;
  try {
    body = req.bodyJson;
  } catch {
    throw new InvalidExportRequest('The body must be JSON: { kind, id, language, text?, title? }.');
  }
  return parseExportRequest(body);
}

export default async function exportPdf({ req, res, log, error }: RuntimeContext): Promise<RuntimeResponse> {
  const env = process.env;
  let request: ExportRequest;
  try {
    request = readRequest(req);
  } catch (problem) {
    if (problem instanceof InvalidExportRequest) return failure(res, 400, 'general_argument_invalid', problem.message);
    throw problem;
  }
  const key = req.headers['x-appwrite-key'];
  const endpoint = env['APPWRITE_FUNCTION_API_ENDPOINT'];
  const project = env['APPWRITE_FUNCTION_PROJECT_ID'];
  if (!key || !endpoint || !project) return failure(res, 500, 'general_server_error', 'The function was started without its API endpoint, project or key.');

  const client = new Client().setEndpoint(endpoint).setProject(project).setKey(key);
  const started = Date.now();
  const userId = req.headers['x-appwrite-user-id'] || undefined;
  const executionId = req.headers['x-appwrite-execution-id'] || undefined;
  const progress = executionId ? new ProgressReport(client, executionId, userId, log) : null;
  try {
    await progress?.start();
    const loaded = await loadExport(appwriteReader(client), request, (message) => log(message));
    const document = { ...loaded, brand: env['BALLOT_SITE_NAME'] || DEFAULT_BRAND, generatedAt: new Date(), sourceUrl: `${siteOrigin(env)}${loaded.sourcePath}` };
    const onPage = (done: number) => {
      if (done % PROGRESS_EVERY === 0) log(`pages done: ${done}`);
      progress?.page(done);
    };
    const { bytes, pages } = await renderPdf(document, { onPage });
    log(`pages done: ${pages} of ${pages}`);
    void progress?.phase('uploading', { pagesDone: pages, pagesTotal: pages });
    const { fileId, token } = await uploadExport(client, bytes, exportFileName(document.title), userId, executionId);
    await progress?.settled();
    log(`exported ${request.kind} as ${fileId}: ${pages} pages, ${bytes.length} bytes in ${Date.now() - started} ms`);
    return res.json({ fileId, pages, bytes: bytes.length, ...(token ? { token } : {}) });
  } catch (problem) {
    if (problem instanceof ExportSubjectNotFound) return failure(res, 404, 'document_not_found', problem.message);
    if (problem instanceof ExportTooLarge) return failure(res, 400, 'general_argument_invalid', problem.message);
    error(problem instanceof Error ? (problem.stack ?? problem.message) : String(problem));
    return failure(res, 500, 'general_server_error', 'The export failed; the execution’s log has the details.');
  }
}
