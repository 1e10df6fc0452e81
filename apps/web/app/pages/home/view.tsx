import { useTranslation } from 'react-i18next';
import { pageMeta } from '../../lib/seo';
import { staticPaths } from '../../lib/urls';
import type { PageMeta } from '../page-module';
import { MapSection } from '../../components/maps/map-section';
import { Hero } from './hero';
import type { HomeData } from './loader.server';
import { NextElection } from './next-election';
import { PartiesStrip } from './parties-strip';
import { RegionCards } from './region-cards';
import { Totals } from './totals';
import { UpcomingEvents } from './upcoming-events';
import { YourBallot } from './your-ballot';

export const meta: PageMeta<HomeData> = (data, context) =>
  pageMeta(context, {
    title: context.t('home:title'),
    description: data.election ? context.t('home:metaDescription', { election: data.election.name }) : context.t('home:metaDescriptionNoElection'),
    jsonLd: {
      '@type': 'WebSite',
      name: context.siteName,
      url: `${context.siteUrl}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: `${context.siteUrl}${staticPaths.search}?q={search_term_string}`,
        'query-input': 'required name=search_term_string',
      },
    },
  });

export function View({ data }: { data: HomeData }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="mb-10 grid gap-8 lg:grid-cols-[3fr_2fr] lg:items-center">
        <Hero />
        <NextElection election={data.election} now={data.now} />
      </div>
      <YourBallot offer={data.yourBallot} />
      <Totals totals={data.totals} />
      <MapSection map={data.map} id="home-map" title={t('maps:regionsHeading')} caption={t('maps:regionsCaption')} />
      <RegionCards regions={data.regions} />
      <UpcomingEvents events={data.events} now={data.now} />
      <PartiesStrip parties={data.parties} />
    </>
  );
}
