import { useTranslation } from 'react-i18next';
import { Badge } from '../../profile/section';
import type { MessageStatus } from './types';

const tones = { new: 'warn', read: 'neutral', answered: 'good' } as const;

export function StatusBadge({ status }: { status: MessageStatus }) {
  const { t } = useTranslation('team');
  return <Badge tone={tones[status]}>{t(`messages.status.${status}`)}</Badge>;
}
