/**
 * What the matrix writes: valid documents generated from a collection's attribute definitions, a
 * small file a bucket accepts, and the permission variants its targets carry. Every generated
 * string carries a marker unique to its target, so an answer that leaks a target can be spotted.
 */
import { randomBytes } from 'node:crypto';
import type { AttributeDefinition } from '../../../src/schema/project-schema.ts';
import type { DeclaredBucket, DeclaredCollection } from './declared-project.ts';

const RUN_TAG = randomBytes(2).toString('hex');
let sequence = 0;

/** A marker no other target of this run carries. */
export function newMarker(): string {
  return `${RUN_TAG}${(++sequence).toString(36)}`;
}

function valueFor(attribute: AttributeDefinition, marker: string): unknown {
  const one = (): unknown => {
    switch (attribute.type) {
      case 'string':
        if (attribute.format === 'enum') return attribute.elements![0];
        if (attribute.format === 'email') return `${marker}@example.org`;
        if (attribute.format === 'url') return `https://example.org/${marker}`;
        if (attribute.format === 'ip') return '192.0.2.1';
        return `matrix ${marker}`.length <= attribute.size ? `matrix ${marker}` : marker.slice(0, attribute.size);
      case 'integer':
      case 'double':
        return Math.min(Math.max(attribute.min ?? 1, 1), attribute.max ?? Number.MAX_SAFE_INTEGER);
      case 'boolean':
        return true;
      case 'datetime':
        return '2026-06-01T00:00:00.000+00:00';
    }
  };
  return attribute.array ? [one()] : one();
}

/** A valid document for the collection: every attribute set, plain strings carrying `marker`. */
export function documentData(collection: DeclaredCollection, marker: string): Record<string, unknown> {
  return Object.fromEntries(collection.attributes.map((attribute) => [attribute.key, valueFor(attribute, marker)]));
}

/** A change an update may make: a plain string outside unique indexes, or else any attribute anew. */
export function documentChange(collection: DeclaredCollection): Record<string, unknown> {
  const marker = newMarker();
  const plain = collection.attributes.find((attribute) => attribute.type === 'string' && attribute.format === '' && !collection.unique.has(attribute.key) && attribute.size >= `matrix ${marker}`.length);
  const attribute = plain ?? collection.attributes[0];
  if (!attribute) throw new Error(`collection ${collection.id} has no attribute to update`);
  return { [attribute.key]: valueFor(attribute, marker) };
}

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SAMPLES: Record<string, Buffer> = {
  png: PNG,
  pdf: Buffer.from('%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n'),
  txt: Buffer.from('matrix\n'),
};

/** A file the bucket accepts: a real sample for the extensions we have one for, else a few bytes. */
export function sampleFile(bucket: DeclaredBucket, marker: string): File {
  const allowed = bucket.allowedFileExtensions;
  const extension = allowed.length === 0 ? 'txt' : (Object.keys(SAMPLES).find((known) => allowed.includes(known)) ?? allowed[0]!);
  return new File([new Uint8Array(SAMPLES[extension] ?? Buffer.from(marker))], `matrix-${marker}.${extension}`);
}

export function multipartUpload(bucket: DeclaredBucket, fileId: string, marker: string, permissions?: readonly string[]): FormData {
  const form = new FormData();
  form.append('fileId', fileId);
  for (const permission of permissions ?? []) form.append('permissions[]', permission);
  form.append('file', sampleFile(bucket, marker));
  return form;
}

/** Whose ids and teams a variant's permissions name. */
export interface VariantSubjects {
  userId: string;
  teamIds: readonly string[];
}

export interface TargetVariant {
  name: string;
  permissions(subjects: VariantSubjects): string[];
}

const all = (role: string) => [`read("${role}")`, `update("${role}")`, `delete("${role}")`];

/** The permissions a target document or file carries, one target per variant. */
export function targetVariants(teamIds: readonly string[]): TargetVariant[] {
  return [
    { name: 'no permissions', permissions: () => [] },
    { name: 'read("any")', permissions: () => ['read("any")'] },
    { name: 'only update("any")', permissions: () => ['update("any")'] },
    { name: 'only delete("any")', permissions: () => ['delete("any")'] },
    { name: "the user's", permissions: ({ userId }) => all(`user:${userId}`) },
    { name: 'verified users', permissions: () => all('users/verified') },
    ...teamIds.map((teamId) => ({
      name: `team ${teamId}: members read, members update, owners delete`,
      permissions: () => [`read("team:${teamId}")`, `update("team:${teamId}")`, `delete("team:${teamId}/owner")`],
    })),
  ];
}
