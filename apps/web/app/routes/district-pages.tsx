import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { pageNotFound } from '../lib/not-found.server';
import { readPath, resolveFirst, type PathReading } from '../lib/urls';
import { metaContext } from '../lib/seo';
import * as districtCandidates from '../pages/district-candidates/view';
import * as subregionDistricts from '../pages/subregion-districts/view';
import * as areas from '../pages/district-areas/view';

/**
 * `/districts/{select}-Candidates-of-{dist}`, `/districts/Districts-in-{sub}-sub-region-of-{reg}`
 * and `/districts/Electoral-Area-in-{dist}-in-{sub}-sub-region-of-{reg}`.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const readings = readPath(`/districts/${params['districtRef'] ?? ''}`);
  const result = await resolveFirst(readings, async (reading: PathReading) => {
    switch (reading.name) {
      case 'districtCandidates': {
        const { loadDistrictCandidates } = await import('../pages/district-candidates/loader.server');
        const data = await loadDistrictCandidates(request, reading.params as { office: string; district: string });
        return data && ({ page: 'districtCandidates', data } as const);
      }
      case 'districtsOfSubregion': {
        const { loadSubregionDistricts } = await import('../pages/subregion-districts/loader.server');
        const data = await loadSubregionDistricts(request, reading.params as { subregion: string; region: string });
        return data && ({ page: 'subregionDistricts', data } as const);
      }
      case 'areasOfDistrictInSubregion': {
        const { loadDistrictAreas } = await import('../pages/district-areas/loader.server');
        const data = await loadDistrictAreas(request, reading.params as { district: string; subregion: string; region: string });
        return data && ({ page: 'areas', data } as const);
      }
      default:
        return null;
    }
  });
  if (!result) pageNotFound(request);
  return result;
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data) return [];
  const context = metaContext(matches, location.pathname);
  switch (data.page) {
    case 'districtCandidates':
      return districtCandidates.meta(data.data, context);
    case 'subregionDistricts':
      return subregionDistricts.meta(data.data, context);
    case 'areas':
      return areas.meta(data.data, context);
  }
};

export default function DistrictPage() {
  const loaded = useLoaderData<typeof loader>();
  switch (loaded.page) {
    case 'districtCandidates':
      return <districtCandidates.View data={loaded.data} />;
    case 'subregionDistricts':
      return <subregionDistricts.View data={loaded.data} />;
    case 'areas':
      return <areas.View data={loaded.data} />;
  }
}
