import { useTranslation } from 'react-i18next';
import { Form } from 'react-router';
import { MY_BALLOT_PATH } from './paths';

/** "Change place": forgets the remembered place (a POST, so it works without JavaScript). */
export function ChangePlaceForm() {
  const { t } = useTranslation('my-ballot');
  return (
    <Form method="post" action={MY_BALLOT_PATH} className="print:hidden">
      <input type="hidden" name="intent" value="forget" />
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-green-800 hover:border-green-600 dark:border-slate-600 dark:text-green-400">
        {t('finder.changePlace')}
      </button>
    </Form>
  );
}
