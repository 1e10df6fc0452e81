import { describe, expect, it } from 'vitest';
import { parseBoundary } from './boundary';
import { containing } from './contains';
import { parseLngLat } from './point';

/** A square from (x, y) to (x + size, y + size), counter-clockwise as RFC 7946 asks of outer rings. */
function square(x: number, y: number, size: number): number[][] {
  return [[x, y], [x + size, y], [x + size, y + size], [x, y + size], [x, y]];
}

const polygon = (...rings: number[][][]): string => JSON.stringify({ type: 'Polygon', coordinates: rings });

describe('containing', () => {
  const west = { $id: 'west', boundary: polygon(square(0, 0, 1)) };
  const east = { $id: 'east', boundary: polygon(square(1, 0, 1)) };

  it('finds the boundary a point lies inside, and none for a point outside them all', () => {
    expect(containing([0.5, 0.5], [west, east]).map((row) => row.$id)).toEqual(['west']);
    expect(containing([1.5, 0.25], [west, east]).map((row) => row.$id)).toEqual(['east']);
    expect(containing([3, 3], [west, east])).toEqual([]);
    expect(containing([-0.0001, 0.5], [west, east])).toEqual([]);
  });

  it('counts a shared border as inside both neighbours, in the order given', () => {
    expect(containing([1, 0.5], [west, east]).map((row) => row.$id)).toEqual(['west', 'east']);
    expect(containing([1, 0.5], [east, west]).map((row) => row.$id)).toEqual(['east', 'west']);
  });

  it('ignores the winding order and respects holes', () => {
    const clockwise = { $id: 'cw', boundary: polygon([...square(0, 0, 1)].reverse()) };
    expect(containing([0.5, 0.5], [clockwise]).map((row) => row.$id)).toEqual(['cw']);
    const ring = { $id: 'ring', boundary: polygon(square(0, 0, 3), [...square(1, 1, 1)].reverse()) };
    expect(containing([0.5, 0.5], [ring])).toHaveLength(1);
    expect(containing([1.5, 1.5], [ring])).toEqual([]);
  });

  it('reads multi-polygons (an area with an island)', () => {
    const islands = { $id: 'islands', boundary: JSON.stringify({ type: 'MultiPolygon', coordinates: [[square(0, 0, 1)], [square(5, 5, 1)]] }) };
    expect(containing([5.5, 5.5], [islands])).toHaveLength(1);
    expect(containing([3, 3], [islands])).toEqual([]);
  });

  it('skips records without a usable boundary instead of failing', () => {
    const broken = [
      { $id: 'none', boundary: null },
      { $id: 'empty', boundary: '' },
      { $id: 'text', boundary: 'not json' },
      { $id: 'point', boundary: JSON.stringify({ type: 'Point', coordinates: [0.5, 0.5] }) },
      { $id: 'open', boundary: polygon([[0, 0], [1, 0], [1, 1], [0, 1]]) },
    ];
    expect(containing([0.5, 0.5], broken)).toEqual([]);
  });
});

describe('parseBoundary', () => {
  it('keeps polygons and multi-polygons only', () => {
    expect(parseBoundary(polygon(square(0, 0, 1)))?.type).toBe('Polygon');
    expect(parseBoundary(JSON.stringify({ type: 'Polygon', coordinates: [[[0, 0], [1, 'x'], [1, 1], [0, 0]]] }))).toBeNull();
    expect(parseBoundary(JSON.stringify({ type: 'MultiPolygon', coordinates: [] }))).toBeNull();
  });
});

describe('parseLngLat', () => {
  it('accepts coordinates on the globe and refuses anything else', () => {
    expect(parseLngLat('32.58', '0.31')).toEqual([32.58, 0.31]);
    expect(parseLngLat('-180', '-90')).toEqual([-180, -90]);
    expect(parseLngLat('181', '0')).toBeNull();
    expect(parseLngLat('0', '90.5')).toBeNull();
    expect(parseLngLat('abc', '1')).toBeNull();
    expect(parseLngLat('', '1')).toBeNull();
    expect(parseLngLat(null, '1')).toBeNull();
    expect(parseLngLat('Infinity', '1')).toBeNull();
  });
});
