import { useTranslation } from 'react-i18next';
import { formatCount } from '../../lib/format-count';
import type { HomeData } from './loader.server';

/** How much the directory holds: electoral areas, parties and candidates. */
export function Totals({ totals }: { totals: HomeData['totals'] }) {
  const { t, i18n } = useTranslation('home');
  const items = [
    { key: 'electoralAreas', value: totals.electoralAreas },
    { key: 'parties', value: totals.parties },
    { key: 'candidates', value: totals.candidates },
  ] as const;
  return (
    <section aria-labelledby="home-totals" className="mb-10">
      <h2 id="home-totals" className="sr-only">
        {t('totals.heading')}
      </h2>
      <dl className="grid grid-cols-3 gap-2 sm:gap-3">
        {items.map((item) => (
          <div key={item.key} className="flex flex-col-reverse justify-end rounded-lg border border-slate-200 bg-slate-50 px-2 py-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900">
            <dt className="text-xs text-slate-700 sm:text-sm dark:text-slate-300">{t(`totals.${item.key}`)}</dt>
            <dd className="text-xl font-bold tabular-nums text-slate-900 sm:text-3xl dark:text-white">{formatCount(item.value, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
