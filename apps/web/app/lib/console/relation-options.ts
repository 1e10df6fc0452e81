import type { ConsoleCollectionId } from './collections';
import type { AreaLevel } from './hierarchy';

/** One record a relation picker offers. */
export interface RelationOption {
  id: string;
  label: string;
  /** The wider areas it belongs to (an electoral area's district, sub-region, region). */
  parents: Partial<Record<AreaLevel, string>>;
}

/** What a relation field's picker needs: every record when there are few enough, else none (it then searches). */
export interface RelationChoices {
  target: ConsoleCollectionId;
  options: RelationOption[] | null;
  /** How the picker searches the API when it has no options: the title's full-text index, or a substring. */
  search: { titleKey: string; fulltext: boolean; parentKeys: AreaLevel[] };
  /** The record the field holds now, by name. */
  selected: { id: string; label: string } | null;
}

/** Record titles by collection and id, for showing relations by name. */
export type RelationNames = Partial<Record<ConsoleCollectionId, Record<string, string>>>;

/**
 * The choices with each field's selection set to what `values` hold: after a refused save the
 * form shows the records the editor picked (without JavaScript the page is drawn anew from them).
 */
export function choicesWithValues(choices: Record<string, RelationChoices>, values: Record<string, string>): Record<string, RelationChoices> {
  return Object.fromEntries(
    Object.entries(choices).map(([key, choice]) => {
      const id = values[key] ?? '';
      if (id === (choice.selected?.id ?? '')) return [key, choice];
      const label = choice.options?.find((option) => option.id === id)?.label ?? id;
      return [key, { ...choice, selected: id ? { id, label } : null }];
    }),
  );
}
