import { entityPaths } from '../directory/entity-paths';
import { candidatePath, NATIONAL_LOCATION, staticPaths } from '../urls';
import type { ConsoleCollectionId } from './collections';
import { getRecord, type StoredRecord } from './records.server';

const PAGE_PATHS: Record<string, string> = { about: staticPaths.about, 'privacy-policy': staticPaths.privacy, 'terms-and-conditions': staticPaths.terms };

/** The public page of a record, where it has one (lib/urls.ts builds them); null for offices, elections… */
export async function publicPathOf(request: Request, collection: ConsoleCollectionId, record: StoredRecord): Promise<string | null> {
  const slugOf = async (target: ConsoleCollectionId, id: unknown): Promise<string | null> => {
    if (typeof id !== 'string' || id === '') return null;
    const found = await getRecord(request, target, id);
    return typeof found?.['slug'] === 'string' ? found['slug'] : null;
  };
  const slug = String(record['slug'] ?? '');
  switch (collection) {
    case 'candidates': {
      const location = (await slugOf('electoral_areas', record['electoralAreaId'])) ?? (await slugOf('districts', record['districtId'])) ?? (await slugOf('regions', record['regionId']));
      return candidatePath(record.$id, location ?? NATIONAL_LOCATION);
    }
    case 'parties':
      return entityPaths.party(record.$id);
    case 'regions':
      return entityPaths.region(slug);
    case 'subregions': {
      const region = await slugOf('regions', record['regionId']);
      return region ? entityPaths.subregion(slug, region) : null;
    }
    case 'districts': {
      const [subregion, region] = await Promise.all([slugOf('subregions', record['subregionId']), slugOf('regions', record['regionId'])]);
      return subregion && region ? entityPaths.district(slug, subregion, region) : entityPaths.districtShort(slug);
    }
    case 'electoral_areas': {
      const region = await slugOf('regions', record['regionId']);
      return region ? entityPaths.electoralArea(slug, region) : null;
    }
    case 'events':
      return staticPaths.calendar;
    case 'pages':
      return PAGE_PATHS[slug] ?? null;
    default:
      return null;
  }
}
