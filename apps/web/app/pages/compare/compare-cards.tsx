import type { Attribute } from './attributes';
import { CandidateHeading } from './candidate-heading';
import type { ComparedCandidate } from './loader.server';

/**
 * Phones: one card per candidate, the attributes in the table's order, so nothing scrolls
 * sideways. Hidden from md up and in print, where the table takes over.
 */
export function CompareCards({ candidates, attributes }: { candidates: ComparedCandidate[]; attributes: Attribute[] }) {
  const ids = candidates.map((candidate) => candidate.id);
  return (
    <ol className="space-y-4 md:hidden print:hidden">
      {candidates.map((candidate) => (
        <li key={candidate.id} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <CandidateHeading candidate={candidate} remaining={ids.filter((id) => id !== candidate.id)} as="h2" />
          <dl className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
            {attributes.map((attribute) => (
              <div key={attribute.key} className="py-2">
                <dt className="font-semibold text-slate-700 dark:text-slate-300">{attribute.label}</dt>
                <dd className="mt-0.5 min-w-0">{attribute.render(candidate)}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
