/** WCAG contrast for user-chosen colours (party colours), so text on them stays readable. */

const DARK_TEXT = '#0f172a'; // slate-900
const LIGHT_TEXT = '#ffffff';

export function parseHexColour(value: string | null | undefined): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  const hex = match[1]!.length === 3 ? [...match[1]!].map((digit) => digit + digit).join('') : match[1]!;
  return [0, 2, 4].map((start) => parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];
}

function relativeLuminance([red, green, blue]: [number, number, number]): number {
  const linear = (channel: number): number => {
    const value = channel / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

export function contrastRatio(first: string, second: string): number {
  const a = parseHexColour(first);
  const b = parseHexColour(second);
  if (!a || !b) return 1;
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** White or near-black, whichever reads better on `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
}

/** A valid `#rrggbb` colour, or null (colours come from editors and may be malformed). */
export function safeColour(value: string | null | undefined): string | null {
  const rgb = parseHexColour(value);
  return rgb ? `#${rgb.map((channel) => channel.toString(16).padStart(2, '0')).join('')}` : null;
}
