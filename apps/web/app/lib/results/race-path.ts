import { buildPath, NATIONAL_LOCATION } from '../urls';

type OfficeLevel = 'national' | 'region' | 'district' | 'electoral_area';

/** The slugs a race's results URL is made of; the place is the one the office's level names. */
export interface RaceRef {
  election: { slug: string };
  office: { slug: string; level: OfficeLevel };
  region?: { slug: string } | null;
  district?: { slug: string } | null;
  area?: { slug: string } | null;
}

/** The results view of a race; null when the place its office needs is not known. */
export function resultsPath(race: RaceRef): string | null {
  const place = { national: { slug: NATIONAL_LOCATION }, region: race.region, district: race.district, electoral_area: race.area }[race.office.level];
  if (!place) return null;
  return buildPath('results', { election: race.election.slug, office: race.office.slug, place: place.slug });
}

/**
 * Whether a race's results are worth a link: some votes are in, or the election is being held
 * (ongoing, or its polling date is today in UTC, as election dates are stored).
 */
export function resultsWorthShowing(election: { status: string; date: string }, votes: readonly (number | null)[], now = new Date()): boolean {
  if (votes.some((count) => count !== null)) return true;
  return election.status === 'ongoing' || election.date.slice(0, 10) === now.toISOString().slice(0, 10);
}

/** A link to the results of a group of candidates that is one race, when worth showing (see resultsWorthShowing). */
export function groupResultsLink(
  label: (office: string) => string,
  election: { slug: string; status: string; date: string } | null,
  group: { office: { name: string; slug: string; level: OfficeLevel }; rows: readonly { votes: number | null }[] },
  places: Pick<RaceRef, 'region' | 'district' | 'area'>,
): { to: string; label: string } | null {
  if (!election || !resultsWorthShowing(election, group.rows.map((row) => row.votes))) return null;
  const to = resultsPath({ election, office: group.office, ...places });
  return to ? { to, label: label(group.office.name) } : null;
}
