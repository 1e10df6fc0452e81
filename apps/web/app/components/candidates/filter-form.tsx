import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';

export interface FilterField {
  name: string;
  label: string;
  value: string;
  /** An empty value is the default (any, or the current election). */
  options: { value: string; label: string }[];
}

/** Filters as a GET form: every filtered view has its own URL and works without JavaScript. */
export function FilterForm({ fields, legend }: { fields: FilterField[]; legend: string }) {
  const { t } = useTranslation('candidates');
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const id = useId();
  const active = fields.some((field) => field.value !== '');
  // With JavaScript, empty filters are left out of the URL; without it the plain GET still works.
  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) if (typeof value === 'string' && value !== '') params.set(name, value);
    const query = params.toString();
    void navigate(query ? `${pathname}?${query}` : pathname);
  };
  return (
    <form key={search} method="get" onSubmit={submit} className="mb-6 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:p-4 dark:border-slate-800 dark:bg-slate-900">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">{legend}</legend>
        <div className="flex flex-wrap items-end gap-3">
          {fields.map((field) => (
            <div key={field.name} className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
              <label htmlFor={`${id}-${field.name}`} className="text-sm text-slate-700 dark:text-slate-300">
                {field.label}
              </label>
              <select
                id={`${id}-${field.name}`}
                name={field.name}
                defaultValue={field.value}
                className="w-full min-w-0 rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
              >
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
          ))}
          <div className="flex items-center gap-3">
            <button type="submit" className="rounded-md bg-green-700 px-4 py-1.5 text-sm font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500">
              {t('filters.apply')}
            </button>
            {active ? (
              <Link to={pathname} className="text-sm text-slate-700 underline underline-offset-2 dark:text-slate-300">
                {t('filters.clear')}
              </Link>
            ) : null}
          </div>
        </div>
      </fieldset>
    </form>
  );
}
