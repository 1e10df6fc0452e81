import type { Params } from 'react-router';
import { collectionLoader } from '../../pages/console/collection/loader.server';
import { dashboardLoader } from '../../pages/console/dashboard/loader.server';
import { deleteAction, deleteLoader } from '../../pages/console/delete/loader.server';
import { historyAction } from '../../pages/console/history/action.server';
import { historyLoader } from '../../pages/console/history/loader.server';
import { importJobAction, importsAction } from '../../pages/console/imports/action.server';
import { importJobLoader, importsLoader } from '../../pages/console/imports/loader.server';
import { messageAction } from '../../pages/console/messages/action.server';
import { messageListLoader, messageLoader } from '../../pages/console/messages/loader.server';
import { recordAction } from '../../pages/console/record/action.server';
import { resultsEntryAction } from '../../pages/console/results/action.server';
import { resultsEntryLoader } from '../../pages/console/results/loader.server';
import { recordLoader } from '../../pages/console/record/loader.server';
import { teamAction } from '../../pages/console/team/action.server';
import { teamLoader } from '../../pages/console/team/loader.server';
import { updatesAction } from '../../pages/console/updates/action.server';
import { updatesLoader } from '../../pages/console/updates/loader.server';
import type { ConsoleView } from '../../pages/console/types';
import type { RouteNamespace } from '../i18n.server';

export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ConsolePageEntry {
  /** Below the console's address, as a React Router path pattern. */
  path: string;
  /** Route namespaces the page translates with besides `console`. */
  namespaces?: RouteNamespace[];
  /** The page's view and data, and its own part of the title. */
  load(request: Request, params: Params, t: Translate): Promise<ConsoleView & { title: string }>;
  /** Its forms, for those that have some. */
  act?(request: Request, params: Params): Promise<unknown>;
}

/**
 * The console's pages. They have no routes of their own (the route table is public): the route of
 * addresses no route serves finds an editor's page here (console-page.server.ts).
 */
export const CONSOLE_PAGES: readonly ConsolePageEntry[] = [
  {
    path: '',
    async load(request, _params, t) {
      return { view: 'dashboard', data: await dashboardLoader(request), title: t('console:dashboard.title') };
    },
  },
  {
    path: 'messages',
    namespaces: ['account', 'team'],
    async load(request, _params, t) {
      return { view: 'messages', data: await messageListLoader(request), title: t('team:messages.title') };
    },
  },
  {
    path: 'messages/:messageId',
    namespaces: ['account', 'team'],
    async load(request, { messageId = '' }) {
      const data = await messageLoader(request, messageId);
      return { view: 'message', data, title: data.message.subject };
    },
    act: (request, { messageId = '' }) => messageAction(request, messageId),
  },
  {
    path: 'team',
    namespaces: ['account', 'team'],
    async load(request, _params, t) {
      return { view: 'team', data: await teamLoader(request), title: t('team:team.title') };
    },
    act: (request) => teamAction(request),
  },
  {
    path: 'history',
    async load(request, _params, t) {
      return { view: 'history', data: await historyLoader(request, null, null), title: t('console:history.recent') };
    },
    act: (request) => historyAction(request, null, null),
  },
  {
    path: 'imports',
    async load(request, _params, t) {
      return { view: 'imports', data: await importsLoader(request), title: t('console:imports.title') };
    },
    act: (request) => importsAction(request),
  },
  {
    path: 'imports/:importId',
    async load(request, { importId = '' }, t) {
      const data = await importJobLoader(request, importId);
      return { view: 'import', data, title: t('console:imports.jobTitle', { file: data.job.fileName }) };
    },
    act: (request, { importId = '' }) => importJobAction(request, importId),
  },
  {
    path: 'updates',
    namespaces: ['account'],
    async load(request, _params, t) {
      return { view: 'updates', data: await updatesLoader(request), title: t('console:updates.title') };
    },
    act: (request) => updatesAction(request),
  },
  {
    path: 'results',
    async load(request, _params, t) {
      return { view: 'results', data: await resultsEntryLoader(request), title: t('console:results.title') };
    },
    act: (request) => resultsEntryAction(request),
  },
  {
    path: ':collection',
    async load(request, { collection }, t) {
      const data = await collectionLoader(request, collection);
      return { view: 'collection', data, title: t(`console:collections.${data.collection}.plural`) };
    },
  },
  {
    path: ':collection/new',
    async load(request, { collection }, t) {
      const data = await recordLoader(request, collection, null);
      return { view: 'record', data, title: t(`console:collections.${data.collection}.new`) };
    },
    act: (request, { collection }) => recordAction(request, collection, null),
  },
  {
    path: ':collection/:documentId',
    async load(request, { collection, documentId = '' }) {
      const data = await recordLoader(request, collection, documentId);
      return { view: 'record', data, title: data.title ?? documentId };
    },
    act: (request, { collection, documentId = '' }) => recordAction(request, collection, documentId),
  },
  {
    path: ':collection/:documentId/delete',
    async load(request, { collection, documentId = '' }, t) {
      const data = await deleteLoader(request, collection, documentId);
      return { view: 'delete', data, title: t('console:delete.question', { title: data.title }) };
    },
    act: (request, { collection, documentId = '' }) => deleteAction(request, collection, documentId),
  },
  {
    path: ':collection/:documentId/history',
    async load(request, { collection, documentId = '' }, t) {
      const data = await historyLoader(request, collection, documentId);
      return { view: 'history', data, title: t('console:history.ofRecord', { title: data.title ?? documentId }) };
    },
    act: (request, { collection, documentId = '' }) => historyAction(request, collection, documentId),
  },
];
