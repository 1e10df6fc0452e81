import { describe, expect, it } from 'vitest';
import type { AttributeDefinition } from './attributes';
import type { Change } from '@ballot-atlas/shared/history/change';
import { changeEntries, referencedIds } from './change-entries';

const candidateAttributes: AttributeDefinition[] = [
  { key: 'name', type: 'string', required: true, array: false, size: 128 },
  { key: 'partyId', type: 'string', required: false, array: false, size: 36 },
  { key: 'photoFileId', type: 'string', required: false, array: false, size: 36 },
  { key: 'status', type: 'string', required: true, array: false, format: 'enum', elements: ['nominated', 'withdrawn'] },
  { key: 'dateOfBirth', type: 'datetime', required: false, array: false },
  { key: 'ballotNumber', type: 'integer', required: false, array: false },
  { key: 'bio', type: 'string', required: false, array: false, size: 5000 },
  { key: 'socialLinks', type: 'string', required: false, array: true, format: 'url' },
];

function change(partial: Partial<Change>): Change {
  return {
    $id: 'c1', $createdAt: '2026-03-14T09:05:00.000+00:00', databaseId: 'main', collectionId: 'candidates', documentId: 'amani', action: 'update', userId: 'u1', userName: 'Émilie',
    keyName: '', source: '', sourceIsUrl: false, revertOf: '', changes: [], before: null, after: { name: 'Amani' }, ...partial,
  };
}

describe('change entries', () => {
  it('read each field as its attribute says: references by name, choices, dates, pictures, lists and cut text', () => {
    const [entry] = changeEntries(
      [
        change({
          changes: [
            { field: 'partyId', before: 'p1', after: 'p2' },
            { field: 'status', before: 'nominated', after: 'withdrawn' },
            { field: 'dateOfBirth', before: null, after: '1980-02-29T00:00:00.000+00:00' },
            { field: 'photoFileId', before: '', after: 'f1' },
            { field: 'ballotNumber', before: 3, after: null },
            { field: 'socialLinks', before: [], after: ['https://a.example.org'] },
            { field: 'bio', before: 'x'.repeat(400), after: 'short' },
            { field: '$permissions', before: ['read("any")'], after: [] },
          ],
        }),
      ],
      () => candidateAttributes,
      { parties: { p1: 'Chama cha Haki' } },
    );
    expect(entry!.fields).toEqual([
      { field: 'partyId', before: { kind: 'reference', id: 'p1', name: 'Chama cha Haki' }, after: { kind: 'reference', id: 'p2', name: null } },
      { field: 'status', before: { kind: 'choice', value: 'nominated' }, after: { kind: 'choice', value: 'withdrawn' } },
      { field: 'dateOfBirth', before: { kind: 'empty' }, after: { kind: 'date', value: '1980-02-29T00:00:00.000+00:00', withTime: false } },
      { field: 'photoFileId', before: { kind: 'empty' }, after: { kind: 'picture' } },
      { field: 'ballotNumber', before: { kind: 'number', value: 3 }, after: { kind: 'empty' } },
      { field: 'socialLinks', before: { kind: 'empty' }, after: { kind: 'list', items: ['https://a.example.org'] } },
      { field: 'bio', before: { kind: 'text', text: `${'x'.repeat(279)}…` }, after: { kind: 'text', text: 'short' } },
      { field: '$permissions', before: { kind: 'list', items: ['read("any")'] }, after: { kind: 'empty' } },
    ]);
    expect(entry!.author).toEqual({ kind: 'user', name: 'Émilie' });
    expect(entry!.record).toEqual({ collection: 'candidates', documentId: 'amani', title: 'Amani' });
  });

  it('name the operator and its key, guests, and a deleted record by its last values; skip collections the console does not edit', () => {
    const entries = changeEntries(
      [
        change({ userId: '', userName: 'operator', keyName: 'importer' }),
        change({ userId: '', userName: '' }),
        change({ action: 'delete', before: { name: 'Gone' }, after: null }),
        change({ collectionId: 'contact_messages' }),
      ],
      () => candidateAttributes,
      {},
    );
    expect(entries.map((entry) => entry.author)).toEqual([{ kind: 'operator', keyName: 'importer' }, { kind: 'guest' }, { kind: 'user', name: 'Émilie' }]);
    expect(entries[2]!.record.title).toBe('Gone');
  });

  it('collect the ids relation fields point at, per collection', () => {
    const wanted = referencedIds([change({ changes: [{ field: 'partyId', before: 'p1', after: 'p2' }, { field: 'name', before: 'a', after: 'b' }, { field: 'electionId', before: '', after: 'e1' }] })]);
    expect(Object.fromEntries([...wanted].map(([target, ids]) => [target, [...ids]]))).toEqual({ parties: ['p1', 'p2'], elections: ['e1'] });
  });
});
