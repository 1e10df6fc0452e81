import type { SaveProblem } from '../../lib/console/api-errors';
import { useRouteMessages } from '../../lib/route-messages';
import { CollectionPage } from './collection/view';
import { DashboardPage } from './dashboard/view';
import { DeletePage } from './delete/view';
import type { RevertProblem } from './history/types';
import { HistoryPage } from './history/view';
import { ImportJobPage } from './imports/job-view';
import { ImportsPage } from './imports/list-view';
import type { ImportJobResult, ImportsResult } from './imports/types';
import { MessageListPage } from './messages/list-view';
import { MessagePage } from './messages/message-view';
import type { MessageResult } from './messages/types';
import type { RecordActionData } from './record/view';
import { RecordPage } from './record/view';
import type { ResultsEntryResult } from './results/types';
import { ResultsEntryPage } from './results/view';
import type { TeamResult } from './team/types';
import { TeamPage } from './team/view';
import type { ConsolePage } from './types';
import type { UpdatesResult } from './updates/types';
import { UpdatesPage } from './updates/view';

/**
 * Every console page, in a chunk of its own: components/not-found-page.tsx loads it only to show
 * an editor a console page, so no other visitor's browser ever downloads the console.
 * `result` is what the page's action answered (useActionData).
 */
export default function ConsoleView({ page, result }: { page: ConsolePage; result: unknown }) {
  useRouteMessages(page.messages);
  switch (page.view) {
    case 'dashboard':
      return <DashboardPage data={page.data} />;
    case 'collection':
      return <CollectionPage data={page.data} />;
    case 'record':
      return <RecordPage data={page.data} action={result as RecordActionData | undefined} />;
    case 'delete':
      return <DeletePage data={page.data} problem={(result as { problem?: SaveProblem } | undefined)?.problem} source={(result as { source?: string } | undefined)?.source} />;
    case 'history':
      return <HistoryPage data={page.data} problem={(result as { revert?: RevertProblem } | undefined)?.revert} />;
    case 'imports':
      return <ImportsPage data={page.data} result={result as ImportsResult | undefined} />;
    case 'import':
      return <ImportJobPage data={page.data} result={result as ImportJobResult | undefined} />;
    case 'results':
      return <ResultsEntryPage data={page.data} result={result as ResultsEntryResult | undefined} />;
    case 'messages':
      return <MessageListPage data={page.data} />;
    case 'message':
      return <MessagePage data={page.data} result={result as MessageResult | undefined} />;
    case 'team':
      return <TeamPage data={page.data} result={result as TeamResult | undefined} />;
    case 'updates':
      return <UpdatesPage data={page.data} result={result as UpdatesResult | undefined} />;
  }
}
