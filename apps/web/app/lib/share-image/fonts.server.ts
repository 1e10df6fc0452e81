import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans (npm `dejavu-fonts-ttf`, the Bitstream Vera licence: free to bundle and redistribute),
 * the same files the PDF export embeds: one TrueType file per weight covering Latin, Greek and
 * Cyrillic with every accent, so any name in the directory is drawn, not replaced by boxes.
 */
export const SHARE_FONT_FAMILY = 'DejaVu Sans';

let loaded: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;

export function shareFonts() {
  loaded ??= [
    { name: SHARE_FONT_FAMILY, data: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')), weight: 400, style: 'normal' },
    { name: SHARE_FONT_FAMILY, data: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')), weight: 700, style: 'normal' },
  ];
  return loaded;
}
