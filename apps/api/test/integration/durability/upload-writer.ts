/**
 * Uploads files as SDK 28 does (one request up to 5 MiB; above that chunk 0 alone, then the rest
 * with several in flight), resumes the uploads a kill interrupted by sending the chunks that were
 * never answered, and deletes some finished files.
 */
import { CHUNK_SIZE, chunkCount, chunkOf, md5, randomContent } from '../../support/upload-http.ts';
import type { TrackedUpload } from './acknowledged-writes.ts';
import { call, expectStatus, ServerGone, upload, UnexpectedAnswer, type Caller } from './durability-client.ts';
import type { WriterContext } from './writer-context.ts';

const IN_FLIGHT = 3;

export interface UploadPlan {
  bucketId: string;
  caller: Caller;
  /** Ids start with it, so each writer resumes and deletes only its own files. */
  label: string;
  maxSize: number;
}

async function sendChunk(context: WriterContext, track: TrackedUpload, index: number, resuming: boolean): Promise<void> {
  const single = track.chunksTotal === 1;
  const part = single ? { bytes: track.bytes! } : chunkOf(track.bytes!, index);
  const answer = await upload(context.endpoint, track.caller, track.bucketId, {
    fileId: track.id, name: `${track.id}.bin`, ...part, ...(index > 0 || resuming ? { uploadId: track.id } : {}),
  });
  // A chunk sent again while another request assembles the file finds it no longer uploading.
  if (resuming && answer.status === 409 && answer.json?.type === 'storage_file_already_exists') return;
  expectStatus(`chunk ${index} of ${track.bucketId}/${track.id}`, answer, 200, 201);
  track.ackedChunks.add(index);
  context.writes.acknowledged.chunks++;
  if (answer.json.chunksUploaded === answer.json.chunksTotal) {
    if (answer.json.signature !== track.md5) throw new UnexpectedAnswer(`${track.id}: the signature is not the md5 of what was sent`, answer);
    track.ackedComplete = true;
    track.bytes = undefined;
    context.writes.acknowledged.files++;
  }
}

/** Sends the chunks in `indexes` with up to IN_FLIGHT at once. */
async function sendChunks(context: WriterContext, track: TrackedUpload, indexes: number[], resuming: boolean): Promise<void> {
  const queue = [...indexes];
  const worker = async () => {
    for (let index = queue.shift(); index !== undefined && track.bytes; index = queue.shift()) await sendChunk(context, track, index, resuming);
  };
  // Every request settles before this returns, so none is left sending into the next life of the server.
  const outcomes = await Promise.allSettled(Array.from({ length: IN_FLIGHT }, worker));
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed) throw failed.reason;
}

function unfinished(context: WriterContext, plan: UploadPlan): TrackedUpload[] {
  return [...context.writes.uploads.values()].filter((track) => track.id.startsWith(`${plan.label}-`) && !track.ackedComplete && track.bytes && track.deletion === 'none');
}

async function deleteOne(context: WriterContext, plan: UploadPlan): Promise<void> {
  const done = [...context.writes.uploads.values()].filter((track) => track.id.startsWith(`${plan.label}-`) && track.ackedComplete && track.deletion === 'none');
  if (done.length === 0) return;
  const track = context.random.pick(done);
  track.deletion = 'in-flight';
  expectStatus(`delete ${track.bucketId}/${track.id}`, await call(context.endpoint, plan.caller, 'DELETE', `/storage/buckets/${track.bucketId}/files/${track.id}`), 204);
  track.deletion = 'acked';
  context.writes.acknowledged.deletes++;
}

export async function writeUploads(context: WriterContext, plan: UploadPlan): Promise<void> {
  const { random, writes } = context;
  try {
    for (const track of unfinished(context, plan)) {
      if (!context.running()) return;
      const missing = Array.from({ length: track.chunksTotal }, (_, index) => index).filter((index) => !track.ackedChunks.has(index));
      await sendChunks(context, track, missing, true);
    }
    while (context.running()) {
      if (random.chance(0.15)) {
        await deleteOne(context, plan);
        continue;
      }
      const size = random.chance(0.4) ? random.int(1, 1_000_000) : random.int(CHUNK_SIZE + 1, plan.maxSize);
      const bytes = randomContent(size);
      const id = `${plan.label}-${writes.uploads.size + 1}-${random.int(0, 1e9).toString(36)}`;
      const track: TrackedUpload = {
        bucketId: plan.bucketId, id, caller: plan.caller, size, md5: md5(bytes), chunksTotal: chunkCount(size),
        ackedChunks: new Set(), ackedComplete: false, bytes, verified: false, deletion: 'none',
      };
      writes.uploads.set(id, track);
      await sendChunk(context, track, 0, false);
      await sendChunks(context, track, Array.from({ length: track.chunksTotal - 1 }, (_, index) => index + 1), false);
    }
  } catch (error) {
    if (!(error instanceof ServerGone)) throw error;
  }
}
