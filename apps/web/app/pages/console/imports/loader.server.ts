import { isValidId } from '@ballot-atlas/shared/appwrite/id';
import { IMPORT_ACTIONS, type ImportAction, type ImportJob } from '@ballot-atlas/shared/imports/import-job';
import { AppwriteException } from 'appwrite';
import { CONSOLE_COLLECTIONS } from '../../../lib/console/collections';
import { requireEditor } from '../../../lib/console/editor-access.server';
import { getImport, importRows, recentImports } from '../../../lib/console/imports.server';
import { pageNotFound } from '../../../lib/not-found.server';
import type { ImportableCollection, ImportJobData, ImportsData, ReportTab } from './types';

const RECENT = 20;
export const ROWS_PER_PAGE = 50;

/** `/…/imports`: the upload form and the latest imports. */
export async function importsLoader(request: Request): Promise<ImportsData> {
  await requireEditor(request);
  const { imports } = await recentImports(request, RECENT);
  return { imports, collections: CONSOLE_COLLECTIONS.filter((collection): collection is ImportableCollection => collection !== 'pages') };
}

/** The tabs with rows in them: refused first when there are any, then the rest, then all. */
function tabsOf(job: ImportJob): { tab: ReportTab; count: number }[] {
  const tabs: { tab: ReportTab; count: number }[] = IMPORT_ACTIONS.filter((action) => job[action] > 0).map((action) => ({ tab: action, count: job[action] }));
  return tabs.length > 1 ? [...tabs, { tab: 'all', count: job.rows }] : tabs;
}

/** `/…/imports/:importId`: the job, and once checked a page of its report (`?tab=refused&page=2`). */
export async function importJobLoader(request: Request, importId: string): Promise<ImportJobData> {
  await requireEditor(request);
  if (!isValidId(importId)) pageNotFound(request);
  let job: ImportJob;
  try {
    job = await getImport(request, importId);
  } catch (error) {
    if (error instanceof AppwriteException && error.code === 404) pageNotFound(request);
    throw error;
  }
  const url = new URL(request.url);
  const tabs = tabsOf(job);
  const asked = url.searchParams.get('tab');
  const tab = tabs.find((entry) => entry.tab === asked)?.tab ?? tabs[0]?.tab ?? 'all';
  const page = Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1);
  const showsReport = job.status === 'checked' || job.status === 'completed' || (job.status === 'failed' && job.rowsDone > 0);
  const report = showsReport ? await importRows(request, importId, { action: tab === 'all' ? null : (tab as ImportAction), limit: ROWS_PER_PAGE, offset: (page - 1) * ROWS_PER_PAGE }) : { total: 0, rows: [] };
  return { job, tab, tabs, rows: report.rows, page, pageCount: Math.max(1, Math.ceil(report.total / ROWS_PER_PAGE)), at: new Date().toISOString() };
}
