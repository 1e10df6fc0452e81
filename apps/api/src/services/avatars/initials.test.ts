import { describe, expect, it } from 'vitest';
import { initialsOf, INITIALS_THEMES, themeFor } from './initials.ts';

describe('initialsOf', () => {
  it.each([
    ['Jane Doe', 'JD'],
    ['jane doe', 'JD'],
    ['Jane Mary Doe', 'JM'],
    ['  Jane   Doe ', 'JD'],
    ['kwame_nkrumah', 'KN'],
    ['kwame_nkrumah jr', 'KJ'],
    ['Prince', 'P'],
    ['jane.doe@example.org', 'J'],
    ['2 Pac', '2P'],
    ['Élodie Ngũgĩ', 'ÉN'],
    ['- Jane', 'J'],
    ['', ''],
    ['!!! ???', ''],
  ])('%j → %j', (name, expected) => {
    expect(initialsOf(name)).toBe(expected);
  });
});

describe('themeFor', () => {
  it("follows Appwrite: the sum's last digit, wrapped onto the five themes", () => {
    // J (74) + D (68) = 142 → 2; K (75) + N (78) = 153 → 3; A (65) = 65 → 5 → 0; '' → 0.
    expect(themeFor('JD')).toBe(INITIALS_THEMES[2]);
    expect(themeFor('KN')).toBe(INITIALS_THEMES[3]);
    expect(themeFor('A')).toBe(INITIALS_THEMES[0]);
    expect(themeFor('')).toBe(INITIALS_THEMES[0]);
  });
});
