import type { Crumb } from '../../components/ui/breadcrumbs';
import { buildPath, staticPaths } from '../../lib/urls';

/** Any translate function (hook or meta context); keys carry their namespace. */
export type Translate = (key: string) => string;

export interface AreaRef {
  name: string;
  slug: string;
}

/** Regions › region › sub-region › district, each a link; the page adds its own last crumb if needed. */
export function hierarchyCrumbs(t: Translate, areas: { region?: AreaRef; subregion?: AreaRef; district?: AreaRef }): Crumb[] {
  const crumbs: Crumb[] = [{ label: t('areas:regions.title'), to: staticPaths.regions }];
  const { region, subregion, district } = areas;
  if (region) crumbs.push({ label: region.name, to: buildPath('region', { region: region.slug }) });
  if (region && subregion) crumbs.push({ label: subregion.name, to: buildPath('districtsOfSubregion', { subregion: subregion.slug, region: region.slug }) });
  if (region && subregion && district) crumbs.push({ label: district.name, to: districtAreasPath(district.slug, subregion.slug, region.slug) });
  return crumbs;
}

/** The canonical address of a district's electoral areas (the long, hierarchical form). */
export function districtAreasPath(district: string, subregion: string, region: string): string {
  return buildPath('areasOfDistrictInSubregion', { district, subregion, region });
}
