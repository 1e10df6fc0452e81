import { Client, Databases, Query } from 'node-appwrite';
import { isOfficeLevel, PLACE_ATTRIBUTE, percentChanges, type RaceMember } from './tally.ts';

const DATABASE = 'main';
const PAGE = 500;

interface Context {
  req: { readonly bodyJson: unknown; headers: Record<string, string | undefined> };
  res: { json(body: unknown, statusCode?: number): unknown };
  log(message: unknown): void;
  error(message: unknown): void;
}

function isCandidate(value: unknown): value is RaceMember {
  const record = value as Record<string, unknown> | null;
  return typeof record === 'object' && record !== null && record['$collectionId'] === 'candidates' && typeof record['electionId'] === 'string' && typeof record['officeId'] === 'string';
}

/** Every candidate standing in the same election, for the same office, in the same place. */
async function raceOf(databases: Databases, candidate: RaceMember): Promise<RaceMember[] | null> {
  const office = await databases.getDocument({ databaseId: DATABASE, collectionId: 'offices', documentId: candidate.officeId });
  if (!isOfficeLevel(office['level'])) return null;
  const place = PLACE_ATTRIBUTE[office['level']];
  const queries = [Query.equal('electionId', candidate.electionId), Query.equal('officeId', candidate.officeId)];
  if (place) queries.push(Query.equal(place, candidate[place] ?? ''));
  const members: RaceMember[] = [];
  for (;;) {
    const cursor = members.length ? [Query.cursorAfter(members[members.length - 1]!.$id)] : [];
    const page = await databases.listDocuments({ databaseId: DATABASE, collectionId: 'candidates', queries: [...queries, Query.select(['$id', 'votes', 'votePercent']), ...cursor, Query.limit(PAGE)] });
    members.push(...(page.documents as unknown as RaceMember[]));
    if (page.documents.length < PAGE) return members;
  }
}

/**
 * Triggered by every create, update and delete of a candidate: recomputes the vote shares of the
 * candidate's race and writes those that changed. Its own writes trigger it again, find every
 * share right and write nothing, which ends the chain.
 */
export default async ({ req, res, log }: Context) => {
  const candidate = req.bodyJson;
  if (req.headers['x-appwrite-trigger'] !== 'event' || !isCandidate(candidate)) return res.json({ written: 0, skipped: 'not a candidate event' });
  const client = new Client()
    .setEndpoint(process.env['APPWRITE_FUNCTION_API_ENDPOINT']!)
    .setProject(process.env['APPWRITE_FUNCTION_PROJECT_ID']!)
    .setKey(req.headers['x-appwrite-key'] ?? '');
  const databases = new Databases(client);
  const members = await raceOf(databases, candidate);
  if (!members) return res.json({ written: 0, skipped: 'office without a known level' });
  const changes = percentChanges(members);
  for (const change of changes) {
    await databases.updateDocument({ databaseId: DATABASE, collectionId: 'candidates', documentId: change.id, data: { votePercent: change.votePercent } });
  }
  log(`race of ${candidate.$id}: ${members.length} candidates, ${changes.length} shares written`);
  return res.json({ written: changes.length, candidates: members.length });
};
