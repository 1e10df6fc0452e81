import { useTranslation } from 'react-i18next';

/** The kind of a district or electoral area ("city", "ward"…), as a small label. */
export function KindBadge({ kind }: { kind: string }) {
  const { t } = useTranslation('areas');
  return (
    <span className="inline-flex shrink-0 items-center rounded-full border border-green-700/30 bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800 dark:border-green-400/30 dark:bg-green-950 dark:text-green-300">
      {t(`kind.${kind}`, { defaultValue: kind })}
    </span>
  );
}
