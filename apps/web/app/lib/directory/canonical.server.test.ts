import { describe, expect, it } from 'vitest';
import { pickBySlug } from './canonical.server';

const regions = [{ slug: 'upper-east' }, { slug: 'sadü' }, { slug: 'Volta' }];

describe('pickBySlug', () => {
  it('takes the exact spelling first', () => {
    expect(pickBySlug(regions, 'Volta')).toBe(regions[2]);
    expect(pickBySlug(regions, 'upper-east')).toBe(regions[0]);
  });

  it('forgives case and Unicode form as findBySlug does', () => {
    expect(pickBySlug(regions, 'Upper-East')).toBe(regions[0]);
    expect(pickBySlug(regions, 'Sadu\u0308')).toBe(regions[1]);
  });

  it('finds nothing for other slugs, nor for a case its variants do not cover', () => {
    expect(pickBySlug(regions, 'upper')).toBeNull();
    expect(pickBySlug(regions, 'volta')).toBeNull();
  });
});
