import type { RouteMessages } from '../../lib/route-messages';
import type { CollectionData } from './collection/loader.server';
import type { DashboardData } from './dashboard/loader.server';
import type { DeleteData } from './delete/loader.server';
import type { HistoryData } from './history/loader.server';
import type { ImportJobData, ImportsData } from './imports/types';
import type { MessageData, MessageListData } from './messages/types';
import type { RecordData } from './record/loader.server';
import type { ResultsEntryData } from './results/types';
import type { TeamPageData } from './team/types';
import type { UpdatesData } from './updates/types';

/** One page of the console with its loader's data (lib/console/console-pages.server.ts lists them). */
export type ConsoleView =
  | { view: 'dashboard'; data: DashboardData }
  | { view: 'collection'; data: CollectionData }
  | { view: 'record'; data: RecordData }
  | { view: 'results'; data: ResultsEntryData }
  | { view: 'delete'; data: DeleteData }
  | { view: 'history'; data: HistoryData }
  | { view: 'imports'; data: ImportsData }
  | { view: 'import'; data: ImportJobData }
  | { view: 'messages'; data: MessageListData }
  | { view: 'message'; data: MessageData }
  | { view: 'team'; data: TeamPageData }
  | { view: 'updates'; data: UpdatesData };

/** What an editor's browser gets for a console address: the page, its whole title and the strings it needs. */
export type ConsolePage = ConsoleView & { title: string; messages: RouteMessages[] };
