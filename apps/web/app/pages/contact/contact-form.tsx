import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useNavigation } from 'react-router';
import { ErrorSummary, type SummaryItem } from './error-summary';
import { CONTACT_FIELDS, CONTACT_LIMITS, HONEYPOT_FIELD, type ContactField, type ContactResult, type FieldErrors } from './fields';
import { FormField } from './form-field';
import { numberFormat } from '../../lib/intl';

const fieldId = (field: ContactField) => `contact-${field}`;

/** Works as a plain POST without JavaScript; with it, the same action answers without a reload. */
export function ContactForm({ result }: { result: Exclude<ContactResult, { status: 'sent' }> | undefined }) {
  const { t, i18n } = useTranslation('contact');
  const navigation = useNavigation();
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) summary.current?.focus();
  }, [result]);

  const number = numberFormat(i18n.language);
  const limits = (field: ContactField) => ({ min: number.format(CONTACT_LIMITS[field].min), max: number.format(CONTACT_LIMITS[field].max) });
  const errors: FieldErrors = result?.status === 'invalid' ? result.errors : {};
  const errorText = (field: ContactField) => {
    const code = errors[field];
    return code ? t(`errors.${field}.${code}`, limits(field)) : undefined;
  };
  const items: SummaryItem[] = [
    ...(result?.status === 'failed' ? [{ message: t(`errors.${result.problem}`) }] : []),
    ...CONTACT_FIELDS.filter((field) => errors[field]).map((field) => ({ targetId: fieldId(field), message: errorText(field)! })),
  ];
  const values = result?.values;
  const sending = navigation.state === 'submitting';

  return (
    <Form method="post" noValidate className="relative max-w-2xl">
      {items.length ? <ErrorSummary ref={summary} items={items} /> : null}
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('allRequired')}</p>
      <div className="space-y-5">
        <FormField id={fieldId('name')} name="name" label={t('fields.name.label')} autoComplete="name" defaultValue={values?.name} error={errorText('name')} />
        <FormField id={fieldId('email')} name="email" type="email" label={t('fields.email.label')} hint={t('fields.email.hint')} autoComplete="email" defaultValue={values?.email} error={errorText('email')} />
        <FormField id={fieldId('subject')} name="subject" label={t('fields.subject.label')} hint={t('fields.subject.hint', limits('subject'))} defaultValue={values?.subject} error={errorText('subject')} />
        <FormField id={fieldId('message')} name="message" multiline label={t('fields.message.label')} hint={t('fields.message.hint', limits('message'))} defaultValue={values?.message} error={errorText('message')} />
      </div>
      {/* Off screen and out of the accessibility tree: only robots that fill every field find it. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
        <label htmlFor="contact-website">{t('honeypot')}</label>
        <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button
        type="submit"
        disabled={sending}
        className="mt-6 rounded-md bg-green-700 px-5 py-2.5 font-semibold text-white hover:bg-green-800 disabled:opacity-70 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500"
      >
        {sending ? t('sending') : t('submit')}
      </button>
    </Form>
  );
}
