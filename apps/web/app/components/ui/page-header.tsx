import type { ReactNode } from 'react';
import { Breadcrumbs, type Crumb } from './breadcrumbs';

export function PageHeader({ title, description, crumbs, actions }: { title: string; description?: ReactNode; crumbs?: Crumb[]; actions?: ReactNode }) {
  return (
    <header className="mb-6">
      {crumbs?.length ? <Breadcrumbs items={crumbs} /> : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
        {actions}
      </div>
      {description ? <div className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">{description}</div> : null}
    </header>
  );
}
