import { useTranslation } from 'react-i18next';
import { relationTarget, type FieldControl } from '../../lib/console/attributes';
import { UPDATED_COLUMN } from '../../lib/console/collections';
import type { RelationNames } from '../../lib/console/relation-options';
import { safeColour } from '../../lib/colour-contrast';
import { previewUrl } from '../../lib/media';
import { useMediaProject } from '../media/use-media-project';
import { useConsoleFormat } from './use-console-format';

export interface TableColumn {
  key: string;
  /** The attribute's control (null for `$updatedAt`). */
  control: FieldControl | null;
  sortable: boolean;
  /** For an area column: the wider areas shown, named, when it is empty (see widerAreas). */
  widerAreas: readonly string[];
}

const THUMBNAIL = 32;

/** One value of a records table, written for people: relations by name, pictures as thumbnails, enums in words. */
export function RecordCell({ column, row, names }: { column: TableColumn; row: Record<string, unknown>; names: RelationNames }) {
  const { t } = useTranslation('console');
  const format = useConsoleFormat();
  const projectId = useMediaProject();
  const value = row[column.key];
  if (value === null || value === undefined || value === '') {
    const wider = column.widerAreas.find((key) => typeof row[key] === 'string' && row[key] !== '');
    const target = wider ? relationTarget(wider) : null;
    if (wider && target) {
      return (
        <>
          {names[target]?.[String(row[wider])] ?? String(row[wider])} <span className="text-slate-600 dark:text-slate-400">({t(`attributes.${wider}`)})</span>
        </>
      );
    }
    return <span className="text-slate-600 dark:text-slate-400">—</span>;
  }
  if (column.key === UPDATED_COLUMN && typeof value === 'string') return <>{format.dateTime(value)}</>;
  const control = column.control;
  switch (control?.kind) {
    case 'relation':
      return <>{names[control.target]?.[String(value)] ?? String(value)}</>;
    case 'file':
      return (
        <img
          src={previewUrl(projectId, String(value), { width: THUMBNAIL * 2, output: 'webp' })}
          width={THUMBNAIL}
          height={THUMBNAIL}
          alt=""
          loading="lazy"
          className="size-8 rounded bg-slate-100 object-contain ring-1 ring-slate-900/10 dark:bg-slate-800 dark:ring-white/20"
        />
      );
    case 'choice':
      return <>{format.choice(String(value))}</>;
    case 'number':
      return <>{typeof value === 'number' ? format.number(value) : String(value)}</>;
    case 'date':
      return <>{format.date(String(value))}</>;
    case 'datetime':
      return <>{format.dateTime(String(value))}</>;
    case 'colour': {
      const colour = safeColour(String(value));
      return (
        <span className="inline-flex items-center gap-1.5">
          {colour ? <span aria-hidden="true" className="inline-block size-3.5 rounded-sm ring-1 ring-slate-900/20 dark:ring-white/30" style={{ backgroundColor: colour }} /> : null}
          <span className="font-mono text-xs">{String(value)}</span>
        </span>
      );
    }
    case 'list':
      return <>{Array.isArray(value) ? value.join(', ') : String(value)}</>;
    default:
      return <span className="line-clamp-2 break-words">{String(value)}</span>;
  }
}
