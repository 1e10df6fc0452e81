/**
 * The hints that turn schema-shaped values into meaningful ones for this server: sample values
 * (each parameter keeps those its own schema accepts), document data and preferences for object
 * parameters, well-formed and malformed queries for `queries`.
 */
import fc from 'fast-check';
import type { ProjectSchema } from '../../src/schema/project-schema.ts';
import { documentData, preferences } from './document-values.ts';
import { FuzzWorld, WORLD_PASSWORD } from './fuzz-world.ts';
import { malformedQueries, validQuery } from './query-values.ts';
import type { HostileHints } from './route-arbitraries.ts';
import type { ValueHints } from './schema-values.ts';

/** Values some parameter somewhere accepts: ids, passwords, e-mails, URLs, codes, providers, roles, permissions. */
const PROBES: readonly unknown[] = [
  'unique()', 'fuzz-new-1', 'current', WORLD_PASSWORD, 'fuzz@example.org', 'FUZZ.Mixed@Example.org', 'http://allowed.test/after', 'https://allowed.test/fail',
  'http://127.0.0.1:9/x.png', 'http://10.0.0.1/favicon.ico', '+15555550123', '123456', '000000', 'totp', 'email', 'phone', 'recoverycode', 'mock', 'github',
  'owner', 'editor', 'member', 'ch', 'ff', 'sf', 'visa', 'amex', 'us', 'fr', 'center', 'top-left', 'png', 'webp', 'jpg', 'heic', 'ff0000', 'Fuzz Name', 'S256', 'code',
  'read("any")', 'read("users")', 'update("users")', 'delete("user:fuzz-user-1")', 'write("team:fuzz-team/owner")', 'read("label:x")', 'email profile', 'profile',
  true, false, 0, 1, 30, 100,
];

export function valueHints(schema: ProjectSchema): { hints: ValueHints; hostile: HostileHints } {
  const attributes = [...new Set(schema.collections.flatMap((collection) => collection.attributes.map((attribute) => attribute.key)))];
  const data = documentData(schema.collections);
  const objects: Record<string, fc.Arbitrary<unknown>> = { data, prefs: preferences, '*': fc.oneof(data, preferences) };
  return {
    hints: { worldNames: new Set(FuzzWorld.NAMES), probes: PROBES, objects, arrayItems: { queries: validQuery(attributes.length ? attributes : ['$id']) }, objectKeys: attributes },
    hostile: { queries: malformedQueries },
  };
}
