import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { AREA_LEVELS, type AreaLevel } from '../../lib/console/hierarchy';
import type { RelationChoices, RelationOption } from '../../lib/console/relation-options';

export interface Picked {
  id: string;
  label: string;
}

interface FormSync {
  picked: (key: string) => Picked | null;
  /**
   * Picks a record. An area also sets the wider area fields to its own (an electoral area's
   * district and region), and empties the narrower ones that lie outside it.
   */
  pick: (key: string, option: RelationOption | Picked | null) => void;
  /** Files being uploaded: the form waits for them before it can be sent. */
  uploading: boolean;
  setUploading: (key: string, busy: boolean) => void;
}

const FormSyncContext = createContext<FormSync | null>(null);

/** What the fields of one record form share while the editor works (JavaScript only; the server derives the same on save). */
export function FormSyncProvider({ choices, children }: { choices: Record<string, RelationChoices>; children: ReactNode }) {
  const [picks, setPicks] = useState<Record<string, Picked | null>>(() => Object.fromEntries(Object.entries(choices).map(([key, choice]) => [key, choice.selected])));
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());

  const pick = useCallback(
    (key: string, option: RelationOption | Picked | null) => {
      setPicks((previous) => {
        const next = { ...previous, [key]: option ? { id: option.id, label: option.label } : null };
        const parents = option && 'parents' in option ? option.parents : {};
        for (const [level, id] of Object.entries(parents) as [AreaLevel, string][]) {
          if (!(level in choices) || !id) continue;
          const label = choices[level]?.options?.find((candidate) => candidate.id === id)?.label ?? (previous[level]?.id === id ? previous[level]?.label : undefined);
          next[level] = { id, label: label ?? id };
        }
        const depth = AREA_LEVELS.indexOf(key as AreaLevel);
        if (depth >= 0) {
          for (const narrower of AREA_LEVELS.slice(depth + 1)) {
            const current = next[narrower];
            const inside = current && choices[narrower]?.options?.find((candidate) => candidate.id === current.id)?.parents[key as AreaLevel];
            if (current && inside !== undefined && inside !== option?.id) next[narrower] = null;
          }
        }
        return next;
      });
    },
    [choices],
  );

  const setUploading = useCallback((key: string, uploading: boolean) => {
    setBusy((previous) => {
      const next = new Set(previous);
      if (uploading) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const value = useMemo<FormSync>(() => ({ picked: (key) => picks[key] ?? null, pick, uploading: busy.size > 0, setUploading }), [picks, pick, busy, setUploading]);
  return <FormSyncContext.Provider value={value}>{children}</FormSyncContext.Provider>;
}

export function useFormSync(): FormSync {
  const sync = useContext(FormSyncContext);
  if (!sync) throw new Error('useFormSync needs a FormSyncProvider');
  return sync;
}
