import { getById, getBySlug } from '../directory/query.server';
import type { Candidate, District, ElectoralArea, Office, Party, Region } from '../directory/types';
import { siteEnv } from '../env.server';
import { catalogues } from '../i18n.server';
import { translateWith } from '../seo';
import { candidateCard, partyCard, placeCard, SITE_CARD_REF, siteCard, type ShareCard, type ShareKind, type Translate } from './share-card';

function optional<T>(request: Request, collection: Parameters<typeof getById>[1], id: string | null | undefined, fields?: readonly string[]): Promise<T | null> {
  return id ? getById<T>(request, collection, id, fields) : Promise.resolve(null);
}

/** What a card says of a place and the place around it; a boundary, which can be large, is never read here. */
const AREA_FIELDS = ['name', 'slug', 'districtId'];
const DISTRICT_FIELDS = ['name', 'slug', 'regionId'];

type CardLoader = (request: Request, ref: string, t: Translate, siteName: string) => Promise<ShareCard | null>;

/** Each kind's record, read through the API as the page reads it, made into the card its page's meta makes. */
const LOADERS: Record<ShareKind, CardLoader> = {
  async candidate(request, ref, t, siteName) {
    const candidate = await getById<Candidate>(request, 'candidates', ref);
    if (!candidate) return null;
    const [party, office, area, district, region] = await Promise.all([
      optional<Party>(request, 'parties', candidate.partyId),
      optional<Office>(request, 'offices', candidate.officeId),
      optional<ElectoralArea>(request, 'electoral_areas', candidate.electoralAreaId, AREA_FIELDS),
      optional<District>(request, 'districts', candidate.districtId, DISTRICT_FIELDS),
      optional<Region>(request, 'regions', candidate.regionId, ['name', 'slug']),
    ]);
    const place = area?.name ?? district?.name ?? region?.name ?? null;
    return candidateCard(
      { name: candidate.name, photoFileId: candidate.photoFileId || null, party: party && { name: party.name, colour: party.colour }, office: office?.name ?? null, place },
      t,
      siteName,
    );
  },
  async party(request, ref, t, siteName) {
    const party = await getById<Party>(request, 'parties', ref);
    return party && partyCard({ name: party.name, abbreviation: party.abbreviation || null, colour: party.colour, logoFileId: party.logoFileId || null }, t, siteName);
  },
  async region(request, ref, t, siteName) {
    const region = await getBySlug<Region>(request, 'regions', ref, ['name', 'slug']);
    return region && placeCard('region', { name: region.name, within: null }, t, siteName);
  },
  async district(request, ref, t, siteName) {
    const district = await getBySlug<District>(request, 'districts', ref, DISTRICT_FIELDS);
    if (!district) return null;
    const region = await optional<Region>(request, 'regions', district.regionId, ['name', 'slug']);
    return placeCard('district', { name: district.name, within: region?.name ?? null }, t, siteName);
  },
  async area(request, ref, t, siteName) {
    const area = await getBySlug<ElectoralArea>(request, 'electoral_areas', ref, AREA_FIELDS);
    if (!area) return null;
    const district = await optional<District>(request, 'districts', area.districtId, DISTRICT_FIELDS);
    return placeCard('area', { name: area.name, within: district?.name ?? null }, t, siteName);
  },
  async site(_request, ref, t, siteName) {
    return ref === SITE_CARD_REF ? siteCard(t, siteName) : null;
  },
};

/** The card of `kind`/`ref` in `language` as its page would describe it now; null when there is no such record. */
export function loadShareCard(request: Request, kind: ShareKind, ref: string, language: string): Promise<ShareCard | null> {
  const resources = (catalogues[language] ?? {}) as Record<string, unknown>;
  const t: Translate = (key, options) => translateWith(resources, key, options);
  return LOADERS[kind](request, ref, t, siteEnv().siteName);
}
