/** A place on Earth as GeoJSON orders it: longitude, then latitude, in degrees (WGS 84). */
export type LngLat = readonly [lng: number, lat: number];

/** Coordinates from text (a query string), or null unless both are finite and on the globe. */
export function parseLngLat(lng: string | null, lat: string | null): LngLat | null {
  if (lng === null || lat === null || lng.trim() === '' || lat.trim() === '') return null;
  const longitude = Number(lng);
  const latitude = Number(lat);
  if (!Number.isFinite(longitude) || !Number.isFinite(latitude)) return null;
  if (longitude < -180 || longitude > 180 || latitude < -90 || latitude > 90) return null;
  return [longitude, latitude];
}
