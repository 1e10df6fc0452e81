/**
 * After a restart: every acknowledged write is there and whole, every write that was in flight is
 * there whole or not at all, and the store holds nothing half done. Resolves each in-flight write
 * to what was found, so the next life of the server starts from known state.
 */
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { StoreReader } from '../../support/store-consistency.ts';
import { TEST_PROJECT } from '../../support/test-server.ts';
import type { AcknowledgedWrites, DocumentData, TrackedUpload } from './acknowledged-writes.ts';
import { API_KEY, call, credentialHeaders, expectStatus } from './durability-client.ts';
import { EDITORS_TEAM } from './durability-schema.ts';

export interface Violation {
  area: string;
  problem: string;
}

function shapeOf(document: Record<string, unknown>, like: DocumentData): DocumentData {
  return Object.fromEntries(Object.keys(like).map((key) => [key, document[key]]));
}

async function checkDocuments(endpoint: string, writes: AcknowledgedWrites): Promise<Violation[]> {
  const violations: Violation[] = [];
  const collections = new Set([...writes.documents.values()].map((track) => track.collection));
  for (const collection of collections) {
    const limit = encodeURIComponent(JSON.stringify({ method: 'limit', values: [5000] }));
    const list = expectStatus(`list ${collection}`, await call(endpoint, API_KEY, 'GET', `/databases/main/collections/${collection}/documents?queries[0]=${limit}`), 200);
    const stored = new Map<string, Record<string, unknown>>(list.json.documents.map((document: { $id: string }) => [document.$id, document]));
    for (const track of writes.documents.values()) {
      if (track.collection !== collection) continue;
      const found = stored.get(track.id);
      stored.delete(track.id);
      const candidates = [track.acked, ...(track.inFlight ? [track.inFlight.outcome] : [])];
      const matching = candidates.find((candidate) => (candidate === null ? found === undefined : found !== undefined && isDeepStrictEqual(shapeOf(found, candidate), candidate)));
      if (matching === undefined) {
        const what = found === undefined ? 'is missing' : `holds ${JSON.stringify(shapeOf(found, track.acked ?? track.inFlight?.outcome ?? {})).slice(0, 200)}`;
        violations.push({ area: 'documents', problem: `document ${collection}/${track.id} ${what}; acknowledged: ${JSON.stringify(track.acked)?.slice(0, 200)}${track.inFlight ? ' (a write was in flight)' : ''}` });
      }
      track.acked = found === undefined ? null : shapeOf(found, matching ?? track.acked ?? track.inFlight!.outcome!);
      delete track.inFlight;
    }
    for (const id of stored.keys()) violations.push({ area: 'documents', problem: `document ${collection}/${id} was never written` });
  }
  return violations;
}

async function downloadedMd5(endpoint: string, track: TrackedUpload): Promise<string> {
  const response = await fetch(`${endpoint}/storage/buckets/${track.bucketId}/files/${track.id}/download?project=${TEST_PROJECT}`, { headers: credentialHeaders(API_KEY) });
  if (response.status !== 200) return `status ${response.status}`;
  const md5 = createHash('md5');
  for await (const part of response.body!) md5.update(part);
  return md5.digest('hex');
}

async function checkUpload(endpoint: string, writes: AcknowledgedWrites, track: TrackedUpload, download: boolean): Promise<Violation[]> {
  const where = `file ${track.bucketId}/${track.id}`;
  const answer = await call(endpoint, API_KEY, 'GET', `/storage/buckets/${track.bucketId}/files/${track.id}`);
  if (answer.status === 404) {
    if (track.deletion !== 'none') {
      track.deletion = 'acked';
      return [];
    }
    if (track.ackedComplete || track.ackedChunks.size > 0) return [{ area: 'storage', problem: `${where} is gone though ${track.ackedComplete ? 'its upload was acknowledged complete' : `chunks ${[...track.ackedChunks]} were acknowledged`}` }];
    writes.uploads.delete(track.id);
    return [];
  }
  expectStatus(`get ${where}`, answer, 200);
  if (track.deletion === 'acked') return [{ area: 'storage', problem: `${where} is back after its deletion was acknowledged` }];
  track.deletion = 'none';
  const complete = answer.json.chunksUploaded === answer.json.chunksTotal && answer.json.signature !== '';
  if (!complete) {
    return track.ackedComplete ? [{ area: 'storage', problem: `${where} was acknowledged complete but is ${JSON.stringify(answer.json)}` }] : [];
  }
  track.ackedComplete = true;
  track.bytes = undefined;
  if (answer.json.signature !== track.md5 || answer.json.sizeOriginal !== track.size) return [{ area: 'storage', problem: `${where} has signature ${answer.json.signature} and size ${answer.json.sizeOriginal}, sent ${track.md5} and ${track.size}` }];
  if (download && !track.verified) {
    const md5 = await downloadedMd5(endpoint, track);
    if (md5 !== track.md5) return [{ area: 'storage', problem: `${where} downloads as ${md5}, sent ${track.md5}` }];
    track.verified = true;
  }
  return [];
}

async function checkAccounts(endpoint: string, writes: AcknowledgedWrites): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const account of writes.accounts) {
    if (account.state === 'verified') continue;
    const answer = await call(endpoint, { kind: 'guest' }, 'POST', '/account/sessions/email', { email: account.email, password: account.password });
    if (answer.status === 201) account.state = 'verified';
    else if (account.state === 'acked') violations.push({ area: 'accounts', problem: `acknowledged account ${account.email} cannot sign in: ${answer.status} ${answer.json?.type}` });
  }
  writes.accounts = writes.accounts.filter((account) => account.state === 'verified');
  return violations;
}

async function checkInvitations(endpoint: string, writes: AcknowledgedWrites, store: StoreReader): Promise<Violation[]> {
  const violations: Violation[] = [];
  for (const invitation of writes.invitations) {
    if (invitation.state !== 'acked') continue;
    const answer = await call(endpoint, API_KEY, 'GET', `/teams/${EDITORS_TEAM}/memberships/${invitation.membershipId}`);
    if (answer.status !== 200 || answer.json.userEmail !== invitation.email) violations.push({ area: 'teams', problem: `acknowledged invitation of ${invitation.email} is missing: ${answer.status} ${JSON.stringify(answer.json).slice(0, 200)}` });
    invitation.state = 'verified';
  }
  const inFlight = writes.invitations.filter((invitation) => invitation.state === 'in-flight');
  const found = await store.invitees(EDITORS_TEAM, inFlight.map((invitation) => invitation.email));
  for (const invitation of inFlight) {
    const { user, membership } = found.get(invitation.email)!;
    if (user !== membership) violations.push({ area: 'teams', problem: `invitation of ${invitation.email} (in flight) left ${user ? 'an account without its membership' : 'a membership without its account'}` });
  }
  writes.invitations = writes.invitations.filter((invitation) => invitation.state === 'verified');
  return violations;
}

/** Every check; `downloadAll` also downloads files verified before (the final check). */
export async function verifyAfterRestart(endpoint: string, writes: AcknowledgedWrites, store: StoreReader, downloadAll = false): Promise<Violation[]> {
  const violations = [...(await checkDocuments(endpoint, writes))];
  for (const track of [...writes.uploads.values()]) {
    if (downloadAll) track.verified = false;
    violations.push(...(await checkUpload(endpoint, writes, track, true)));
  }
  violations.push(...(await checkAccounts(endpoint, writes)));
  violations.push(...(await checkInvitations(endpoint, writes, store)));
  violations.push(...(await store.problems()));
  return violations;
}
