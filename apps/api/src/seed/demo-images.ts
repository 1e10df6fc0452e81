import sharp from 'sharp';

/**
 * Pictures for the demo data: abstract portraits for candidates and emblems for parties, drawn as
 * SVG from a hash of the id so every run gives the same pictures. They are plainly not photos of
 * anybody: the people are fictional.
 */

function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash;
}

/** A deterministic sequence of choices from one id. */
function chooser(id: string): <T>(options: readonly T[]) => T {
  let state = hashOf(id) || 1;
  return (options) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return options[state % options.length]!;
  };
}

const SKIN = ['#8d5524', '#a0663a', '#c68642', '#6b3e26', '#e0ac69', '#f1c27d', '#4a2c1a', '#b97a56'];
const HAIR = ['#1c1c1c', '#2e1f14', '#3b2a1e', '#55402e', '#8a8a8a', '#d9d9d9'];
const CLOTHES = ['#15803d', '#1d4ed8', '#b91c1c', '#7c3aed', '#0f766e', '#c2410c', '#334155', '#a16207', '#be185d'];
const BACKDROP = [['#dcfce7', '#bbf7d0'], ['#e0f2fe', '#bae6fd'], ['#fef3c7', '#fde68a'], ['#f3e8ff', '#e9d5ff'], ['#fee2e2', '#fecaca'], ['#e2e8f0', '#cbd5e1']];

export const PORTRAIT_WIDTH = 360;
export const PORTRAIT_HEIGHT = 450;

function portraitSvg(id: string): string {
  const pick = chooser(id);
  const [light, dark] = pick(BACKDROP);
  const skin = pick(SKIN);
  const hair = pick(HAIR);
  const cloth = pick(CLOTHES);
  const style = pick(['short', 'long', 'bun', 'bald', 'wrap', 'short'] as const);
  const headWidth = pick([88, 94, 100]);
  const hairShape = {
    short: `<path d="M${240 - headWidth} 230 Q240 80 ${240 + headWidth} 230 Q${240 + headWidth} 170 240 150 Q${240 - headWidth} 170 ${240 - headWidth} 230Z" fill="${hair}"/>`,
    long: `<path d="M${232 - headWidth} 420 Q${220 - headWidth} 120 240 120 Q${260 + headWidth} 120 ${248 + headWidth} 420 L${218 + headWidth} 420 Q${230 + headWidth} 220 240 200 Q${250 - headWidth} 220 ${262 - headWidth} 420Z" fill="${hair}"/>`,
    bun: `<circle cx="240" cy="118" r="46" fill="${hair}"/><path d="M${240 - headWidth} 235 Q240 110 ${240 + headWidth} 235 Q240 175 ${240 - headWidth} 235Z" fill="${hair}"/>`,
    bald: '',
    wrap: `<path d="M${228 - headWidth} 240 Q240 60 ${252 + headWidth} 240 Q240 190 ${228 - headWidth} 240Z" fill="${cloth}"/><circle cx="${250 + headWidth * 0.6}" cy="150" r="26" fill="${cloth}"/>`,
  }[style];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_WIDTH}" height="${PORTRAIT_HEIGHT}" viewBox="0 0 480 600">
  <defs><linearGradient id="b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="480" height="600" fill="url(#b)"/>
  <path d="M40 600 Q60 430 240 410 Q420 430 440 600Z" fill="${cloth}"/>
  <path d="M205 360 L275 360 L268 430 Q240 450 212 430Z" fill="${skin}"/>
  ${style === 'long' ? hairShape : ''}
  <ellipse cx="240" cy="260" rx="${headWidth}" ry="${headWidth * 1.22}" fill="${skin}"/>
  ${style === 'long' ? '' : hairShape}
  <ellipse cx="${240 - headWidth * 0.36}" cy="262" rx="9" ry="11" fill="#1f2937"/>
  <ellipse cx="${240 + headWidth * 0.36}" cy="262" rx="9" ry="11" fill="#1f2937"/>
  <path d="M${240 - headWidth * 0.3} 322 Q240 ${340 + (hashOf(id) % 12)} ${240 + headWidth * 0.3} 322" stroke="#3f1d0b" stroke-width="7" fill="none" stroke-linecap="round"/>
</svg>`;
}

/** A portrait as WebP (a few KB). */
export function demoPortrait(candidateId: string): Promise<Buffer> {
  return sharp(Buffer.from(portraitSvg(candidateId))).webp({ quality: 82 }).toBuffer();
}

function readableOn(hex: string): string {
  const value = parseInt(hex.replace('#', ''), 16);
  const [r, g, b] = [(value >> 16) & 255, (value >> 8) & 255, value & 255];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150 ? '#0f172a' : '#ffffff';
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A party emblem: a disc in the party colour with a symbol and the abbreviation, as PNG. */
export function demoPartyLogo(partyId: string, abbreviation: string, colour: string): Promise<Buffer> {
  const pick = chooser(partyId);
  const ink = readableOn(colour);
  const symbol = pick([
    `<path d="M256 96 L290 200 L400 200 L312 264 L346 370 L256 306 L166 370 L200 264 L112 200 L222 200Z" fill="${ink}" opacity="0.9"/>`,
    `<circle cx="256" cy="230" r="96" fill="none" stroke="${ink}" stroke-width="26"/><circle cx="256" cy="230" r="36" fill="${ink}"/>`,
    `<path d="M256 110 C330 170 330 290 256 350 C182 290 182 170 256 110Z" fill="${ink}"/><rect x="246" y="300" width="20" height="80" fill="${ink}"/>`,
    `<path d="M150 330 L256 120 L362 330Z" fill="none" stroke="${ink}" stroke-width="24" stroke-linejoin="round"/>`,
    `<rect x="160" y="140" width="192" height="192" rx="28" fill="none" stroke="${ink}" stroke-width="24"/><path d="M200 240 L245 285 L315 195" fill="none" stroke="${ink}" stroke-width="24" stroke-linecap="round" stroke-linejoin="round"/>`,
  ]);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <circle cx="256" cy="256" r="248" fill="${colour}"/>
  <circle cx="256" cy="256" r="226" fill="none" stroke="${ink}" stroke-width="6" opacity="0.6"/>
  ${symbol}
  <text x="256" y="445" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-weight="bold" font-size="${abbreviation.length > 4 ? 56 : 72}" fill="${ink}">${escapeXml(abbreviation)}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}
