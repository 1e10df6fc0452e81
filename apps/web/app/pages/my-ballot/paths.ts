/** The addresses of My ballot: the finder and one ballot per electoral area (and election). */
export const MY_BALLOT_PATH = '/my-ballot';

/** A place's ballot; without `election` it is the next election's, whichever that is when opened. */
export function ballotPath(areaSlug: string, electionSlug?: string): string {
  const area = `${MY_BALLOT_PATH}/${encodeURIComponent(areaSlug)}`;
  return electionSlug ? `${area}/${encodeURIComponent(electionSlug)}` : area;
}

/** A step of the hierarchy walk: the districts of a region, or the electoral areas of a district. */
export function finderPath(step: { region: string } | { district: string } | { q: string }): string {
  return `${MY_BALLOT_PATH}?${new URLSearchParams(step)}`;
}
