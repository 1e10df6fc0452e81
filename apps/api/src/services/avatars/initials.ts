import { readableInk, xmlText } from './colour.ts';
import type { Size } from './render.ts';

/** Appwrite's five initials backgrounds, picked by the initials so a name always gets the same one. */
export const INITIALS_THEMES = ['#FD366E', '#FE9567', '#7C67FE', '#68A3FE', '#85DBD8'] as const;

/**
 * Up to two initials, upper-case: the first letter or digit of the first two words (split on
 * spaces, or on underscores when there is no space). Unlike Appwrite's ASCII-only rule, accented
 * and non-Latin letters count, so "Élodie Ngũgĩ" gives "ÉN".
 */
export function initialsOf(name: string): string {
  const upper = name.trim().toUpperCase();
  const words = upper.split(/\s+/).length > 1 ? upper.split(/\s+/) : upper.split('_');
  const letters = words.map((word) => [...word][0] ?? '').filter((first) => /^[\p{L}\p{N}]$/u.test(first));
  return letters.slice(0, 2).join('');
}

/** Appwrite's choice: the last digit of the sum of the initials' code points, wrapped onto the five themes. */
export function themeFor(initials: string): string {
  const sum = [...initials].reduce((total, character) => total + character.codePointAt(0)!, 0);
  return INITIALS_THEMES[(sum % 10) % INITIALS_THEMES.length]!;
}

/** The avatar: the background filled, the initials centred in a readable ink, half the shorter side high. */
export function initialsSvg(initials: string, background: string, size: Size): string {
  const fontSize = Math.min(size.width, size.height) / 2;
  const text = initials
    ? `<text x="${size.width / 2}" y="${size.height / 2}" dy="0.36em" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}" fill="${readableInk(background)}">${xmlText(initials)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size.width} ${size.height}"><rect width="100%" height="100%" fill="${background}"/>${text}</svg>`;
}
