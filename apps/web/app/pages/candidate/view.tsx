import { ChartBarBig } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CandidateList } from '../../components/candidates/candidate-list';
import { CompareToggle } from '../../components/compare/compare-toggle';
import { CandidateLinkList, candidateLinks } from '../../components/candidates/candidate-links';
import { ExternalLink, linkLabel } from '../../components/candidates/external-link';
import { CandidatePhoto } from '../../components/candidates/candidate-photo';
import { ShareLink } from '../../components/candidates/share-link';
import { ShareQrCode } from '../../components/candidates/share-qr-code';
import { StatusBadge } from '../../components/candidates/status-badge';
import { useCandidateFormat } from '../../components/candidates/use-candidate-format';
import { PartyLogo } from '../../components/parties/party-logo';
import { PartySwatch } from '../../components/parties/party-swatch';
import { useMediaProject } from '../../components/media/use-media-project';
import { Breadcrumbs, type Crumb } from '../../components/ui/breadcrumbs';
import { Card } from '../../components/ui/card';
import { Fact, FactList } from '../../components/ui/fact-list';
import { Section } from '../../components/ui/section';
import { absoluteMediaUrl, candidateMetaImage } from '../../lib/media';
import { pageMeta } from '../../lib/seo';
import { buildPath } from '../../lib/urls';
import { useRootData } from '../../lib/root-data';
import { useLiveCandidate } from '../../lib/live/live-pages';
import { LiveStatus } from '../../lib/live/live-status';
import { hierarchyCrumbs, type Translate } from '../area-hierarchy/crumbs';
import { candidateCard } from '../../lib/share-image/share-card';
import type { PageMeta } from '../page-module';
import type { CandidateData } from './loader.server';

function placeName(data: CandidateData): string | null {
  return data.area?.name ?? data.district?.name ?? data.region?.name ?? null;
}

/** The trail the page shows and its BreadcrumbList (meta) describes: one list for both. */
function candidateCrumbs(data: CandidateData, t: Translate): Crumb[] {
  const { region, subregion, district, area } = data;
  if (!region) return [{ label: t('candidates:profile.nationwide') }, { label: data.candidate.name }];
  const crumbs = hierarchyCrumbs(t, { region, subregion: subregion ?? undefined, district: district ?? undefined });
  if (area) crumbs.push({ label: area.name, to: buildPath('candidatesOfArea', { area: area.slug, region: region.slug }) });
  return [...crumbs, { label: data.candidate.name }];
}

export function View({ data: loaded }: { data: CandidateData }) {
  const { t } = useTranslation('candidates');
  const live = useLiveCandidate(loaded);
  const data = live.data;
  const format = useCandidateFormat();
  const { siteUrl } = useRootData();
  const projectId = useMediaProject();
  const { candidate, party, office, election } = data;
  const shareUrl = `${siteUrl}${data.canonical}`;
  const place = placeName(data);
  const othersTitle = office ? (place ? t('profile.othersIn', { office: office.name, place }) : t('profile.othersFor', { office: office.name })) : t('profile.others');
  return (
    <>
      <Breadcrumbs items={candidateCrumbs(data, t)} />
      <LiveStatus updates={live.updates} />
      {live.removed ? (
        <p role="alert" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4 font-medium text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('common:live.candidateRemoved')}
        </p>
      ) : null}
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center">
        <CandidatePhoto
          projectId={projectId}
          name={candidate.name}
          photoFileId={candidate.photoFileId}
          colour={party?.colour}
          alt={t('photo.alt', { name: candidate.name })}
          variant="hero"
          priority
        />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{candidate.name}</h1>
          <p className="mt-1 text-lg text-slate-700 dark:text-slate-300">
            {office ? (place ? t('profile.standsFor', { office: office.name, place }) : office.name) : null}
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <StatusBadge status={candidate.status} />
            {election ? <span className="text-sm text-slate-600 dark:text-slate-400">{election.name}</span> : null}
          </div>
          <CompareToggle candidate={{ id: candidate.id, name: candidate.name }} className="mt-3" />
        </div>
      </header>

      <div className="mb-8 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {candidate.bio ? (
            <Section title={t('profile.about')} id="candidate-about">
              <p className="whitespace-pre-line leading-relaxed">{candidate.bio}</p>
            </Section>
          ) : null}
          <Section title={t('profile.details')} id="candidate-details">
            <FactList>
              <Fact term={t('profile.party')}>
                {party ? (
                  <span className="inline-flex items-center gap-2">
                    <PartySwatch colour={party.colour} />
                    <Link to={party.href} className="text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
                      {party.name}
                    </Link>
                  </span>
                ) : (
                  t('list.independent')
                )}
              </Fact>
              {office ? <Fact term={t('profile.office')}>{office.name}</Fact> : null}
              <Fact term={t('profile.area')}>
                {place && data.raceHref ? (
                  <Link to={data.raceHref} className="text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
                    {place}
                  </Link>
                ) : (
                  (place ?? t('profile.nationwide'))
                )}
              </Fact>
              {candidate.ballotNumber !== null ? <Fact term={t('profile.ballotNumber')}>{format.number(candidate.ballotNumber)}</Fact> : null}
              {candidate.gender ? <Fact term={t('profile.gender')}>{t(`gender.${candidate.gender}`, { defaultValue: candidate.gender })}</Fact> : null}
              {candidate.dateOfBirth && candidate.age !== null ? (
                <Fact term={t('profile.age')}>{t('profile.ageValue', { count: candidate.age, age: format.number(candidate.age), date: format.date(candidate.dateOfBirth) })}</Fact>
              ) : null}
              {candidate.occupation ? <Fact term={t('profile.occupation')}>{candidate.occupation}</Fact> : null}
              {candidate.education ? <Fact term={t('profile.education')}>{candidate.education}</Fact> : null}
            </FactList>
          </Section>
          {candidateLinks(candidate).length ? (
            <Section title={t('profile.links')} id="candidate-links">
              <CandidateLinkList candidate={candidate} />
            </Section>
          ) : null}
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('profile.lastUpdated', { date: format.date(data.lastUpdate.at) })}
            {data.lastUpdate.sourceUrl ? (
              <>
                {' · '}
                {t('profile.source')} <ExternalLink href={data.lastUpdate.sourceUrl}>{linkLabel(data.lastUpdate.sourceUrl)}</ExternalLink>
              </>
            ) : null}
          </p>
        </div>

        <aside aria-label={t('profile.summary')} className="min-w-0 space-y-4">
          {party ? (
            <Card className="flex items-center gap-3">
              <PartyLogo
                projectId={projectId}
                name={party.name}
                abbreviation={party.abbreviation}
                colour={party.colour}
                logoFileId={party.logoFileId}
                alt={t('parties:logo.alt', { name: party.name })}
              />
              <div className="min-w-0">
                <p className="text-sm text-slate-600 dark:text-slate-400">{t('profile.party')}</p>
                <Link to={party.href} className="break-words font-semibold text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
                  {party.name}
                </Link>
              </div>
            </Card>
          ) : null}
          {candidate.votes !== null ? (
            <Card>
              <h2 className="text-sm font-medium text-slate-600 dark:text-slate-400">{t('profile.result')}</h2>
              <p className="mt-1 text-2xl font-bold">{candidate.votePercent !== null ? format.percent(candidate.votePercent) : format.number(candidate.votes)}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('list.votes', { count: candidate.votes, votes: format.number(candidate.votes) })}</p>
            </Card>
          ) : null}
          {data.resultsHref ? (
            <Link to={data.resultsHref} className="inline-flex items-center gap-1.5 font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
              <ChartBarBig aria-hidden="true" className="size-4" />
              {t('results:linkFor', { office: data.office?.name ?? '' })}
            </Link>
          ) : null}
          <Card>
            <h2 className="mb-2 font-semibold">{t('share.title')}</h2>
            <ShareQrCode projectId={projectId} url={shareUrl} />
            <ShareLink url={shareUrl} />
          </Card>
        </aside>
      </div>

      <Section title={othersTitle} id="candidate-others">
        {data.others.rows.length ? <CandidateList rows={data.others.rows} showOffice={false} showPlace={false} /> : <p className="text-slate-600 dark:text-slate-400">{t('profile.noOthers')}</p>}
        {!data.others.complete && data.raceHref ? (
          <p className="mt-3">
            <Link to={data.raceHref} className="font-medium text-green-800 underline underline-offset-2 hover:no-underline dark:text-green-400">
              {t('profile.allOthers', { count: data.others.total + 1 })}
            </Link>
          </p>
        ) : null}
      </Section>
    </>
  );
}

export const meta: PageMeta<CandidateData> = (data, context) => {
  const { candidate, party, office } = data;
  const place = placeName(data) ?? context.t('candidates:profile.nationwide');
  const names = { name: candidate.name, office: office?.name ?? '', place, party: party?.name ?? context.t('candidates:list.independent') };
  const url = `${context.siteUrl}${data.canonical}`;
  const photo = candidateMetaImage(context.projectId, candidate.photoFileId);
  const image = photo && { ...photo, url: absoluteMediaUrl(context.siteUrl, photo.url), alt: context.t('candidates:photo.alt', { name: candidate.name }) };
  const card = candidateCard(
    { name: candidate.name, photoFileId: candidate.photoFileId, party: party && { name: party.name, colour: party.colour }, office: office?.name ?? null, place: placeName(data) },
    context.t,
    context.siteName,
  );
  return pageMeta(context, {
    title: context.t('candidates:profile.metaTitle', names),
    description: context.t('candidates:profile.metaDescription', names),
    type: 'profile',
    shareCard: { kind: 'candidate', ref: candidate.id, card },
    breadcrumbs: candidateCrumbs(data, context.t),
    jsonLd: {
      '@type': 'Person',
      '@id': url,
      url,
      name: candidate.name,
      ...(image ? { image: image.url } : {}),
      ...(office ? { jobTitle: office.name } : {}),
      ...(party ? { affiliation: { '@type': 'PoliticalParty', name: party.name, url: `${context.siteUrl}${party.href}` } } : {}),
      ...(candidate.gender === 'female' || candidate.gender === 'male' ? { gender: candidate.gender === 'female' ? 'Female' : 'Male' } : {}),
      ...(candidate.dateOfBirth ? { birthDate: candidate.dateOfBirth.slice(0, 10) } : {}),
      ...(candidate.occupation ? { hasOccupation: { '@type': 'Occupation', name: candidate.occupation } } : {}),
      ...(candidate.bio ? { description: candidate.bio } : {}),
      ...(candidate.website || candidate.socialLinks.length ? { sameAs: [candidate.website, ...candidate.socialLinks].filter(Boolean) } : {}),
    },
  });
};
