import { Menu, X } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

/**
 * The phone header's menu: a <details> disclosure, so it opens and closes without JavaScript.
 * With it, Escape and a tap outside close the menu (focus back on its button), and following a
 * link inside closes it. The panel drops under the whole header (the nearest positioned box).
 */
export function PhoneMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation('header');
  const details = useRef<HTMLDetailsElement>(null);
  const summary = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();

  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [pathname, search]);

  useEffect(() => {
    if (!open) return;
    const closeFromOutside = (event: PointerEvent): void => {
      if (details.current && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener('pointerdown', closeFromOutside);
    return () => document.removeEventListener('pointerdown', closeFromOutside);
  }, [open]);

  return (
    <details
      ref={details}
      className="group"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return;
        event.preventDefault();
        details.current.open = false;
        summary.current?.focus();
      }}
    >
      <summary
        ref={summary}
        className="flex cursor-pointer list-none items-center gap-1.5 rounded-md border border-slate-300 p-2 min-[400px]:px-2.5 min-[400px]:py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
      >
        <Menu aria-hidden="true" className="size-4 group-open:hidden" />
        <X aria-hidden="true" className="hidden size-4 group-open:block" />
        {/* The narrowest phones need the room for the site's name. */}
        <span className="sr-only min-[400px]:not-sr-only">{t('menu')}</span>
      </summary>
      <div className="absolute inset-x-0 top-full z-40 border-b border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg dark:border-slate-800 dark:bg-slate-950">{children}</div>
    </details>
  );
}
