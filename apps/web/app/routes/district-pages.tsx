import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { pageNotFound } from '../lib/not-found.server';
import { readPath } from '../lib/urls';
import { metaContext } from '../lib/seo';
import { loadFirstPattern, PatternPageView, patternPageMeta, type PatternViews } from '../pages/pattern-pages';
import type { DistrictAreasData } from '../pages/district-areas/loader.server';
import type { DistrictCandidatesData } from '../pages/district-candidates/loader.server';
import type { SubregionDistrictsData } from '../pages/subregion-districts/loader.server';
import * as areas from '../pages/district-areas/view';
import * as districtCandidates from '../pages/district-candidates/view';
import * as subregionDistricts from '../pages/subregion-districts/view';

/**
 * `/districts/{select}-Candidates-of-{dist}`, `/districts/Districts-in-{sub}-sub-region-of-{reg}`
 * and `/districts/Electoral-Area-in-{dist}-in-{sub}-sub-region-of-{reg}`.
 */
type DistrictPages = {
  districtCandidates: DistrictCandidatesData;
  districtsOfSubregion: SubregionDistrictsData;
  areasOfDistrictInSubregion: DistrictAreasData;
};

const views: PatternViews<DistrictPages> = { districtCandidates, districtsOfSubregion: subregionDistricts, areasOfDistrictInSubregion: areas };

export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await loadFirstPattern<DistrictPages>(request, readPath(`/districts/${params['districtRef'] ?? ''}`), {
    districtCandidates: async (request, params) => (await import('../pages/district-candidates/loader.server')).loadDistrictCandidates(request, params),
    districtsOfSubregion: async (request, params) => (await import('../pages/subregion-districts/loader.server')).loadSubregionDistricts(request, params),
    areasOfDistrictInSubregion: async (request, params) => (await import('../pages/district-areas/loader.server')).loadDistrictAreas(request, params),
  });
  if (!page) pageNotFound(request);
  return page;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => (data ? patternPageMeta(views, data, metaContext(matches, location.pathname)) : []);

export default function DistrictPage() {
  return <PatternPageView views={views} page={useLoaderData<typeof loader>()} />;
}
