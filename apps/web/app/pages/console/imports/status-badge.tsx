import type { ImportStatus } from '@ballot-atlas/shared/imports/import-job';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../profile/section';

const tones = { checking: 'neutral', checked: 'warn', importing: 'neutral', completed: 'good', failed: 'warn' } as const;

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const { t } = useTranslation('console');
  return <Badge tone={tones[status]}>{t(`imports.status.${status}`)}</Badge>;
}
