import { generateDemo, type DemoRecord, type DemoSize } from '@ballot-atlas/shared/directory/demo/index';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ADMIN } from '../core/context.ts';
import type { Services } from '../core/services.ts';
import { demoPartyLogo, demoPortrait } from './demo-images.ts';

const BATCH_SIZE = 2000;
const DATABASE_ID = 'main';

const MEDIA_BUCKET = 'media';

interface DemoPicture {
  fileId: string;
  name: string;
  draw(): Promise<Buffer>;
}

/** The picture a demo record refers to (a candidate's portrait, a party's logo), if any. */
function pictureOf(record: DemoRecord): DemoPicture | undefined {
  const data = record.data as Record<string, unknown>;
  if (record.collectionId === 'candidates' && data['photoFileId']) {
    return { fileId: data['photoFileId'] as string, name: `${data['slug'] as string}.webp`, draw: () => demoPortrait(record.documentId) };
  }
  if (record.collectionId === 'parties' && data['logoFileId']) {
    return { fileId: data['logoFileId'] as string, name: `${data['slug'] as string}-logo.png`, draw: () => demoPartyLogo(record.documentId, data['abbreviation'] as string, data['colour'] as string) };
  }
  return undefined;
}

/** Uploads the pictures through the same path as any upload (sniffing, bucket rules), two at a time. */
async function uploadPictures(services: Services, pictures: readonly DemoPicture[]): Promise<number> {
  const { files, uploadTempDir } = services.storage;
  await mkdir(uploadTempDir, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < pictures.length) {
      const picture = pictures[next++]!;
      const tempPath = join(uploadTempDir, `seed-${randomBytes(6).toString('hex')}`);
      const bytes = await picture.draw();
      await writeFile(tempPath, bytes);
      await files.receive(ADMIN, MEDIA_BUCKET, { fileId: picture.fileId, filename: picture.name, tempPath, size: bytes.length, permissions: null, contentRange: undefined, uploadId: undefined });
    }
  };
  await Promise.all([worker(), worker()]);
  return pictures.length;
}

export function parseDemoSize(value: string): DemoSize {
  if (value === 'demo' || value === 'large') return value;
  if (/^\d+$/.test(value) && Number(value) > 0) return Number(value);
  throw new Error(`Unknown demo size "${value}": use demo, large or a candidate count`);
}

/** Streams the deterministic demo data into the database in batches; returns documents written per collection. */
export async function seedDemo(services: Services, size: DemoSize, log: (line: string) => void = () => {}): Promise<Record<string, number>> {
  const written: Record<string, number> = {};
  let batch: DemoRecord[] = [];
  const flush = async (): Promise<void> => {
    const first = batch[0];
    if (!first) return;
    await services.documents.importDocuments(
      { databaseId: DATABASE_ID, collectionId: first.collectionId },
      batch.map((record) => ({ id: record.documentId, data: record.data })),
    );
    written[first.collectionId] = (written[first.collectionId] ?? 0) + batch.length;
    batch = [];
  };
  let lastReport = Date.now();
  const pictures: DemoPicture[] = [];
  for (const record of generateDemo(size)) {
    const picture = pictureOf(record);
    if (picture) pictures.push(picture);
    if (batch.length >= BATCH_SIZE || (batch[0] && batch[0].collectionId !== record.collectionId)) await flush();
    batch.push(record);
    if (Date.now() - lastReport > 5000) {
      lastReport = Date.now();
      log(`seed: ${Object.entries(written).map(([collection, count]) => `${collection} ${count}`).join(', ')}`);
    }
  }
  await flush();
  // The bulk writes carry no events, so the elections' and regions' messaging topics are made here.
  await services.messaging.reconcileRecordTopics();
  await services.dialect.analyze();
  if (pictures.length) {
    log(`seed: drawing ${pictures.length} demo pictures`);
    written['media'] = await uploadPictures(services, pictures);
  }
  return written;
}

/** First start: an empty directory gets the demo data unless SEED=none. */
export async function seedIfEmpty(services: Services, seed: string, log: (line: string) => void): Promise<void> {
  if (seed === 'none') return;
  if ((await services.documents.count({ databaseId: DATABASE_ID, collectionId: 'regions' })) > 0) return;
  const started = Date.now();
  const written = await seedDemo(services, parseDemoSize(seed), log);
  const { media = 0, ...documents } = written;
  log(`seed: wrote ${Object.values(documents).reduce((sum, count) => sum + count, 0)} documents and ${media} pictures in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
