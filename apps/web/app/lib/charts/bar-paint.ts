import { contrastRatio, safeColour } from '../colour-contrast';

/** The figure's background in each colour mode (the Card's white and slate-900). */
export const CHART_BACKGROUND = { light: '#ffffff', dark: '#0f172a' } as const;

/** WCAG 1.4.11: a graphical object needs 3:1 against what surrounds it. */
export const GRAPHIC_CONTRAST = 3;

/** What a party bar is painted with; without a (valid) party colour, the neutral bar. */
export interface BarPaint {
  fill: string | null;
  /** The colour is too close to the background in that mode: the bar gets an outline that is not. */
  outlineLight: boolean;
  outlineDark: boolean;
}

export function barPaint(colour: string | null | undefined): BarPaint {
  const fill = safeColour(colour);
  if (!fill) return { fill: null, outlineLight: false, outlineDark: false };
  return {
    fill,
    outlineLight: contrastRatio(fill, CHART_BACKGROUND.light) < GRAPHIC_CONTRAST,
    outlineDark: contrastRatio(fill, CHART_BACKGROUND.dark) < GRAPHIC_CONTRAST,
  };
}
