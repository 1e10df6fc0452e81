import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkCardSurface, stretchedLink } from '../../components/ui/link-card';
import { cn } from '../../lib/cn';
import { useCandidateFormat } from '../../components/candidates/use-candidate-format';
import { useMediaProject } from '../../components/media/use-media-project';
import { PartyLogo } from '../../components/parties/party-logo';
import { PartySwatch } from '../../components/parties/party-swatch';
import { PageHeader } from '../../components/ui/page-header';
import { pageMeta } from '../../lib/seo';
import { safeColour } from '../../lib/colour-contrast';
import type { MetaContext } from '../page-module';
import type { PartiesData } from './loader.server';

export function View({ data }: { data: PartiesData }) {
  const { t } = useTranslation('parties');
  const format = useCandidateFormat();
  const projectId = useMediaProject();
  return (
    <>
      <PageHeader title={t('list.title')} description={<p>{t('list.intro', { count: data.parties.length })}</p>} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {data.parties.map((party) => {
          const colour = safeColour(party.colour);
          return (
            <li key={party.id}>
              <article className={cn('group flex h-full gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900', linkCardSurface)}>
                <PartyLogo
                  projectId={projectId}
                  name={party.name}
                  abbreviation={party.abbreviation}
                  colour={party.colour}
                  logoFileId={party.logoFileId}
                  alt={t('logo.alt', { name: party.name })}
                />
                <div className="min-w-0 flex-1">
                  <h2 className="break-words font-semibold">
                    <Link to={party.href} className={cn('text-slate-900 group-hover:text-green-800 group-hover:underline dark:text-slate-100 dark:group-hover:text-green-400', stretchedLink)}>
                      {party.name}
                    </Link>
                  </h2>
                  <dl className="mt-1 space-y-0.5 text-sm text-slate-700 dark:text-slate-300">
                    {party.abbreviation ? (
                      <div className="flex flex-wrap items-center gap-x-1.5">
                        <dt className="sr-only">{t('profile.abbreviation')}</dt>
                        <dd className="inline-flex items-center gap-1.5 font-medium">
                          <PartySwatch colour={party.colour} />
                          {party.abbreviation}
                          {colour ? <span className="font-mono text-xs text-slate-600 uppercase dark:text-slate-400">{colour}</span> : null}
                        </dd>
                      </div>
                    ) : null}
                    {party.leader ? (
                      <div className="flex flex-wrap gap-x-1.5">
                        <dt className="text-slate-600 dark:text-slate-400">{t('list.leader')}</dt>
                        <dd>{party.leader}</dd>
                      </div>
                    ) : null}
                    {party.founded ? (
                      <div className="flex flex-wrap gap-x-1.5">
                        <dt className="text-slate-600 dark:text-slate-400">{t('list.founded')}</dt>
                        <dd>{party.founded}</dd>
                      </div>
                    ) : null}
                    {data.election ? (
                      <div className="flex flex-wrap gap-x-1.5">
                        <dt className="text-slate-600 dark:text-slate-400">{t('list.candidates')}</dt>
                        <dd className="font-semibold">{format.number(party.candidates)}</dd>
                      </div>
                    ) : null}
                  </dl>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {data.election ? <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">{t('list.countNote', { election: data.election.name })}</p> : null}
    </>
  );
}

export function meta(data: PartiesData, context: MetaContext) {
  return pageMeta(context, {
    title: context.t('parties:list.title'),
    description: context.t('parties:list.metaDescription', { names: data.parties.map((party) => party.abbreviation || party.name).join(', ') }),
  });
}
