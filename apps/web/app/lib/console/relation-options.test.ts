import { describe, expect, it } from 'vitest';
import { choicesWithValues, type RelationChoices } from './relation-options';

const search = { titleKey: 'name', fulltext: true, parentKeys: [] };
const party: RelationChoices = {
  target: 'parties',
  options: [
    { id: 'p1', label: 'Chama cha Haki', parents: {} },
    { id: 'p2', label: 'Citizens’ Reform Movement', parents: {} },
  ],
  search,
  selected: { id: 'p1', label: 'Chama cha Haki' },
};
const office: RelationChoices = { target: 'offices', options: null, search, selected: null };

describe('choices after a refused save', () => {
  it('select what the form held: a listed record by name, an unlisted one by id, none when emptied', () => {
    expect(choicesWithValues({ partyId: party, officeId: office }, { partyId: 'p2', officeId: 'o9' })).toEqual({
      partyId: { ...party, selected: { id: 'p2', label: 'Citizens’ Reform Movement' } },
      officeId: { ...office, selected: { id: 'o9', label: 'o9' } },
    });
    expect(choicesWithValues({ partyId: party }, { partyId: '' }).partyId!.selected).toBeNull();
    expect(choicesWithValues({ partyId: party }, { partyId: 'p1' }).partyId).toBe(party);
  });
});
