import type { CandidateStatus } from '../../lib/directory/types';
import type { PartyBadge } from '../../lib/directory/candidate-rows';
import type { SearchParams, SearchType } from './params';

interface HitBase {
  id: string;
  name: string;
  href: string;
}

/** One search result, with what its line shows besides the name. */
export type SearchHit =
  | (HitBase & { type: 'candidates'; office: string; party: PartyBadge | null; photoFileId: string | null; place: string | null; election: string | null; status: CandidateStatus })
  | (HitBase & { type: 'parties'; abbreviation: string | null; colour: string | null })
  | (HitBase & { type: 'regions'; code: string | null })
  | (HitBase & { type: 'subregions'; region: string | null })
  | (HitBase & { type: 'districts'; kind: string; subregion: string | null; region: string | null })
  | (HitBase & { type: 'electoral_areas'; kind: string; district: string | null; region: string | null });

export interface SearchGroup {
  type: SearchType;
  /** Matches of this type (capped by the API at COUNT_CAP). */
  total: number;
  hits: SearchHit[];
}

export interface FilterOption {
  value: string;
  label: string;
}

export interface SearchData {
  params: SearchParams;
  /** The folded terms of `q`, for highlighting; empty means there is nothing to search for. */
  terms: string[];
  groups: SearchGroup[];
  filters: { regions: FilterOption[]; parties: FilterOption[]; offices: FilterOption[] };
  /** The API refused the search: this visitor's address has used up its searches for now (429). */
  limited?: boolean;
}
