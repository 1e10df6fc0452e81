import { Check, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's canonical address, selectable and copyable. */
export function ShareLink({ url }: { url: string }) {
  const { t } = useTranslation('candidates');
  const id = useId();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm text-slate-700 dark:text-slate-300">
        {t('share.label')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 flex-1 basis-48 rounded-md border border-slate-300 bg-white px-2 py-1.5 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
        />
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex items-center gap-1.5 rounded-md bg-green-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-800 dark:bg-green-600 dark:text-slate-950 dark:hover:bg-green-500"
        >
          {state === 'copied' ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {t('share.copy')}
        </button>
      </div>
      <p role="status" className="mt-1 min-h-5 text-sm text-slate-600 dark:text-slate-400">
        {state === 'copied' ? t('share.copied') : state === 'failed' ? t('share.failed') : ''}
      </p>
    </div>
  );
}
