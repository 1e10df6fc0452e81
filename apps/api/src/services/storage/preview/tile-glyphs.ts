/**
 * A tiny stroke font (A–Z, 0–9) for the file-type tile. Drawn as SVG paths so the label renders the
 * same on every host: librsvg's <text> depends on whatever fonts fontconfig finds, and servers often have none.
 * Each glyph is a list of polylines on a 4 × 6 grid, y pointing down.
 */
const GLYPHS: Record<string, string[]> = {
  A: ['0,6 0,2 2,0 4,2 4,6', '0,4 4,4'],
  B: ['0,3 0,0 3,0 4,1 4,2 3,3 0,3 0,6 3,6 4,5 4,4 3,3'],
  C: ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5'],
  D: ['0,0 0,6 2,6 4,4 4,2 2,0 0,0'],
  E: ['4,0 0,0 0,6 4,6', '0,3 3,3'],
  F: ['4,0 0,0 0,6', '0,3 3,3'],
  G: ['4,1 3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,3 2,3'],
  H: ['0,0 0,6', '4,0 4,6', '0,3 4,3'],
  I: ['1,0 3,0', '2,0 2,6', '1,6 3,6'],
  J: ['1,0 4,0', '3,0 3,5 2,6 1,6 0,5'],
  K: ['0,0 0,6', '4,0 0,4', '1,3 4,6'],
  L: ['0,0 0,6 4,6'],
  M: ['0,6 0,0 2,3 4,0 4,6'],
  N: ['0,6 0,0 4,6 4,0'],
  O: ['1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0'],
  P: ['0,6 0,0 3,0 4,1 4,2 3,3 0,3'],
  Q: ['1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0', '2.5,4.5 4,6'],
  R: ['0,6 0,0 3,0 4,1 4,2 3,3 0,3', '2,3 4,6'],
  S: ['4,1 3,0 1,0 0,1 0,2 1,3 3,3 4,4 4,5 3,6 1,6 0,5'],
  T: ['0,0 4,0', '2,0 2,6'],
  U: ['0,0 0,5 1,6 3,6 4,5 4,0'],
  V: ['0,0 2,6 4,0'],
  W: ['0,0 1,6 2,3 3,6 4,0'],
  X: ['0,0 4,6', '4,0 0,6'],
  Y: ['0,0 2,3 4,0', '2,3 2,6'],
  Z: ['0,0 4,0 0,6 4,6'],
  '0': ['1,0 3,0 4,1 4,5 3,6 1,6 0,5 0,1 1,0', '3.2,1.5 0.8,4.5'],
  '1': ['1,1 2,0 2,6', '1,6 3,6'],
  '2': ['0,1 1,0 3,0 4,1 4,2 0,6 4,6'],
  '3': ['0,1 1,0 3,0 4,1 4,2 3,3 4,4 4,5 3,6 1,6 0,5', '1,3 3,3'],
  '4': ['3,6 3,0 0,4 4,4'],
  '5': ['4,0 0,0 0,3 3,3 4,4 4,5 3,6 1,6 0,5'],
  '6': ['3,0 1,0 0,1 0,5 1,6 3,6 4,5 4,4 3,3 0,3'],
  '7': ['0,0 4,0 1,6'],
  '8': ['1,3 0,2 0,1 1,0 3,0 4,1 4,2 3,3 1,3 0,4 0,5 1,6 3,6 4,5 4,4 3,3'],
  '9': ['4,3 1,3 0,2 0,1 1,0 3,0 4,1 4,5 3,6 1,6'],
};

const GLYPH_WIDTH = 4;
export const GLYPH_HEIGHT = 6;
const GLYPH_GAP = 1.6;

/** Width in grid units of `text` set in this font. */
export function textWidth(text: string): number {
  return text.length === 0 ? 0 : text.length * GLYPH_WIDTH + (text.length - 1) * GLYPH_GAP;
}

/** SVG path data for `text` (unsupported characters are skipped), its top-left corner at (x, y), one grid unit = `unit`. Stroke it; do not fill. */
export function textPath(text: string, x: number, y: number, unit: number): string {
  const parts: string[] = [];
  [...text.toUpperCase()].forEach((char, index) => {
    const left = x + index * (GLYPH_WIDTH + GLYPH_GAP) * unit;
    for (const line of GLYPHS[char] ?? []) {
      const points = line.split(' ').map((point) => {
        const [gx, gy] = point.split(',').map(Number) as [number, number];
        return `${round(left + gx * unit)} ${round(y + gy * unit)}`;
      });
      parts.push(`M${points.join('L')}`);
    }
  });
  return parts.join('');
}

export function isGlyph(char: string): boolean {
  return char in GLYPHS;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
