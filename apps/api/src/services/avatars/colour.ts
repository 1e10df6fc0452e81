const WHITE = '#FFFFFF';
const INK = '#1F2937';

function channel(value: number): number {
  const scaled = value / 255;
  return scaled <= 0.04045 ? scaled / 12.92 : ((scaled + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const value = parseInt(hex.slice(1), 16);
  return 0.2126 * channel((value >> 16) & 0xff) + 0.7152 * channel((value >> 8) & 0xff) + 0.0722 * channel(value & 0xff);
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * White when it reaches WCAG's 3:1 for large text and marks on `background` (`#rrggbb`), else a
 * near-black, so brand colours keep the white marks people know them by wherever they can.
 */
export function readableInk(background: string): string {
  return contrast(WHITE, background) >= 3 ? WHITE : INK;
}

/** `#rrggbb` from Appwrite's hex param (3 or 6 digits, no `#`). */
export function hexColour(value: string): string {
  const digits = value.length === 3 ? [...value].map((digit) => digit + digit).join('') : value;
  return `#${digits.toUpperCase()}`;
}

/** Escapes text for an SVG text node or attribute. */
export function xmlText(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
