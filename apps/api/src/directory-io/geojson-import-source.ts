import { interiorPoint } from '@ballot-atlas/shared/geo/interior-point';
import { GeoJsonError, readBoundaryFeatures, type BoundaryFeature, type FeatureMatchKey } from '@ballot-atlas/shared/geo/geojson-features';
import { AppwriteError } from '../core/errors.ts';
import type { Services } from '../core/services.ts';
import { collectionDefinition } from './directory-collections.ts';
import type { IncomingRow } from './import-rows.ts';
import { findDocuments } from './stored-records.ts';

/** The collections whose records have a `boundary` and a `centroid`: one GeoJSON file holds one of them. */
export const PLACE_COLLECTIONS = ['regions', 'subregions', 'districts', 'electoral_areas'] as const;

export function isPlaceCollection(collectionId: string): boolean {
  return (PLACE_COLLECTIONS as readonly string[]).includes(collectionId);
}

async function readAll(text: AsyncIterable<string>): Promise<string> {
  let whole = '';
  for await (const chunk of text) whole += chunk;
  return whole;
}

/**
 * Rows of a GeoJSON FeatureCollection of one place collection: each feature updates `boundary`
 * and `centroid` of the record its properties name by `$id`, `slug` or `code`. A feature that names
 * no record is refused; one invalid geometry fails the whole file before any row is handed on.
 */
export async function* geojsonRows(services: Services, text: AsyncIterable<string>, collectionId: string): AsyncGenerator<IncomingRow> {
  if (!isPlaceCollection(collectionId)) {
    throw new AppwriteError('general_argument_invalid', `A GeoJSON file holds the boundaries of one of ${PLACE_COLLECTIONS.join(', ')}, not of "${collectionId}".`);
  }
  let features: BoundaryFeature[];
  try {
    features = readBoundaryFeatures(await readAll(text));
  } catch (error) {
    if (!(error instanceof GeoJsonError)) throw error;
    throw new AppwriteError('document_invalid_structure', `Invalid GeoJSON, nothing was imported: ${error.message}.`);
  }
  const ids = await recordIds(services, collectionId, features);
  for (const feature of features) {
    const row: IncomingRow = { collectionId, pointer: feature.pointer, id: null, data: {} };
    const id = feature.match ? ids.get(feature.match.key)?.get(feature.match.value) : undefined;
    if (!feature.match) row.problem = 'the feature names no record: give its properties a "$id", "slug" or "code"';
    else if (!id) row.problem = `no record of ${collectionId} has ${feature.match.key} ${JSON.stringify(feature.match.value)}`;
    else {
      row.id = id;
      row.data = { boundary: JSON.stringify(feature.geometry), centroid: interiorPoint(feature.geometry) };
    }
    yield row;
  }
}

/** Per match key, the `$id` of the record each named value belongs to. */
async function recordIds(services: Services, collectionId: string, features: readonly BoundaryFeature[]): Promise<Map<FeatureMatchKey, Map<string, string>>> {
  const wanted = new Map<FeatureMatchKey, Set<string>>();
  for (const { match } of features) {
    if (!match) continue;
    let values = wanted.get(match.key);
    if (!values) wanted.set(match.key, (values = new Set()));
    values.add(match.value);
  }
  const found = new Map<FeatureMatchKey, Map<string, string>>();
  for (const [key, values] of wanted) {
    // Sub-regions and districts have no `code`: a feature naming one by code names nothing.
    const hasAttribute = key === '$id' || collectionDefinition(services.schema, collectionId)?.attributes.some((attribute) => attribute.key === key);
    const documents = hasAttribute ? await findDocuments(services, collectionId, key, values) : [];
    found.set(key, new Map(documents.map((document) => [key === '$id' ? document.id : String(document.data[key]), document.id])));
  }
  return found;
}
