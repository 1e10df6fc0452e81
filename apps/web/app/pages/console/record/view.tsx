import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../../../components/account/alerts';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { DeleteRecord } from '../../../components/console/delete-record';
import { HistorySection } from '../../../components/console/history-section';
import { RecordForm } from '../../../components/console/record-form';
import { PageHeader } from '../../../components/ui/page-header';
import type { SaveProblem } from '../../../lib/console/api-errors';
import type { FormValues } from '../../../lib/console/form-values';
import { consolePaths } from '../../../lib/console/paths';
import { choicesWithValues } from '../../../lib/console/relation-options';
import type { RevertProblem } from '../history/types';
import type { RecordData } from './loader.server';

/** What the record page's action answers: a refused save (with what was typed), or a refused revert. */
export type RecordActionData = { problem: SaveProblem; values: FormValues; source: string } | { revert: RevertProblem };

export function RecordPage({ data, action: result }: { data: RecordData; action: RecordActionData | undefined }) {
  const { t } = useTranslation('console');
  const action = result && 'problem' in result ? result : undefined;
  const revertProblem = result && 'revert' in result ? result.revert : undefined;
  const { collection, documentId } = data;
  const plural = t(`collections.${collection}.plural`);
  const heading = data.title ?? t(`collections.${collection}.new`);
  return (
    <ConsoleLayout active={collection}>
      <PageHeader
        title={heading}
        crumbs={[{ label: t('nav.dashboard'), to: consolePaths.dashboard }, { label: plural, to: consolePaths.collection(collection) }, { label: heading }]}
        actions={
          data.publicPath ? (
            <Link to={data.publicPath} className="inline-flex items-center gap-1.5 font-semibold text-green-800 underline underline-offset-4 dark:text-green-400">
              <ExternalLink aria-hidden="true" className="size-4" />
              {t('record.viewPublic')}
            </Link>
          ) : null
        }
      />
      {data.saved && !action ? (
        <Notice className="mb-6" title={t(data.saved === 'created' ? 'notices.created' : 'notices.saved', { title: heading })}>
          {data.publicPath ? (
            <p>
              <Link to={data.publicPath} className="font-semibold underline underline-offset-4">
                {t('notices.seePublic')}
              </Link>
            </p>
          ) : null}
        </Notice>
      ) : null}
      {data.derived.some((area) => area.name) ? (
        <p className="mb-6 text-sm text-slate-700 dark:text-slate-300">
          {data.derived
            .filter((area) => area.name)
            .map((area) => `${t(`attributes.${area.key}`)}: ${area.name}`)
            .join(' · ')}{' '}
          <span className="text-slate-600 dark:text-slate-400">{t('record.derivedNote')}</span>
        </p>
      ) : null}
      <RecordForm
        key={`${documentId ?? 'new'} ${data.updatedAt ?? ''}`}
        fields={data.fields}
        values={action?.values ?? data.values}
        choices={action ? choicesWithValues(data.choices, action.values) : data.choices}
        problem={action?.problem ?? null}
        slugFromTitle={data.slugFromTitle}
        derived={data.derived.map((area) => area.key)}
        submitLabel={documentId ? t('form.save') : t('form.create')}
        source={action?.source ?? ''}
        sourceRequired={data.sourceRequired}
      />
      {documentId && data.history ? <HistorySection collection={collection} documentId={documentId} history={data.history} reverted={data.reverted} problem={revertProblem} /> : null}
      {documentId && data.title !== null ? <DeleteRecord collection={collection} documentId={documentId} title={data.title} sourceRequired={data.sourceRequired} /> : null}
    </ConsoleLayout>
  );
}
