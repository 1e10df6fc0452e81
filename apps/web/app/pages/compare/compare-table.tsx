import { useTranslation } from 'react-i18next';
import type { Attribute } from './attributes';
import { CandidateHeading } from './candidate-heading';
import type { ComparedCandidate } from './loader.server';

/**
 * Wider screens and print: one column per candidate (headers scope=col), one row per attribute
 * (headers scope=row). Columns share the width equally, so long bios wrap rather than scroll.
 */
export function CompareTable({ candidates, attributes }: { candidates: ComparedCandidate[]; attributes: Attribute[] }) {
  const { t } = useTranslation('compare');
  const ids = candidates.map((candidate) => candidate.id);
  return (
    <table className="hidden w-full table-fixed border-collapse text-left align-top text-sm md:table print:table print:text-[10px] print:leading-snug">
      <caption className="sr-only">{t('caption', { count: candidates.length })}</caption>
      <colgroup>
        <col className="w-40 print:w-28" />
        {candidates.map((candidate) => (
          <col key={candidate.id} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <td className="border-b border-slate-200 dark:border-slate-800" />
          {candidates.map((candidate) => (
            <th key={candidate.id} scope="col" className="border-b border-slate-200 p-3 align-top font-normal dark:border-slate-800 print:px-2 print:py-1">
              <CandidateHeading candidate={candidate} remaining={ids.filter((id) => id !== candidate.id)} as="span" />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {attributes.map((attribute) => (
          <tr key={attribute.key} className="break-inside-avoid border-b border-slate-200 even:bg-slate-50 dark:border-slate-800 dark:even:bg-slate-900/60 print:even:bg-transparent">
            <th scope="row" className="p-3 align-top font-semibold text-slate-700 dark:text-slate-300 print:px-2 print:py-1">
              {attribute.label}
            </th>
            {candidates.map((candidate) => (
              <td key={candidate.id} className="p-3 align-top print:px-2 print:py-1">
                {attribute.render(candidate)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
