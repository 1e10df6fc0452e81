import { describe, expect, it } from 'vitest';
import { hexToRgb, normalisePreviewOptions } from './preview-options.ts';

describe('normalisePreviewOptions', () => {
  it('fills in the §10.2 defaults', () => {
    expect(normalisePreviewOptions({})).toEqual({
      width: 0,
      height: 0,
      gravity: 'center',
      quality: -1,
      borderWidth: 0,
      borderColor: '000000',
      borderRadius: 0,
      opacity: 1,
      rotation: 0,
      background: '',
      output: '',
    });
  });

  it('treats absent values and spelled-out defaults alike', () => {
    expect(normalisePreviewOptions({ width: 0, gravity: 'center', quality: -1, opacity: 1, rotation: 0, background: '', borderColor: '' })).toEqual(normalisePreviewOptions({}));
  });

  it('aliases jpg to jpeg', () => {
    expect(normalisePreviewOptions({ output: 'jpg' }).output).toBe('jpeg');
    expect(normalisePreviewOptions({ output: 'jpeg' }).output).toBe('jpeg');
  });

  it('expands and lower-cases hex colours', () => {
    expect(normalisePreviewOptions({ borderColor: 'F0a', background: 'ABCDEF' })).toMatchObject({ borderColor: 'ff00aa', background: 'abcdef' });
  });

  it.each([
    [-90, 270],
    [-360, 0],
    [360, 0],
    [450 - 360, 90],
    [-1, 359],
  ])('rotation %i → %i', (rotation, normalised) => {
    expect(normalisePreviewOptions({ rotation }).rotation).toBe(normalised);
  });
});

describe('hexToRgb', () => {
  it('reads 3 and 6 digit colours', () => {
    expect(hexToRgb('eceff1')).toEqual({ r: 0xec, g: 0xef, b: 0xf1 });
    expect(hexToRgb('f00')).toEqual({ r: 255, g: 0, b: 0 });
  });
});
