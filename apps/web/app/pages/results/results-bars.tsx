import { Trophy } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCandidateFormat } from '../../components/candidates/use-candidate-format';
import { cn } from '../../lib/cn';
import { safeColour } from '../../lib/colour-contrast';
import type { Standing } from '../../lib/results/race';
import type { RaceCandidate } from './types';

const MOVE_MS = 450;

/**
 * Rows that change place slide there (FLIP: each row starts where it was and moves to where it
 * is now), unless the visitor asked for reduced motion.
 */
function useReorderAnimation(order: string) {
  const list = useRef<HTMLOListElement>(null);
  const tops = useRef(new Map<string, number>());
  useLayoutEffect(() => {
    const rows = [...(list.current?.querySelectorAll<HTMLElement>('li[data-candidate]') ?? [])];
    const still = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    for (const row of rows) {
      const id = row.dataset['candidate'] ?? '';
      const top = row.getBoundingClientRect().top;
      const before = tops.current.get(id);
      if (before !== undefined && before !== top && !still && typeof row.animate === 'function') {
        row.animate([{ transform: `translateY(${before - top}px)` }, { transform: 'none' }], { duration: MOVE_MS, easing: 'ease-out' });
      }
      tops.current.set(id, top);
    }
  }, [order]);
  return list;
}

/** Each candidate as a bar of their share in their party's colour, with the figures in words beside it. */
export function ResultsBars({ ranked, concluded, caption }: { ranked: Standing<RaceCandidate>[]; concluded: boolean; caption: string }) {
  const { t } = useTranslation('results');
  const format = useCandidateFormat();
  const list = useReorderAnimation(ranked.map((standing) => standing.candidate.id).join(' '));
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900 print:border-slate-400 print:shadow-none">
      <figcaption className="mb-4 text-lg font-semibold">{caption}</figcaption>
      {ranked.length === 0 ? <p className="text-slate-600 dark:text-slate-400">{t('noCandidates')}</p> : null}
      <ol ref={list} className="space-y-4" data-testid="results-list">
        {ranked.map(({ candidate, percent, winner, tiedForSeat }, index) => {
          const colour = safeColour(candidate.party?.colour);
          return (
            <li key={candidate.id} data-candidate={candidate.id} data-winner={winner ? 'true' : undefined} className="relative break-inside-avoid">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <p className="min-w-0">
                  <span className="sr-only">{t('rank', { rank: index + 1 })} </span>
                  <Link to={candidate.href} className="font-semibold text-slate-900 underline-offset-2 hover:underline dark:text-slate-100">
                    {candidate.name}
                  </Link>
                  <span className="text-slate-600 dark:text-slate-400"> · {candidate.party?.name ?? t('independent')}</span>
                  {winner ? (
                    <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 align-middle text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-200" data-testid="winner-mark">
                      <Trophy aria-hidden="true" className="size-3.5" />
                      {concluded ? t('winner') : t('leading')}
                    </span>
                  ) : null}
                  {tiedForSeat ? <span className="ml-2 text-xs font-semibold text-amber-800 dark:text-amber-300">{t('tied')}</span> : null}
                  {candidate.status === 'withdrawn' || candidate.status === 'disqualified' ? (
                    <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">{t(`status.${candidate.status}`)}</span>
                  ) : null}
                </p>
                <p className="shrink-0 tabular-nums" data-testid="figures">
                  {candidate.votes === null ? (
                    <span className="text-slate-600 dark:text-slate-400">{t('notCounted')}</span>
                  ) : (
                    <>
                      <span className="font-semibold">{format.percent(percent ?? 0)}</span>{' '}
                      <span className="text-slate-700 dark:text-slate-300">{t('votes', { count: candidate.votes, votes: format.number(candidate.votes) })}</span>
                    </>
                  )}
                </p>
              </div>
              <div aria-hidden="true" className="mt-1.5 h-4 overflow-hidden rounded bg-slate-100 ring-1 ring-slate-900/10 dark:bg-slate-800 dark:ring-white/10 print:bg-white">
                <div
                  className={cn(
                    // The inset ring outlines a bar whose party colour is close to the track's (dark colours in dark mode).
                    'h-full rounded-r ring-1 ring-inset ring-slate-900/25 transition-[width] duration-500 ease-out motion-reduce:transition-none dark:ring-white/50 print:[print-color-adjust:exact]',
                    !colour && 'bg-slate-500 dark:bg-slate-400',
                  )}
                  style={{ width: `${Math.min(100, Math.max(0, percent ?? 0))}%`, ...(colour ? { backgroundColor: colour } : {}) }}
                  data-testid="bar"
                />
              </div>
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
