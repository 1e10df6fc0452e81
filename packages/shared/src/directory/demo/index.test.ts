import { describe, expect, it } from 'vitest';
import { COLLECTION_ORDER, generateDemo, planDemo } from './index.ts';
import type { DemoRecord, DemoSize } from './index.ts';
import { slugify } from './slug.ts';

type Data = Record<string, unknown>;
type ById = Map<string, Data>;

function collect(size: DemoSize, seed?: number): { records: DemoRecord[]; by: Record<string, ById> } {
  const records = [...generateDemo(size, seed)];
  const by: Record<string, ById> = {};
  for (const r of records) (by[r.collectionId] ??= new Map()).set(r.documentId, r.data);
  return { records, by };
}

const demo = collect('demo');
const big = collect(20000);

function countsOf(records: readonly DemoRecord[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of records) counts[r.collectionId] = (counts[r.collectionId] ?? 0) + 1;
  return counts;
}

describe('determinism', () => {
  it('gives identical records for the same size and seed', () => {
    expect([...generateDemo('demo')]).toEqual(demo.records);
    expect([...generateDemo(500, 42)]).toEqual([...generateDemo(500, 42)]);
  });

  it('gives different records for a different seed', () => {
    const other = [...generateDemo('demo', 12345)];
    expect(other).not.toEqual(demo.records);
    const names = (rs: DemoRecord[], c: string): unknown[] => rs.filter((r) => r.collectionId === c).map((r) => r.data.name);
    expect(names(other, 'candidates')).not.toEqual(names(demo.records, 'candidates'));
    expect(names(other, 'districts')).not.toEqual(names(demo.records, 'districts'));
  });

  it('streams lazily: the first records of a million-candidate run come at once', () => {
    const it = generateDemo('large');
    let n = 0;
    for (const r of it) {
      if (++n === 2000) {
        expect(r.collectionId).toBe('candidates');
        break;
      }
    }
    expect(planDemo('large').counts.candidates).toBe(1_000_000);
  });
});

describe('counts and order', () => {
  it('match planDemo for demo and for 20000 candidates', () => {
    for (const [size, run] of [['demo', demo], [20000, big]] as const) {
      const plan = planDemo(size);
      const actual = countsOf(run.records);
      for (const [c, n] of Object.entries(plan.counts)) expect(actual[c] ?? 0, c).toBe(n);
      expect(Object.keys(actual).every((c) => c in plan.counts)).toBe(true);
    }
  });

  it('has the shape product.md asks for', () => {
    const c = planDemo('demo').counts;
    expect(c).toMatchObject({ regions: 4, subregions: 16, districts: 120, electoral_areas: 500, events: 40, pages: 9, candidates: 3000 });
    expect(c.parties).toBeGreaterThanOrEqual(6);
    expect(c.parties).toBeLessThanOrEqual(10);
  });

  it('yields collection by collection in dependency order', () => {
    const seen: string[] = [];
    for (const r of demo.records) if (seen.at(-1) !== r.collectionId) seen.push(r.collectionId);
    expect(new Set(seen).size).toBe(seen.length);
    const order = COLLECTION_ORDER.filter((c) => seen.includes(c));
    expect(seen).toEqual(order);
  });

  it('rejects bad sizes', () => {
    expect(() => planDemo(-1)).toThrow(RangeError);
    expect(() => planDemo(1.5)).toThrow(RangeError);
    expect(() => generateDemo(Number.NaN).next()).toThrow(RangeError);
  });
});

describe('ids and slugs', () => {
  it('ids are [a-z0-9]{1,36} and unique per collection', () => {
    const seen = new Map<string, Set<string>>();
    for (const r of big.records) {
      expect(r.documentId).toMatch(/^[a-z0-9]{1,36}$/);
      const s = seen.get(r.collectionId) ?? new Set();
      expect(s.has(r.documentId)).toBe(false);
      s.add(r.documentId);
      seen.set(r.collectionId, s);
    }
  });

  it('slugs are unique per collection and derived from names', () => {
    for (const run of [demo, big]) {
      for (const [collection, docs] of Object.entries(run.by)) {
        const slugs = [...docs.values()].map((d) => d.slug).filter((s): s is string => typeof s === 'string');
        if (collection === 'pages') continue; // unique per (slug, language)
        expect(new Set(slugs).size, collection).toBe(slugs.length);
      }
    }
    for (const c of ['regions', 'subregions', 'districts', 'electoral_areas', 'parties', 'candidates']) {
      for (const d of demo.by[c]?.values() ?? []) {
        const slug = d.slug as string;
        expect(slug).toMatch(/^[\p{Ll}\p{Lo}\p{M}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{M}\p{N}]+)*$/u);
        expect(slug.replace(/-\d+$/, '')).toBe(slugify(d.name as string));
      }
    }
    const pages = [...(demo.by.pages?.values() ?? [])].map((p) => `${String(p.slug)}/${String(p.language)}`);
    expect(new Set(pages).size).toBe(9);
  });
});

describe('hierarchy', () => {
  for (const [label, run] of [['demo', demo], ['20000', big]] as const) {
    it(`every reference resolves and area ids agree (${label})`, () => {
      const get = (c: string, id: unknown): Data => {
        const d = run.by[c]?.get(id as string);
        if (!d) throw new Error(`${c}/${String(id)} missing`);
        return d;
      };
      for (const s of run.by.subregions?.values() ?? []) get('regions', s.regionId);
      for (const d of run.by.districts?.values() ?? []) expect(get('subregions', d.subregionId).regionId).toBe(d.regionId);
      for (const a of run.by.electoral_areas?.values() ?? []) {
        const d = get('districts', a.districtId);
        expect([a.subregionId, a.regionId]).toEqual([d.subregionId, d.regionId]);
      }
      for (const c of run.by.candidates?.values() ?? []) {
        const office = get('offices', c.officeId);
        get('elections', c.electionId);
        if (c.partyId !== '') get('parties', c.partyId);
        const ids = [c.regionId, c.subregionId, c.districtId, c.electoralAreaId];
        switch (office.level) {
          case 'national':
            expect(ids).toEqual(['', '', '', '']);
            break;
          case 'region':
            get('regions', c.regionId);
            expect(ids.slice(1)).toEqual(['', '', '']);
            break;
          case 'district': {
            const d = get('districts', c.districtId);
            expect([c.regionId, c.subregionId, c.electoralAreaId]).toEqual([d.regionId, d.subregionId, '']);
            break;
          }
          default: {
            const a = get('electoral_areas', c.electoralAreaId);
            expect([c.regionId, c.subregionId, c.districtId]).toEqual([a.regionId, a.subregionId, a.districtId]);
          }
        }
      }
      for (const e of run.by.events?.values() ?? []) {
        get('elections', e.electionId);
        if (e.partyId !== '') get('parties', e.partyId);
        if (e.regionId !== '') get('regions', e.regionId);
        if (e.districtId !== '') expect(get('districts', e.districtId).regionId).toBe(e.regionId);
      }
    });
  }

  it('has one current and one concluded election with consistent results', () => {
    const elections = [...(demo.by.elections?.values() ?? [])];
    expect(elections.map((e) => e.status).sort()).toEqual(['concluded', 'upcoming']);
    const races = new Map<string, Data[]>();
    for (const c of demo.by.candidates?.values() ?? []) {
      const key = [c.electionId, c.officeId, c.regionId, c.districtId, c.electoralAreaId].join('/');
      races.set(key, [...(races.get(key) ?? []), c]);
    }
    let concluded = 0;
    for (const race of races.values()) {
      expect(race.map((c) => c.ballotNumber)).toEqual(race.map((_, i) => i + 1));
      if (race[0]?.electionId !== 'e2') {
        expect(race.every((c) => ['nominated', 'withdrawn', 'disqualified'].includes(c.status as string) && c.votes === null)).toBe(true);
        continue;
      }
      concluded++;
      expect(race.filter((c) => c.status === 'elected')).toHaveLength(1);
      const pct = race.reduce((n, c) => n + (c.votePercent as number), 0);
      expect(Math.abs(pct - 100)).toBeLessThan(0.05 * race.length + 0.01);
      const winner = race.find((c) => c.status === 'elected') as Data;
      expect(race.every((c) => (c.votes as number) <= (winner.votes as number))).toBe(true);
    }
    expect(concluded).toBeGreaterThan(100);
    const statuses = new Set([...(demo.by.candidates?.values() ?? [])].map((c) => c.status));
    expect([...statuses].sort()).toEqual(['disqualified', 'elected', 'nominated', 'not_elected', 'withdrawn']);
  });
});

describe('names exercise slugs and escaping', () => {
  const names = (c: string): string[] => [...(demo.by[c]?.values() ?? [])].map((d) => d.name as string);
  const people = names('candidates');
  const places = ['regions', 'subregions', 'districts', 'electoral_areas'].flatMap(names);
  const parties = names('parties');
  const features: [string, (s: string) => boolean][] = [
    ['apostrophe', (s) => s.includes("'")],
    ['hyphen', (s) => s.includes('-')],
    ['space', (s) => s.includes(' ')],
    ['non-ASCII', (s) => /[^\x00-\x7f]/.test(s)],
  ];

  it('people, places and parties have apostrophes, hyphens, spaces and non-ASCII letters', () => {
    for (const [what, list] of [['people', people], ['places', places], ['parties', parties]] as const) {
      for (const [feature, test] of features) expect(list.filter(test).length, `${what}: ${feature}`).toBeGreaterThanOrEqual(what === 'parties' ? 1 : 3);
    }
    for (const ch of ['é', 'ñ', 'ü', 'ø', 'ɔ', 'ŋ']) expect([...people, ...places].some((n) => n.toLowerCase().includes(ch)), ch).toBe(true);
    expect([...people, ...places].some((n) => n.includes('Đ') || n.includes('đ'))).toBe(true);
  });

  it('has two-letter names', () => {
    expect(places.filter((p) => [...p].length === 2).length).toBeGreaterThanOrEqual(3);
    expect(people.filter((p) => p.split(' ').some((w) => [...w].length === 2)).length).toBeGreaterThanOrEqual(3);
  });

  it('place names contain every route separator word, several times', () => {
    for (const word of ['in', 'of', 'from', 'the', 'region', 'candidates']) {
      const hits = places.filter((p) => slugify(p).split('-').includes(word));
      expect(hits.length, word).toBeGreaterThanOrEqual(3);
    }
    expect(places).toContain('Heart of the Valley');
    expect(places).toContain('Land in the Hills');
    expect(places).toContain('Market from the Sea');
  });

  it('keeps the showcase names for any seed', () => {
    const other = [...generateDemo(0, 999)].filter((r) => r.collectionId !== 'candidates').map((r) => r.data.name);
    for (const n of ['Heart of the Valley', 'Candidates Crossing', 'Great Lakes Region', 'Candidates of the Lakes', "Ng'ambo"]) expect(other).toContain(n);
  });
});

describe('pages', () => {
  it('has about, privacy-policy and terms-and-conditions in en, fr and sw, as Markdown that says it is sample data', () => {
    const pages = [...(demo.by.pages?.values() ?? [])];
    for (const p of pages) {
      const body = p.body as string;
      expect(body).toMatch(/^# /);
      expect(body).toMatch(/\n## /);
      expect(body).toMatch(/\n(?:- |1\. )/);
      expect(body).toContain('Marisola');
      expect(body.split(/\n\n+/).length).toBeGreaterThanOrEqual(5);
    }
    const about = (lang: string): string => pages.find((p) => p.slug === 'about' && p.language === lang)?.body as string;
    expect(about('en')).toMatch(/sample data/i);
    expect(about('fr')).toMatch(/données d'exemple/i);
    expect(about('sw')).toMatch(/data ya mfano/i);
    expect(about('en')).toMatch(/fictional/);
  });
});
