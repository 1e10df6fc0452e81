import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/account/buttons';
import { ConsoleLayout } from '../../../components/console/console-layout';
import { ConsoleProblem } from '../../../components/console/console-problem';
import { DeleteConfirmation } from '../../../components/console/delete-record';
import { useProblemMessage } from '../../../components/console/source-field';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs';
import type { SaveProblem } from '../../../lib/console/api-errors';
import { consolePaths } from '../../../lib/console/paths';
import type { DeleteData } from './loader.server';

export function DeletePage({ data, problem, source }: { data: DeleteData; problem: SaveProblem | undefined; source: string | undefined }) {
  const { t } = useTranslation('console');
  const problemMessage = useProblemMessage(problem);
  const { collection, documentId, title } = data;
  const plural = t(`collections.${collection}.plural`);
  return (
    <ConsoleLayout active={collection}>
      <Breadcrumbs
        items={[
          { label: t('nav.dashboard'), to: consolePaths.dashboard },
          { label: plural, to: consolePaths.collection(collection) },
          { label: title, to: consolePaths.record(collection, documentId) },
          { label: t('delete.confirm') },
        ]}
      />
      <div className="max-w-xl space-y-4">
        {problem ? <ConsoleProblem heading={t('delete.failed')} message={problemMessage} type={problem.type} /> : null}
        <DeleteConfirmation
          collection={collection}
          documentId={documentId}
          title={title}
          headingId="delete-page-heading"
          sourceRequired={data.sourceRequired}
          source={source}
          problem={problem}
          headingLevel={1}
          cancel={
            <Link to={consolePaths.record(collection, documentId)} className={buttonClass('secondary')}>
              {t('delete.cancel')}
            </Link>
          }
        />
      </div>
    </ConsoleLayout>
  );
}
