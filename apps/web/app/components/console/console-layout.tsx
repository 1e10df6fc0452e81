import { ChartBarBig, FileText, FileUp, History, Inbox, LayoutDashboard, Send, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';
import { CONSOLE_COLLECTIONS, type ConsoleCollectionId } from '../../lib/console/collections';
import { consolePaths } from '../../lib/console/paths';

/** Which menu entry is the current page. */
export type ConsoleSection = 'dashboard' | ConsoleCollectionId | 'history' | 'imports' | 'results' | 'messages' | 'updates' | 'team';

interface ConsoleLayoutProps {
  active: ConsoleSection;
  children: ReactNode;
}

/**
 * The console's frame: its menu beside the page on wide screens, above it (wrapping) on phones.
 * Every console page, including Messages and Team, renders inside it (pages/console/view.tsx,
 * which also adds the `console` strings). Team is for every editor: owners manage the team there,
 * the others see who is in it.
 */
export function ConsoleLayout({ active, children }: ConsoleLayoutProps) {
  const { t } = useTranslation('console');
  const entries: { section: ConsoleSection; to: string; label: string; icon?: ReactNode }[] = [
    { section: 'dashboard', to: consolePaths.dashboard, label: t('nav.dashboard'), icon: <LayoutDashboard aria-hidden="true" className="size-4 shrink-0" /> },
    ...CONSOLE_COLLECTIONS.map((collection) => ({ section: collection, to: consolePaths.collection(collection), label: t(`collections.${collection}.plural`) })),
    { section: 'history', to: consolePaths.history, label: t('nav.history'), icon: <History aria-hidden="true" className="size-4 shrink-0" /> },
    { section: 'imports', to: consolePaths.imports, label: t('nav.imports'), icon: <FileUp aria-hidden="true" className="size-4 shrink-0" /> },
    { section: 'results', to: consolePaths.results, label: t('nav.results'), icon: <ChartBarBig aria-hidden="true" className="size-4 shrink-0" /> },
    { section: 'messages', to: consolePaths.messages, label: t('nav.messages'), icon: <Inbox aria-hidden="true" className="size-4 shrink-0" /> },
    { section: 'updates', to: consolePaths.updates, label: t('nav.updates'), icon: <Send aria-hidden="true" className="size-4 shrink-0" /> },
    { section: 'team', to: consolePaths.team, label: t('nav.team'), icon: <Users aria-hidden="true" className="size-4 shrink-0" /> },
  ];
  return (
    <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8">
      <nav aria-label={t('nav.label')} className="mb-6 border-b border-slate-200 pb-4 lg:mb-0 lg:border-b-0 lg:border-r lg:pb-0 lg:pr-4 dark:border-slate-800">
        <p className="mb-2 flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
          <FileText aria-hidden="true" className="size-3.5" />
          {t('nav.title')}
        </p>
        <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-0.5">
          {entries.map((entry) => {
            const current = entry.section === active;
            return (
              <li key={entry.section}>
                <Link
                  to={entry.to}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium',
                    'max-lg:border max-lg:border-slate-300 max-lg:dark:border-slate-700',
                    current
                      ? 'bg-green-700 text-white max-lg:border-green-700 dark:bg-green-600 dark:text-slate-950'
                      : 'text-slate-800 hover:bg-slate-100 hover:text-green-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:hover:text-green-400',
                  )}
                >
                  {entry.icon}
                  {entry.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
