import { describe, expect, it } from 'vitest';
import { compactPath } from './compact-path';
import { absolutePoints } from './fixtures.test-data';

describe('compactPath', () => {
  it('writes relative moves, straight runs and implicit repeats', () => {
    expect(compactPath('M132,512L257,512L257,385L132,385Z')).toBe('m132,512h125v-127h-125z');
    expect(compactPath('M10,10L15,7L20,9L20,9L26,4Z')).toBe('m10,10 5-3 5,2 6-5z');
  });

  it('starts each further ring from where the last closed', () => {
    expect(compactPath('M0,0L4,0L4,4ZM10,10L12,14L8,12Z')).toBe('m0,0h4v4zm10,10 2,4-4-2z');
  });

  it('draws the same points it was given', () => {
    const d = 'M100,200L150,180L170,230L170,230L120,260ZM300,300L320,300L320,330Z';
    expect(absolutePoints(compactPath(d))).toEqual([[100, 200], [150, 180], [170, 230], [120, 260], [300, 300], [320, 300], [320, 330]]);
  });
});
