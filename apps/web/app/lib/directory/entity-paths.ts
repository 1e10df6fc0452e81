import { buildPath } from '../urls';

/**
 * The canonical page of each kind of directory record, from slugs (parties: their id). Search,
 * suggestions and the sitemap link through here so they agree with one another.
 */
export const entityPaths = {
  region: (region: string): string => buildPath('region', { region }),
  subregionsOfRegion: (region: string): string => buildPath('subregionsOfRegion', { region }),
  subregion: (subregion: string, region: string): string => buildPath('districtsOfSubregion', { subregion, region }),
  /** A district's page is the list of its electoral areas, in its long hierarchical form. */
  district: (district: string, subregion: string, region: string): string => buildPath('areasOfDistrictInSubregion', { district, subregion, region }),
  /** The short form of a district's page, when its sub-region is not at hand (it needs no lookup). */
  districtShort: (district: string): string => buildPath('areasOfDistrict', { district }),
  electoralArea: (area: string, region: string): string => buildPath('candidatesOfArea', { area, region }),
  party: (partyId: string): string => buildPath('party', { party: partyId }),
};
