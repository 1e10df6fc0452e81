import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityPaths } from '../../lib/directory/entity-paths';
import { staticPaths } from '../../lib/urls';
import type { HomeData } from './loader.server';
import { SectionHeading } from './section-heading';

/** Every party as a chip in its colour, linking to its page. */
export function PartiesStrip({ parties }: { parties: HomeData['parties'] }) {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="home-parties" className="mb-10">
      <SectionHeading id="home-parties" title={t('parties.heading')} link={{ to: staticPaths.parties, label: t('parties.all') }} />
      <ul className="flex flex-wrap gap-2">
        {parties.map((party) => (
          <li key={party.$id} className="min-w-0 max-w-full">
            <Link
              to={entityPaths.party(party.$id)}
              className="flex min-w-0 items-center gap-2 rounded-full border border-slate-300 bg-white py-1.5 pl-1.5 pr-3 text-sm hover:border-green-700 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-green-500"
            >
              <span aria-hidden="true" className="size-5 shrink-0 rounded-full ring-1 ring-slate-400/60" style={{ backgroundColor: party.colour ?? 'transparent' }} />
              {party.abbreviation ? <span className="font-bold">{party.abbreviation}</span> : null}
              <span className="min-w-0 truncate text-slate-700 dark:text-slate-300">{party.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
