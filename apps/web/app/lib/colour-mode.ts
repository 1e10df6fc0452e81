/** light / dark / system, kept in localStorage and applied to <html> before first paint. */
export type ColourMode = 'light' | 'dark' | 'system';
export const COLOUR_MODE_KEY = 'color-mode';
export const COLOUR_MODES: readonly ColourMode[] = ['light', 'dark', 'system'];

/** Runs inline in <head>: no flash of the wrong mode, and no React involved. */
export const colourModeScript = `(function(){try{var d=document.documentElement,f=d.getAttribute('data-forced-mode'),s=localStorage.getItem('${COLOUR_MODE_KEY}'),m=f||(s==='light'||s==='dark'||s==='system'?s:'system'),k=m==='dark'||(m==='system'&&matchMedia('(prefers-color-scheme: dark)').matches);d.classList.toggle('dark',k);d.style.colorScheme=k?'dark':'light';d.setAttribute('data-color-mode',m)}catch(e){}})()`;

export function applyColourMode(mode: ColourMode): void {
  const root = document.documentElement;
  const forced = root.getAttribute('data-forced-mode') as ColourMode | null;
  const effective = forced ?? mode;
  const dark = effective === 'dark' || (effective === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.setAttribute('data-color-mode', effective);
}

export function storedColourMode(): ColourMode {
  const stored = localStorage.getItem(COLOUR_MODE_KEY);
  return stored === 'light' || stored === 'dark' || stored === 'system' ? stored : 'system';
}

/** Fired on window when the colour mode is chosen outside the header's picker, so the picker follows. */
export const COLOUR_MODE_EVENT = 'colour-mode-change';

/** Stores and applies a mode chosen elsewhere (the profile's preferences). */
export function rememberColourMode(mode: ColourMode): void {
  localStorage.setItem(COLOUR_MODE_KEY, mode);
  applyColourMode(mode);
  window.dispatchEvent(new Event(COLOUR_MODE_EVENT));
}
