import { Trash2 } from 'lucide-react';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link, useNavigation } from 'react-router';
import type { ConsoleCollectionId } from '../../lib/console/collections';
import { consolePaths } from '../../lib/console/paths';
import type { SaveProblem } from '../../lib/console/api-errors';
import { buttonClass } from '../account/buttons';
import { SourceField } from './source-field';

/** "Delete “…”?" and its buttons: on the confirmation page, and in the dialog that stands in for it with JavaScript. */
export function DeleteConfirmation({
  collection,
  documentId,
  title,
  headingId,
  headingLevel = 2,
  cancel,
  sourceRequired,
  source = '',
  problem,
}: {
  collection: ConsoleCollectionId;
  documentId: string;
  title: string;
  headingId: string;
  headingLevel?: 1 | 2;
  cancel: ReactNode;
  /** Why the record goes (kept in its history): required for candidates. */
  sourceRequired: boolean;
  source?: string;
  problem?: SaveProblem | undefined;
}) {
  const { t } = useTranslation('console');
  const navigation = useNavigation();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const deleting = navigation.state === 'submitting' && navigation.formAction === consolePaths.deleteRecord(collection, documentId);
  return (
    <Form method="post" action={consolePaths.deleteRecord(collection, documentId)} className="space-y-4">
      <Heading id={headingId} className="text-xl font-bold break-words">
        {t('delete.question', { title })}
      </Heading>
      <p className="text-slate-700 dark:text-slate-300">{t('delete.explain', { thing: t(`collections.${collection}.singular`) })}</p>
      <SourceField id={`${headingId}-source`} required={sourceRequired} value={source} problem={problem} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="delete" disabled={deleting} className={buttonClass('danger')}>
          <Trash2 aria-hidden="true" className="size-4" />
          {deleting ? t('delete.deleting') : t('delete.confirm')}
        </button>
        {cancel}
      </div>
    </Form>
  );
}

/**
 * The record form's delete button. It leads to a confirmation page (which works without
 * JavaScript); with JavaScript a modal dialog asks the same question in place.
 */
export function DeleteRecord({ collection, documentId, title, sourceRequired }: { collection: ConsoleCollectionId; documentId: string; title: string; sourceRequired: boolean }) {
  const { t } = useTranslation('console');
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <section aria-labelledby="delete-heading" className="mt-10 rounded-lg border border-red-300 p-4 dark:border-red-900">
      <h2 id="delete-heading" className="font-semibold">
        {t('delete.heading', { thing: t(`collections.${collection}.singular`) })}
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t('delete.explain', { thing: t(`collections.${collection}.singular`) })}</p>
      <Link
        to={consolePaths.deleteRecord(collection, documentId)}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
        className={buttonClass('danger', 'mt-3')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {t('delete.open')}
      </Link>
      <dialog
        ref={dialog}
        aria-labelledby="delete-dialog-heading"
        className="m-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <DeleteConfirmation
          collection={collection}
          documentId={documentId}
          title={title}
          headingId="delete-dialog-heading"
          sourceRequired={sourceRequired}
          cancel={
            <button type="button" autoFocus onClick={() => dialog.current?.close()} className={buttonClass('secondary')}>
              {t('delete.cancel')}
            </button>
          }
        />
      </dialog>
    </section>
  );
}
