import { generateDemo, type DemoRecord, type DemoSize } from '@ballot-atlas/shared/directory/demo/index';
import type { Services } from '../core/services.ts';

const BATCH_SIZE = 2000;
const DATABASE_ID = 'main';

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
  for (const record of generateDemo(size)) {
    if (batch.length >= BATCH_SIZE || (batch[0] && batch[0].collectionId !== record.collectionId)) await flush();
    batch.push(record);
    if (Date.now() - lastReport > 5000) {
      lastReport = Date.now();
      log(`seed: ${Object.entries(written).map(([collection, count]) => `${collection} ${count}`).join(', ')}`);
    }
  }
  await flush();
  await services.dialect.analyze();
  return written;
}

/** First start: an empty directory gets the demo data unless SEED=none. */
export async function seedIfEmpty(services: Services, seed: string, log: (line: string) => void): Promise<void> {
  if (seed === 'none') return;
  if ((await services.documents.count({ databaseId: DATABASE_ID, collectionId: 'regions' })) > 0) return;
  const started = Date.now();
  const written = await seedDemo(services, parseDemoSize(seed), log);
  log(`seed: wrote ${Object.values(written).reduce((sum, count) => sum + count, 0)} documents in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
