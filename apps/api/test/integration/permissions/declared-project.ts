/**
 * What the permission matrix reads from `appwrite.json`: the collections, buckets, teams and
 * topics it declares, with their permissions grouped by action. Nothing here is particular to one
 * collection, so a resource added to the file gets its rows without test code.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { siteSchemaCopy } from '../../support/site-schema-copy.ts';
import { parseProjectSchema, type AttributeDefinition, type ProjectSchema } from '../../../src/schema/project-schema.ts';

export const SITE_SCHEMA_FILE = fileURLToPath(new URL('../../../../../appwrite.json', import.meta.url));

export type Action = 'read' | 'create' | 'update' | 'delete';

/** Roles per action; `write` stands for create, update and delete, as in Appwrite's collection permissions. */
export type Grants = Record<Action, ReadonlySet<string>>;

export function grantsOf(permissions: readonly string[]): Grants {
  const grants: Record<Action, Set<string>> = { read: new Set(), create: new Set(), update: new Set(), delete: new Set() };
  for (const text of permissions) {
    const match = /^(read|create|update|delete|write)\("([^"]+)"\)$/.exec(text);
    if (!match) throw new Error(`unreadable permission ${text} in appwrite.json`);
    const actions: Action[] = match[1] === 'write' ? ['create', 'update', 'delete'] : [match[1] as Action];
    for (const action of actions) grants[action].add(match[2]!);
  }
  return grants;
}

export interface DeclaredCollection {
  kind: 'collection';
  id: string;
  databaseId: string;
  /** A disabled database or collection is hidden from all but keys. */
  databaseEnabled: boolean;
  enabled: boolean;
  grants: Grants;
  /** documentSecurity: documents' own permissions count too. */
  ownSecurity: boolean;
  attributes: readonly AttributeDefinition[];
  /** Attributes with a full-text index (Query.search). */
  searchable: string[];
  /** Attributes that are part of a unique index. */
  unique: ReadonlySet<string>;
}

export interface DeclaredBucket {
  kind: 'bucket';
  id: string;
  enabled: boolean;
  grants: Grants;
  /** fileSecurity. */
  ownSecurity: boolean;
  allowedFileExtensions: string[];
}

export interface DeclaredTopic {
  id: string;
  /** Roles that may subscribe (Appwrite's `subscribe`; none when the file leaves it out). */
  subscribe: string[];
}

export interface DeclaredProject {
  file: string;
  projectId: string;
  collections: DeclaredCollection[];
  buckets: DeclaredBucket[];
  teams: { id: string; name: string }[];
  topics: DeclaredTopic[];
}

function declared(file: string, raw: any, schema: ProjectSchema): DeclaredProject {
  const databases = new Map(schema.databases.map((database) => [database.$id, database.enabled]));
  return {
    file,
    projectId: schema.projectId,
    collections: schema.collections.map((collection) => ({
      kind: 'collection',
      id: collection.$id,
      databaseId: collection.databaseId,
      databaseEnabled: databases.get(collection.databaseId) === true,
      enabled: collection.enabled,
      grants: grantsOf(collection.$permissions),
      ownSecurity: collection.documentSecurity,
      attributes: collection.attributes,
      searchable: collection.indexes.filter((index) => index.type === 'fulltext').map((index) => index.attributes[0]!),
      unique: new Set(collection.indexes.filter((index) => index.type === 'unique').flatMap((index) => index.attributes)),
    })),
    buckets: schema.buckets.map((bucket) => ({
      kind: 'bucket',
      id: bucket.$id,
      enabled: bucket.enabled,
      grants: grantsOf(bucket.$permissions),
      ownSecurity: bucket.fileSecurity,
      allowedFileExtensions: bucket.allowedFileExtensions.map((extension) => extension.toLowerCase()),
    })),
    teams: schema.teams.map((team) => ({ id: team.$id, name: team.name })),
    // The server's schema reader keeps no `subscribe` yet: read it from the file itself.
    topics: ((raw.topics ?? []) as { $id: string; subscribe?: string[] }[]).map((topic) => ({ id: topic.$id, subscribe: topic.subscribe ?? [] })),
  };
}

export function readDeclaredProject(file = SITE_SCHEMA_FILE): DeclaredProject {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  return declared(file, raw, parseProjectSchema(raw, file));
}

/**
 * The same project with document and file security switched the other way on every collection and
 * bucket, written to a temporary file: so the rules for documents' and files' own permissions are
 * exercised on every resource, whichever way appwrite.json sets them today.
 */
export function withSecurityFlipped(file = SITE_SCHEMA_FILE): { project: DeclaredProject; remove(): void } {
  const copy = siteSchemaCopy((raw) => {
    for (const collection of raw['collections'] ?? []) collection.documentSecurity = !collection.documentSecurity;
    for (const bucket of raw['buckets'] ?? []) bucket.fileSecurity = !bucket.fileSecurity;
    raw['projectId'] = JSON.parse(readFileSync(file, 'utf8')).projectId;
  }, file);
  return { project: declared(copy.file, copy.schema, parseProjectSchema(copy.schema, copy.file)), remove: copy.remove };
}
