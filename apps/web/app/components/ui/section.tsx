import type { ReactNode } from 'react';

export function Section({ title, children, id }: { title: string; children: ReactNode; id?: string }) {
  const headingId = id ?? `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className="mb-8">
      <h2 id={headingId} className="mb-3 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
