/**
 * The map's look, set once on the <svg> for every shape inside (a class per path would repeat for
 * each of a region's hundred districts). Shapes carry one short class: `n` neutral, `c` the
 * current place, `o` the parent's outline; result fills come from their party's pattern.
 * Strokes stay 1 px however small the map is drawn; transitions stop for reduced motion.
 */
export const MAP_SVG_CLASS = [
  'block h-auto w-full',
  '[&_path]:stroke-white dark:[&_path]:stroke-slate-950 [&_path]:[stroke-width:1] [&_path]:[stroke-linejoin:round] [&_path]:[vector-effect:non-scaling-stroke]',
  '[&_path]:transition-[fill,opacity] [&_path]:duration-150 motion-reduce:[&_path]:transition-none',
  '[&_.n]:fill-slate-200 dark:[&_.n]:fill-slate-800',
  '[&_.c]:fill-green-700 dark:[&_.c]:fill-green-500',
  '[&_.o]:fill-none [&_.o]:stroke-slate-900 dark:[&_.o]:stroke-slate-100 [&_.o]:[stroke-width:2.5] [&_.o]:pointer-events-none',
  '[&_a:hover_.n]:fill-green-200 dark:[&_a:hover_.n]:fill-green-900 [&_a:focus-visible_.n]:fill-green-200 dark:[&_a:focus-visible_.n]:fill-green-900',
  '[&_text]:pointer-events-none [&_text]:fill-slate-900 dark:[&_text]:fill-white [&_text]:stroke-white dark:[&_text]:stroke-slate-950 [&_text]:[stroke-width:4px] [&_text]:[paint-order:stroke] [&_text]:text-[20px] [&_text]:font-semibold [&_text]:[text-anchor:middle] [&_text]:[dominant-baseline:middle]',
  '[&_a:hover_path]:opacity-80 [&_a:focus-visible_path]:stroke-slate-900 dark:[&_a:focus-visible_path]:stroke-white [&_a:focus-visible_path]:[stroke-width:3]',
].join(' ');

/** A React `useId` value as an id other SVG attributes can reference (`url(#…)`). */
export const svgIdPrefix = (reactId: string): string => `map${reactId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
