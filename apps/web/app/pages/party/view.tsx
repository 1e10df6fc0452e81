import { useTranslation } from 'react-i18next';
import { ExternalLink, linkLabel } from '../../components/candidates/external-link';
import { electionField } from '../../components/candidates/filter-fields';
import { FilterForm } from '../../components/candidates/filter-form';
import { OfficeGroups } from '../../components/candidates/office-groups';
import { useMediaProject } from '../../components/media/use-media-project';
import { PartyLogo } from '../../components/parties/party-logo';
import { PartySwatch } from '../../components/parties/party-swatch';
import { Breadcrumbs, type Crumb } from '../../components/ui/breadcrumbs';
import { Pagination } from '../../components/ui/pagination';
import { Fact, FactList } from '../../components/ui/fact-list';
import { Section } from '../../components/ui/section';
import { safeColour } from '../../lib/colour-contrast';
import { absoluteMediaUrl, partyMetaImage } from '../../lib/media';
import { pageMeta } from '../../lib/seo';
import { partyCard } from '../../lib/share-image/share-card';
import { staticPaths } from '../../lib/urls';
import type { MetaContext } from '../page-module';
import type { PartyData } from './loader.server';
import { DownloadPdfLink } from '../convert-to-pdf/download-pdf-link';
import { useLiveParty } from '../../lib/live/live-pages';
import { LiveStatus } from '../../lib/live/live-status';
import { PartyAtAGlance } from './at-a-glance';

/** The trail the page shows and its BreadcrumbList (meta) describes. */
function partyCrumbs(name: string, t: (key: string) => string): Crumb[] {
  return [{ label: t('parties:list.title'), to: staticPaths.parties }, { label: name }];
}

export function View({ data }: { data: PartyData }) {
  const { t } = useTranslation('parties');
  const live = useLiveParty(data.party, data.groups);
  const { party } = live;
  const projectId = useMediaProject();
  const colour = safeColour(party.colour);
  return (
    <>
      <LiveStatus updates={live.updates} />
      <Breadcrumbs items={partyCrumbs(party.name, t)} />
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center">
        <PartyLogo
          projectId={projectId}
          name={party.name}
          abbreviation={party.abbreviation}
          colour={party.colour}
          logoFileId={party.logoFileId}
          alt={t('logo.alt', { name: party.name })}
          size="lg"
          priority
        />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{party.name}</h1>
          {party.abbreviation ? <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">{party.abbreviation}</p> : null}
          <p className="mt-3">
            <DownloadPdfLink kind="party" id={party.id} name={party.name} />
          </p>
        </div>
      </header>

      <div className="max-w-3xl">
        {party.description ? (
          <Section title={t('profile.about')} id="party-about">
            <p className="whitespace-pre-line leading-relaxed">{party.description}</p>
          </Section>
        ) : null}
        <Section title={t('profile.details')} id="party-details">
            <FactList>
              {party.leader ? <Fact term={t('profile.leader')}>{party.leader}</Fact> : null}
              {party.founded ? <Fact term={t('profile.founded')}>{party.founded}</Fact> : null}
              {party.headquarters ? <Fact term={t('profile.headquarters')}>{party.headquarters}</Fact> : null}
              {party.ideology ? <Fact term={t('profile.ideology')}>{party.ideology}</Fact> : null}
              {colour ? (
                <Fact term={t('profile.colour')}>
                  <span className="inline-flex items-center gap-2">
                    <PartySwatch colour={colour} className="size-4" />
                    <span className="font-mono text-sm uppercase">{colour}</span>
                  </span>
                </Fact>
              ) : null}
              {party.website ? (
                <Fact term={t('profile.website')}>
                  <ExternalLink href={party.website}>{linkLabel(party.website)}</ExternalLink>
                </Fact>
              ) : null}
          </FactList>
        </Section>
      </div>

      {data.glance ? <PartyAtAGlance glance={data.glance} colour={colour} /> : null}

      <Section title={t('candidates.title')} id="party-candidates">
        <FilterForm
          legend={t('candidates.filters')}
          fields={[
            {
              name: 'region',
              label: t('candidates.region'),
              value: data.filters.region,
              options: [{ value: '', label: t('candidates.allRegions') }, ...data.regions.map((region) => ({ value: region.slug, label: region.name }))],
            },
            {
              name: 'office',
              label: t('candidates.office'),
              value: data.filters.office,
              options: [{ value: '', label: t('candidates.allOffices') }, ...data.offices.map((office) => ({ value: office.slug, label: office.name }))],
            },
            electionField(t, data.electionChoice),
          ]}
        />
        <p className="mb-4 text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {data.election ? t('candidates.total', { count: data.total, election: data.election.name }) : t('candidates.noElection')}
        </p>
        <OfficeGroups groups={live.groups} headingLevel="h3" showParty={false} />
        <Pagination page={data.page} pageCount={data.pageCount} />
      </Section>
    </>
  );
}

export function meta(data: PartyData, context: MetaContext) {
  const { party } = data;
  const url = `${context.siteUrl}${data.canonical}`;
  const logo = partyMetaImage(context.projectId, party.logoFileId);
  const image = logo && { ...logo, url: absoluteMediaUrl(context.siteUrl, logo.url), alt: context.t('parties:logo.alt', { name: party.name }) };
  const card = partyCard({ name: party.name, abbreviation: party.abbreviation || null, colour: party.colour, logoFileId: party.logoFileId || null }, context.t, context.siteName);
  return pageMeta(context, {
    title: party.abbreviation ? `${party.name} (${party.abbreviation})` : party.name,
    description: context.t('parties:profile.metaDescription', { name: party.name, leader: party.leader ?? '—', founded: party.founded ?? '—' }),
    shareCard: { kind: 'party', ref: party.id, card },
    breadcrumbs: partyCrumbs(party.name, context.t),
    jsonLd: {
      '@type': 'PoliticalParty',
      '@id': url,
      url,
      name: party.name,
      ...(image ? { logo: image.url } : {}),
      ...(party.abbreviation ? { alternateName: party.abbreviation } : {}),
      ...(party.founded ? { foundingDate: String(party.founded) } : {}),
      ...(party.description ? { description: party.description } : {}),
      ...(party.website ? { sameAs: [party.website] } : {}),
      ...(party.leader ? { member: { '@type': 'OrganizationRole', roleName: 'Leader', member: { '@type': 'Person', name: party.leader } } } : {}),
    },
  });
}
