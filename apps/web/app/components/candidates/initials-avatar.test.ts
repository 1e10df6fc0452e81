import { describe, expect, it } from 'vitest';
import { initialsOf } from './initials-avatar';

describe('initialsOf', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initialsOf('María José Achieng\'')).toBe('MA');
    expect(initialsOf('Ŋoni Banda')).toBe('ŊB');
    expect(initialsOf('Madonna')).toBe('M');
  });

  it('keeps combining marks with their letter', () => {
    expect(initialsOf('Ọ̀la Wu')).toBe('Ọ̀W');
  });
});
