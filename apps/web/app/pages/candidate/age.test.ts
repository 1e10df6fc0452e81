import { describe, expect, it } from 'vitest';
import { ageOn } from './loader.server';

describe('ageOn', () => {
  it('counts whole years, turning on the birthday', () => {
    expect(ageOn('1975-08-22T00:00:00.000+00:00', new Date('2026-08-21T12:00:00Z'))).toBe(50);
    expect(ageOn('1975-08-22T00:00:00.000+00:00', new Date('2026-08-22T00:00:00Z'))).toBe(51);
    expect(ageOn('not a date', new Date())).toBeNull();
  });
});
