import { AlertTriangle } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/**
 * A failed request, in the API's own words (its `message`) with its error `type` for reference,
 * under a heading in the editor's language. It takes focus when it appears, so it is read out.
 */
export function ConsoleProblem({ heading, message, type, className, children }: { heading: string; message?: string; type?: string; className?: string; children?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [heading, message, type]);
  return (
    <div ref={ref} tabIndex={-1} role="alert" className={cn('flex gap-2 rounded-md border-2 border-red-700 bg-red-50 p-3 text-red-900 focus:outline-none dark:border-red-400 dark:bg-red-950/40 dark:text-red-100', className)}>
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 break-words">
        <p className="font-semibold">{heading}</p>
        {message ? <p>{message}</p> : null}
        {type ? <p className="mt-1 font-mono text-xs opacity-80">{type}</p> : null}
        {children ? <div className="mt-2">{children}</div> : null}
      </div>
    </div>
  );
}
