// Every generated record must be a valid document for /work/main/appwrite.json, checked the
// way Appwrite's structure validator would: known keys only, required ones present, types,
// sizes, ranges, enum elements, e-mail/URL formats and the datetime format.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateDemo } from './index.ts';
import { DATETIME_PATTERN } from './time.ts';

interface Attribute {
  key: string;
  type: 'string' | 'integer' | 'double' | 'boolean' | 'datetime';
  required: boolean;
  array: boolean;
  size?: number;
  min?: number;
  max?: number;
  default?: unknown;
  format?: string;
  elements?: string[];
}
interface Index {
  key: string;
  type: 'key' | 'unique' | 'fulltext';
  attributes: string[];
  orders: string[];
}
interface Collection {
  $id: string;
  $permissions: string[];
  databaseId: string;
  name: string;
  enabled: boolean;
  documentSecurity: boolean;
  attributes: Attribute[];
  indexes: Index[];
}
interface Schema {
  projectId: string;
  databases: { $id: string }[];
  collections: Collection[];
  buckets: { $id: string; $permissions: string[]; fileSecurity: boolean; maximumFileSize: number; allowedFileExtensions: string[] }[];
  teams: { $id: string; name: string }[];
  functions: { $id: string }[];
  topics: { $id: string; name: string }[];
}

const schema = JSON.parse(readFileSync(new URL('../../../../../appwrite.json', import.meta.url), 'utf8')) as Schema;
const collections = new Map(schema.collections.map((c) => [c.$id, c]));

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const URL_CHARS = /^https?:\/\/[\x21-\x7e]+$/;
const ENUM_SIZE = 255;
const URL_SIZE = 2000;
const EMAIL_SIZE = 254;

function scalarProblem(a: Attribute, v: unknown): string | null {
  switch (a.type) {
    case 'string': {
      if (typeof v !== 'string') return 'not a string';
      const len = [...v].length;
      if (a.format === 'enum') return a.elements?.includes(v) ? null : `"${v}" not in ${JSON.stringify(a.elements)}`;
      if (a.format === 'email') return len <= EMAIL_SIZE && EMAIL.test(v) ? null : `bad email ${v}`;
      if (a.format === 'url') {
        if (len > URL_SIZE || !URL_CHARS.test(v)) return `bad url ${v}`;
        try {
          new URL(v);
          return null;
        } catch {
          return `bad url ${v}`;
        }
      }
      return a.size !== undefined && len <= a.size ? null : `longer than ${String(a.size)} (${len})`;
    }
    case 'integer':
      if (!Number.isSafeInteger(v)) return 'not an integer';
      return (v as number) >= (a.min ?? -Infinity) && (v as number) <= (a.max ?? Infinity) ? null : `${String(v)} out of range`;
    case 'double':
      if (typeof v !== 'number' || !Number.isFinite(v)) return 'not a number';
      return v >= (a.min ?? -Infinity) && v <= (a.max ?? Infinity) ? null : `${v} out of range`;
    case 'boolean':
      return typeof v === 'boolean' ? null : 'not a boolean';
    case 'datetime':
      if (typeof v !== 'string' || !DATETIME_PATTERN.test(v)) return `bad datetime ${String(v)}`;
      return new Date(v).toISOString().replace('Z', '+00:00') === v ? null : `impossible datetime ${v}`;
  }
}

/** Problems with one document, or [] if it is valid. */
function problems(collectionId: string, data: Record<string, unknown>): string[] {
  const c = collections.get(collectionId);
  if (!c) return [`unknown collection ${collectionId}`];
  const out: string[] = [];
  const attrs = new Map(c.attributes.map((a) => [a.key, a]));
  for (const key of Object.keys(data)) if (!attrs.has(key)) out.push(`unknown attribute ${key}`);
  for (const a of c.attributes) {
    const v = data[a.key];
    if (v === undefined || v === null) {
      if (a.required) out.push(`missing required ${a.key}`);
      continue;
    }
    if (a.array) {
      if (!Array.isArray(v)) out.push(`${a.key}: not an array`);
      else if (v.length > 100) out.push(`${a.key}: more than 100 elements`);
      else v.forEach((x, i) => {
        const p = scalarProblem(a, x);
        if (p) out.push(`${a.key}[${i}]: ${p}`);
      });
      continue;
    }
    const p = scalarProblem(a, v);
    if (p) out.push(`${a.key}: ${p}`);
  }
  return out;
}

describe('appwrite.json', () => {
  it('has the project, database, team, topics, functions and buckets', () => {
    expect(schema.projectId).toBe('ballot-atlas');
    expect(schema.databases.map((d) => d.$id)).toEqual(['main']);
    expect(schema.teams).toEqual([{ $id: 'editors', name: 'Editors' }]);
    expect(schema.topics.map((t) => t.$id)).toEqual(['contact', 'updates']);
    expect(schema.functions.map((f) => f.$id).sort()).toEqual(['cleanup-exports', 'export-pdf', 'notify-editors', 'send-reminders', 'send-update', 'tally-race']);
    expect(schema.buckets.map((b) => b.$id)).toEqual(['media', 'exports', 'imports']);
    expect([...collections.keys()].sort()).toEqual(
      ['candidates', 'contact_messages', 'districts', 'elections', 'electoral_areas', 'events', 'export_progress', 'offices', 'pages', 'parties', 'regions', 'subregions'],
    );
  });

  it('is internally consistent', () => {
    const permission = /^(read|create|update|delete|write)\("(any|guests|users(\/(un)?verified)?|team:[a-z]+(\/[a-z]+)?|user:[A-Za-z0-9]+|member:[A-Za-z0-9]+|label:[A-Za-z0-9]+)"\)$/;
    for (const c of schema.collections) {
      expect(c.databaseId).toBe('main');
      // An export's progress is its requester's alone: per-document permissions.
      expect(c.documentSecurity).toBe(c.$id === 'export_progress');
      expect(c.enabled).toBe(true);
      for (const p of c.$permissions) expect(p).toMatch(permission);
      const keys = new Set<string>();
      for (const a of c.attributes) {
        expect(a.key, `${c.$id}.${a.key}`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        expect(keys.has(a.key)).toBe(false);
        keys.add(a.key);
        if (a.required) expect(a.default, `${c.$id}.${a.key} default`).toBeNull();
        if (a.type === 'string' && !a.format) expect(a.size, `${c.$id}.${a.key} size`).toBeGreaterThan(0);
        if (a.format === 'enum') expect(a.elements?.every((e) => e.length <= ENUM_SIZE)).toBe(true);
        if (a.type === 'integer' || a.type === 'double') expect((a.min ?? 0) <= (a.max ?? 0)).toBe(true);
        if (a.default !== null && a.default !== undefined) expect(scalarProblem(a, a.default), `${c.$id}.${a.key} default`).toBeNull();
      }
      const indexKeys = new Set<string>();
      for (const i of c.indexes) {
        expect(i.key).toMatch(/^[a-z][a-zA-Z0-9]*$/);
        expect(indexKeys.has(i.key)).toBe(false);
        indexKeys.add(i.key);
        expect(i.orders).toHaveLength(i.attributes.length);
        for (const a of i.attributes) expect(keys.has(a), `${c.$id} index ${i.key} on ${a}`).toBe(true);
        if (i.type === 'fulltext') expect(i.attributes).toHaveLength(1);
      }
    }
  });

  it('has the indexes the site queries need', () => {
    const has = (c: string, type: string, attributes: string[]): boolean =>
      collections.get(c)?.indexes.some((i) => i.type === type && JSON.stringify(i.attributes) === JSON.stringify(attributes)) ?? false;
    for (const c of ['regions', 'subregions', 'districts', 'electoral_areas']) {
      expect(has(c, 'unique', ['slug']), c).toBe(true);
      expect(has(c, 'fulltext', ['name']), c).toBe(true);
    }
    expect(has('subregions', 'key', ['regionId', 'name'])).toBe(true);
    expect(has('districts', 'key', ['subregionId', 'name'])).toBe(true);
    expect(has('electoral_areas', 'key', ['districtId', 'name'])).toBe(true);
    for (const attrs of [['electoralAreaId', 'name'], ['districtId', 'officeId', 'name'], ['partyId', 'name'], ['regionId', 'officeId', 'name'], ['officeId']]) {
      expect(has('candidates', 'key', attrs), attrs.join()).toBe(true);
    }
    expect(has('candidates', 'fulltext', ['name'])).toBe(true);
    expect(has('parties', 'fulltext', ['name'])).toBe(true);
    expect(has('events', 'key', ['start'])).toBe(true);
    expect(has('events', 'key', ['kind', 'start'])).toBe(true);
    expect(has('pages', 'unique', ['slug', 'language'])).toBe(true);
  });
});

describe('generated records satisfy appwrite.json', () => {
  for (const [size, seed] of [['demo', undefined], [6000, 7]] as const) {
    it(`size ${size}`, () => {
      const bad: string[] = [];
      for (const r of generateDemo(size, seed)) {
        for (const p of problems(r.collectionId, r.data)) if (bad.length < 20) bad.push(`${r.collectionId}/${r.documentId}: ${p}`);
      }
      expect(bad).toEqual([]);
    });
  }

  it('the checker itself catches bad documents', () => {
    expect(problems('regions', { name: 'x', slug: 'x', code: 'X', colour: 'red' })).toContain('unknown attribute colour');
    expect(problems('regions', { slug: 'x', code: 'X' })).toContain('missing required name');
    expect(problems('districts', { name: 'x', slug: 'x', kind: 'town', subregionId: 'a', regionId: 'b' })[0]).toMatch(/^kind/);
    expect(problems('candidates', { name: 'x', slug: 'x', officeId: 'o', electionId: 'e', status: 'nominated', votePercent: 101 })[0]).toMatch(/^votePercent/);
    expect(problems('candidates', { name: 'x', slug: 'x', officeId: 'o', electionId: 'e', status: 'nominated', socialLinks: ['https://ex.com/ñ'] })[0]).toMatch(/^socialLinks/);
    expect(problems('events', { title: 't', start: '2027-03-04T00:00:00Z', kind: 'other' })[0]).toMatch(/^start/);
  });
});
