import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { isUnmatchedPath, UnmatchedPathPage, unmatchedPathMeta } from '../components/not-found-page';
import { editorPageHeaders } from '../lib/console/editor-headers';
import { pageNotFound } from '../lib/not-found.server';
import { readPath, resolveFirst, type PathReading } from '../lib/urls';
import { metaContext } from '../lib/seo';
import * as region from '../pages/region/view';
import * as subregions from '../pages/subregions/view';
import * as areas from '../pages/district-areas/view';
import * as areaCandidates from '../pages/area-candidates/view';

/**
 * One path segment, four seed patterns: `/{lev1}-region`, `/Sub-regions-in-{lv1}`,
 * `/ElectoralArea-in-{dist}` and `/{ea}-candidates-of-the-{reg}-region`. The first reading whose
 * entities exist wins; none → fatal 404. A segment no pattern reads matches no route of the seed:
 * it gets what any unknown address gets (routes/not-found.tsx).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const readings = readPath(`/${params['areaRef'] ?? ''}`);
  if (readings.length === 0) return (await import('../lib/console/unmatched-path.server')).unmatchedPathLoader(request);
  const result = await resolveFirst(readings, async (reading: PathReading) => {
    switch (reading.name) {
      case 'candidatesOfArea': {
        const { loadAreaCandidates } = await import('../pages/area-candidates/loader.server');
        const data = await loadAreaCandidates(request, reading.params as { area: string; region: string });
        return data && ({ page: 'areaCandidates', data } as const);
      }
      case 'region': {
        const { loadRegion } = await import('../pages/region/loader.server');
        const data = await loadRegion(request, reading.params as { region: string });
        return data && ({ page: 'region', data } as const);
      }
      case 'subregionsOfRegion': {
        const { loadSubregions } = await import('../pages/subregions/loader.server');
        const data = await loadSubregions(request, reading.params as { region: string });
        return data && ({ page: 'subregions', data } as const);
      }
      case 'areasOfDistrict': {
        const { loadDistrictAreas } = await import('../pages/district-areas/loader.server');
        const data = await loadDistrictAreas(request, reading.params as { district: string });
        return data && ({ page: 'areas', data } as const);
      }
      default:
        return null;
    }
  });
  if (!result) pageNotFound(request);
  return result;
}

export const headers = editorPageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  if (!data) return [];
  if (isUnmatchedPath(data)) return unmatchedPathMeta(data, matches);
  const context = metaContext(matches, location.pathname);
  switch (data.page) {
    case 'region':
      return region.meta(data.data, context);
    case 'subregions':
      return subregions.meta(data.data, context);
    case 'areas':
      return areas.meta(data.data, context);
    case 'areaCandidates':
      return areaCandidates.meta(data.data, context);
  }
};

export default function AreaPage() {
  const loaded = useLoaderData<typeof loader>();
  if (isUnmatchedPath(loaded)) return <UnmatchedPathPage data={loaded} />;
  switch (loaded.page) {
    case 'region':
      return <region.View data={loaded.data} />;
    case 'subregions':
      return <subregions.View data={loaded.data} />;
    case 'areas':
      return <areas.View data={loaded.data} />;
    case 'areaCandidates':
      return <areaCandidates.View data={loaded.data} />;
  }
}
