import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { isUnmatchedPath, UnmatchedPathPage, unmatchedPathMeta } from '../components/not-found-page';
import { editorPageHeaders } from '../lib/console/editor-headers';
import { pageNotFound } from '../lib/not-found.server';
import { readPath } from '../lib/urls';
import { metaContext } from '../lib/seo';
import { loadFirstPattern, PatternPageView, patternPageMeta, type PatternViews } from '../pages/pattern-pages';
import type { AreaCandidatesData } from '../pages/area-candidates/loader.server';
import type { DistrictAreasData } from '../pages/district-areas/loader.server';
import type { RegionData } from '../pages/region/loader.server';
import type { SubregionsData } from '../pages/subregions/loader.server';
import * as areaCandidates from '../pages/area-candidates/view';
import * as areas from '../pages/district-areas/view';
import * as region from '../pages/region/view';
import * as subregions from '../pages/subregions/view';

/**
 * One path segment, four seed patterns: `/{lev1}-region`, `/Sub-regions-in-{lv1}`,
 * `/ElectoralArea-in-{dist}` and `/{ea}-candidates-of-the-{reg}-region`. The first reading whose
 * entities exist wins; none → fatal 404. A segment no pattern reads matches no route of the seed:
 * it gets what any unknown address gets (routes/not-found.tsx).
 */
type AreaPages = {
  candidatesOfArea: AreaCandidatesData;
  region: RegionData;
  subregionsOfRegion: SubregionsData;
  areasOfDistrict: DistrictAreasData;
};

const views: PatternViews<AreaPages> = { candidatesOfArea: areaCandidates, region, subregionsOfRegion: subregions, areasOfDistrict: areas };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const readings = readPath(`/${params['areaRef'] ?? ''}`);
  if (readings.length === 0) return (await import('../lib/console/unmatched-path.server')).unmatchedPathLoader(request);
  const page = await loadFirstPattern<AreaPages>(request, readings, {
    candidatesOfArea: async (request, params) => (await import('../pages/area-candidates/loader.server')).loadAreaCandidates(request, params),
    region: async (request, params) => (await import('../pages/region/loader.server')).loadRegion(request, params),
    subregionsOfRegion: async (request, params) => (await import('../pages/subregions/loader.server')).loadSubregions(request, params),
    areasOfDistrict: async (request, params) => (await import('../pages/district-areas/loader.server')).loadDistrictAreas(request, params),
  });
  if (!page) pageNotFound(request);
  return page;
}

export const headers = editorPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data) return [];
  if (isUnmatchedPath(data)) return unmatchedPathMeta(data, matches);
  return patternPageMeta(views, data, metaContext(matches, location.pathname));
};

export default function AreaPage() {
  const loaded = useLoaderData<typeof loader>();
  if (isUnmatchedPath(loaded)) return <UnmatchedPathPage data={loaded} />;
  return <PatternPageView views={views} page={loaded} />;
}
