import { Save } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import type { SaveProblem } from '../../lib/console/api-errors';
import type { EditableAttribute, FormValues } from '../../lib/console/form-values';
import type { RelationChoices } from '../../lib/console/relation-options';
import { buttonClass } from '../account/buttons';
import { ConsoleProblem } from './console-problem';
import { areaRoles, fieldHints } from './field-hints';
import { FormSyncProvider, useFormSync } from './form-sync';
import { fieldId, RecordField } from './record-field';
import { SourceField, useProblemMessage } from './source-field';
import { SOURCE_FIELD } from '../../lib/console/source-input';

interface RecordFormProps {
  fields: readonly EditableAttribute[];
  values: FormValues;
  choices: Record<string, RelationChoices>;
  problem: SaveProblem | null;
  slugFromTitle: boolean;
  derived: readonly string[];
  submitLabel: string;
  /** The source of the change (URL or note), kept after a refused save. */
  source: string;
  sourceRequired: boolean;
}

/** Fields that need a whole row: long text, lists and pictures. */
function isWide({ control }: EditableAttribute): boolean {
  return (control.kind === 'text' && control.multiline) || control.kind === 'list' || control.kind === 'file';
}

/**
 * A record's form, generated from its attributes. A plain multipart form post (so it works
 * without JavaScript, files included); the API judges the values and its message appears beside
 * the field it names, with everything the editor typed kept.
 */
export function RecordForm(props: RecordFormProps) {
  return (
    <FormSyncProvider choices={props.choices}>
      <RecordFormBody {...props} />
    </FormSyncProvider>
  );
}

function RecordFormBody({ fields, values, choices, problem, slugFromTitle, derived, submitLabel, source, sourceRequired }: RecordFormProps) {
  const { t } = useTranslation('console');
  const { uploading } = useFormSync();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formMethod?.toLowerCase() === 'post';
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const roles = areaRoles(
    fields.map((field) => field.attribute.key),
    derived,
  );
  const problemLabel = problem?.field ? t(`attributes.${problem.field}`, { defaultValue: problem.field }) : null;
  const problemMessage = useProblemMessage(problem);
  return (
    <Form method="post" encType="multipart/form-data" noValidate className="space-y-6">
      {problem ? (
        <ConsoleProblem heading={t('form.failed')} message={problemMessage} type={problem.type}>
          {problemLabel ? (
            <a
              href={`#${fieldId(problem.field!)}`}
              onClick={(event) => {
                // A fragment link scrolls to the input but leaves focus behind; take it there.
                const input = document.getElementById(fieldId(problem.field!));
                if (!input) return;
                event.preventDefault();
                input.focus();
              }}
              className="font-semibold underline underline-offset-4"
            >
              {t('form.goToField', { field: problemLabel })}
            </a>
          ) : null}
        </ConsoleProblem>
      ) : null}
      <div className="grid gap-5 md:grid-cols-2">
        {fields.map((field) => (
          <div key={field.attribute.key} className={isWide(field) ? 'md:col-span-2' : undefined}>
            <RecordField
              field={field}
              value={values[field.attribute.key] ?? ''}
              hints={fieldHints(field, { slugFromTitle, areaRole: roles[field.attribute.key] ?? null })}
              error={problem?.field === field.attribute.key ? problem.message : undefined}
              choices={choices[field.attribute.key]}
              enhanced={enhanced}
            />
          </div>
        ))}
      </div>
      <SourceField id={fieldId(SOURCE_FIELD)} required={sourceRequired} value={source} problem={problem} className="max-w-3xl" />
      <div className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-4 dark:border-slate-800">
        <button type="submit" name="intent" value="save" disabled={saving || uploading} className={buttonClass('primary')}>
          <Save aria-hidden="true" className="size-4" />
          {saving ? t('form.saving') : submitLabel}
        </button>
        {uploading ? <p className="text-sm text-slate-700 dark:text-slate-300">{t('form.waitForUpload')}</p> : null}
      </div>
    </Form>
  );
}
