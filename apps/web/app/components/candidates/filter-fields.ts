import type { TFunction } from 'i18next';
import { INDEPENDENT, type ElectionChoice, type PartyBadge } from '../../lib/directory/candidate-rows';
import type { FilterField } from './filter-form';

/** `?party=`: any party, each party, or independents. */
export function partyField(t: TFunction, parties: PartyBadge[], value: string): FilterField {
  return {
    name: 'party',
    label: t('candidates:filters.party'),
    value,
    options: [
      { value: '', label: t('candidates:filters.allParties') },
      ...parties.map((party) => ({ value: party.id, label: party.abbreviation !== party.name ? `${party.name} (${party.abbreviation})` : party.name })),
      { value: INDEPENDENT, label: t('candidates:list.independent') },
    ],
  };
}

/** `?election=`: the default (current) election first, under an empty value. */
export function electionField(t: TFunction, choice: Pick<ElectionChoice, 'elections' | 'defaultSlug' | 'value'>): FilterField {
  return {
    name: 'election',
    label: t('candidates:filters.election'),
    value: choice.value,
    options: choice.elections
      .map((election) => (election.slug === choice.defaultSlug ? { value: '', label: election.name } : { value: election.slug, label: election.name }))
      .sort((a, b) => (a.value === '' ? -1 : b.value === '' ? 1 : 0)),
  };
}
