import { redirect } from 'react-router';
import { readCookie } from '../../lib/cookie-header';
import { byIds, candidateRows } from '../../lib/directory/candidates.server';
import type { CandidateRowSource } from '../../lib/directory/candidate-row-source';
import type { Candidate, Party } from '../../lib/directory/types';
import { routeMessages } from '../../lib/i18n.server';
import { buildPath } from '../../lib/urls';
import { safeWebUrl } from '../../lib/web-link';
import { ageOn } from '../candidate/loader.server';
import { comparePath, ID_SEPARATOR, MAX_COMPARED } from './choices';
import { COMPARE_COOKIE, parseIds, selectionFromCookie } from './selection';

const CANDIDATE_FIELDS = [
  'name', 'photoFileId', 'partyId', 'officeId', 'regionId', 'districtId', 'electoralAreaId', 'ballotNumber', 'dateOfBirth', 'occupation', 'education', 'bio',
  'website', 'socialLinks', 'status', 'votes', 'votePercent',
];
const PARTY_FIELDS = ['name', 'abbreviation', 'colour', 'logoFileId'];

type ComparedSource = CandidateRowSource & Pick<Candidate, 'dateOfBirth' | 'occupation' | 'education' | 'bio' | 'website' | 'socialLinks'>;

/** Distinct non-empty entries of `?ids=` (however many times it is given), valid ids or not. */
function requestedEntries(url: URL): string[] {
  const entries = url.searchParams.getAll('ids').flatMap((value) => value.split(ID_SEPARATOR)).map((entry) => entry.trim()).filter(Boolean);
  return [...new Set(entries)];
}

/**
 * `/compare?ids=a,b,c`: the candidates the link names, in its order, that the visitor may see; at
 * most MAX_COMPARED. Without `?ids=`, a visitor who has picked some is sent to their selection's
 * address, so what they see can be shared.
 */
export async function loadComparison(request: Request) {
  const url = new URL(request.url);
  if (!url.searchParams.has('ids')) {
    const selection = selectionFromCookie(readCookie(request, COMPARE_COOKIE));
    if (selection.length) throw redirect(comparePath(selection));
  }
  const entries = requestedEntries(url);
  const valid = parseIds(entries.join(ID_SEPARATOR));
  const asked = valid.slice(0, MAX_COMPARED);
  const found = await byIds<ComparedSource & { $id: string }>(request, 'candidates', asked, CANDIDATE_FIELDS);
  const sources = asked.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
  const parties = await byIds<Party>(request, 'parties', sources.map((source) => source.partyId), PARTY_FIELDS);
  const rows = await candidateRows(request, sources, { parties: [...parties.values()] });
  const now = new Date();
  const columns = sources.map((source, index) => {
    const row = rows[index]!;
    const party = source.partyId ? parties.get(source.partyId) : undefined;
    return {
      ...row,
      party: row.party && { ...row.party, logoFileId: party?.logoFileId || null, href: buildPath('party', { party: row.party.id }) },
      age: source.dateOfBirth ? ageOn(source.dateOfBirth, now) : null,
      dateOfBirth: source.dateOfBirth,
      occupation: source.occupation,
      education: source.education,
      bio: source.bio,
      website: safeWebUrl(source.website),
      socialLinks: (source.socialLinks ?? []).map(safeWebUrl).filter((link): link is string => link !== null),
    };
  });
  return {
    messages: routeMessages(request, 'compare'),
    columns,
    /** Entries of the link left out because they name no candidate the visitor may see (unknown, hidden, not an id). */
    notShown: entries.length - valid.length + asked.length - columns.length,
    /** Ids beyond the first MAX_COMPARED, never looked up. */
    beyondLimit: valid.length - asked.length,
  };
}

export type ComparisonData = Awaited<ReturnType<typeof loadComparison>>;
export type ComparedCandidate = ComparisonData['columns'][number];
