import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn, safeColour } from './colour-contrast';

describe('party colour contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 1);
    expect(contrastRatio('#777777', '#777777')).toBeCloseTo(1, 5);
  });

  it('picks the text colour that reads better, at least large-text AA on any colour', () => {
    expect(readableTextOn('#f1c40f')).toBe('#0f172a');
    expect(readableTextOn('#1b7f3b')).toBe('#ffffff');
    for (let grey = 0; grey < 256; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(hex, readableTextOn(hex))).toBeGreaterThanOrEqual(3);
    }
  });

  it('accepts only hex colours', () => {
    expect(safeColour('#ABC')).toBe('#aabbcc');
    expect(safeColour('red; background:url(x)')).toBeNull();
    expect(safeColour(null)).toBeNull();
  });
});
