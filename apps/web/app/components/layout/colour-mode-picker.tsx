import { Monitor, Moon, Sun } from 'lucide-react';
import { startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyColourMode, COLOUR_MODE_EVENT, COLOUR_MODES, rememberColourMode, storedColourMode, type ColourMode } from '../../lib/colour-mode';

const icons = { light: Sun, dark: Moon, system: Monitor } as const;

/** Light / dark / system; follows the OS live while in system mode. */
export function ColourModePicker() {
  const { t } = useTranslation('common');
  const [mode, setMode] = useState<ColourMode | null>(null);

  useEffect(() => {
    // Not urgent (the page's colours were applied before the first paint): rendered in slices.
    startTransition(() => setMode(storedColourMode()));
    const follow = (): void => setMode(storedColourMode());
    window.addEventListener(COLOUR_MODE_EVENT, follow);
    return () => window.removeEventListener(COLOUR_MODE_EVENT, follow);
  }, []);

  useEffect(() => {
    if (mode === null) return;
    applyColourMode(mode);
    if (mode !== 'system') return;
    const query = matchMedia('(prefers-color-scheme: dark)');
    const follow = (): void => applyColourMode('system');
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, [mode]);

  // Announced, so the header's other picker (wide screens or phone menu) follows.
  const choose = (next: ColourMode): void => {
    rememberColourMode(next);
    setMode(next);
  };

  return (
    <fieldset className="flex items-center rounded-md border border-slate-300 p-0.5 dark:border-slate-600">
      <legend className="sr-only">{t('colourMode.label')}</legend>
      {COLOUR_MODES.map((option) => {
        const Icon = icons[option];
        const selected = mode === option;
        return (
          <button
            key={option}
            type="button"
            aria-pressed={selected}
            title={t(`colourMode.${option}`)}
            onClick={() => choose(option)}
            className={`rounded p-1.5 ${selected ? 'bg-green-700 text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            <Icon aria-hidden="true" className="size-4" />
            <span className="sr-only">{t(`colourMode.${option}`)}</span>
          </button>
        );
      })}
    </fieldset>
  );
}
