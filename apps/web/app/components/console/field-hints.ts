import type { EditableAttribute } from '../../lib/console/form-values';
import { AREA_LEVELS } from '../../lib/console/hierarchy';

/** A hint's key in the `console` catalogue and its values. */
export interface HintText {
  key: string;
  values?: Record<string, string | number>;
}

/** What the schema says about an attribute, for the hint under its input (the API enforces the same). */
export function fieldHints({ attribute, control }: EditableAttribute, options: { slugFromTitle: boolean; areaRole: AreaRole }): HintText[] {
  const hints: HintText[] = [];
  if (attribute.key === 'slug' && options.slugFromTitle) hints.push({ key: 'hints.slugFromTitle' });
  switch (control.kind) {
    case 'text':
      hints.push({ key: 'hints.maxLength', values: { max: control.maxLength } });
      break;
    case 'number':
      if (control.min !== undefined && control.max !== undefined) hints.push({ key: control.integer ? 'hints.wholeRange' : 'hints.range', values: { min: control.min, max: control.max } });
      break;
    case 'url':
      hints.push({ key: 'hints.url' });
      break;
    case 'colour':
      hints.push({ key: 'hints.colour' });
      break;
    case 'datetime':
      hints.push({ key: 'hints.datetime' });
      break;
    case 'list':
      hints.push({ key: control.item === 'url' ? 'hints.urlList' : 'hints.textList' });
      break;
    case 'file':
      hints.push({ key: 'hints.file' });
      break;
    default:
      break;
  }
  if (options.areaRole === 'narrowest') hints.push({ key: 'hints.narrowestArea' });
  if (options.areaRole === 'wider') hints.push({ key: 'hints.widerArea' });
  return hints;
}

/** An area field's part in keeping the hierarchy consistent (see lib/console/hierarchy.ts). */
export type AreaRole = 'narrowest' | 'wider' | null;

/** Each area field's role: the narrowest one decides the wider ones (and the derived ids) when it is set. */
export function areaRoles(formKeys: readonly string[], derived: readonly string[]): Record<string, AreaRole> {
  const areas = AREA_LEVELS.filter((level) => formKeys.includes(level));
  const roles: Record<string, AreaRole> = {};
  if (areas.length + derived.length < 2) return roles;
  areas.forEach((level, index) => (roles[level] = index === areas.length - 1 ? 'narrowest' : 'wider'));
  return roles;
}
