/** The Tailwind classes of each element the content pages' Markdown renders to. */
export const markdownElementClasses: Readonly<Record<string, string>> = {
  h1: 'mt-8 mb-3 text-2xl font-bold tracking-tight sm:text-3xl',
  h2: 'mt-8 mb-3 text-xl font-semibold',
  h3: 'mt-6 mb-2 text-lg font-semibold',
  h4: 'mt-6 mb-2 font-semibold',
  h5: 'mt-4 mb-2 font-semibold',
  h6: 'mt-4 mb-2 font-semibold',
  p: 'my-4 leading-7',
  ul: 'my-4 list-disc space-y-1 ps-6 leading-7',
  ol: 'my-4 list-decimal space-y-1 ps-6 leading-7',
  blockquote: 'my-4 border-s-4 border-green-600 bg-green-50 px-4 py-1 text-slate-800 dark:border-green-500 dark:bg-green-950/40 dark:text-slate-200',
  pre: 'my-4 overflow-x-auto rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-900',
  hr: 'my-6 border-slate-200 dark:border-slate-800',
  a: 'font-medium text-green-800 underline underline-offset-4 hover:text-green-950 dark:text-green-400 dark:hover:text-green-300',
};

/** Inline code; code inside a `pre` block takes the block's look instead. */
export const inlineCodeClass = 'rounded bg-slate-100 px-1 py-0.5 text-[0.9em] dark:bg-slate-800';
