import { describe, expect, it } from 'vitest';
import { drawMap, LABELLED_PLACES_LIMIT, MAP_WIDTH } from './draw.server';
import { absolutePoints, clockwiseSquare, square } from './fixtures.test-data';

const place = (id: string, boundary: ReturnType<typeof square> | null) => ({ id, name: id.toUpperCase(), href: `/${id}`, boundary });

function extent(d: string): { minX: number; maxX: number; minY: number; maxY: number } {
  const points = absolutePoints(d);
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { minX: Math.min(...xs), maxX: Math.max(...xs), minY: Math.min(...ys), maxY: Math.max(...ys) };
}

describe('drawMap', () => {
  it('fits the places to the frame, north up, in whole pixels', () => {
    // Two degrees by one at 7.5° S: 628 px of width, 628 × 1 / (2 × cos 7.5°) + 12 of height.
    const map = drawMap([place('west', square(35, -8, 1)), place('east', square(36, -8, 1))])!;
    expect(map.viewBox).toBe(`0 0 ${MAP_WIDTH} 329`);
    const [west, east] = map.shapes.map((shape) => extent(shape.d));
    expect(west!.minX).toBe(6);
    expect(east!.maxX).toBe(MAP_WIDTH - 6);
    expect(west!.maxX).toBe(east!.minX);
    for (const shape of map.shapes) expect(shape.d).toMatch(/^(m[-\d, hvl]+z)+$/);
  });

  it('keeps a small polygon small whichever way its ring winds (a spherical projection would fill the world)', () => {
    for (const small of [square(35.5, -7.5, 0.01), clockwiseSquare(35.5, -7.5, 0.01)]) {
      const map = drawMap([place('big', square(35, -8, 1)), place('small', small)])!;
      const tiny = extent(map.shapes.find((shape) => shape.id === 'small')!.d);
      expect(tiny.maxX - tiny.minX).toBeLessThanOrEqual(8);
      expect(tiny.maxY - tiny.minY).toBeLessThanOrEqual(8);
      expect(tiny.minX).toBeGreaterThan(300);
      expect(tiny.minX).toBeLessThan(340);
    }
  });

  it('puts north at the top', () => {
    const map = drawMap([place('south', square(35, -9, 1)), place('north', square(35, -8, 1))])!;
    const [south, north] = map.shapes.map((shape) => extent(shape.d));
    expect(north!.maxY).toBeLessThanOrEqual(south!.minY);
  });

  it('shortens longitudes away from the equator so a square degree keeps its shape', () => {
    const nearPole = extent(drawMap([place('a', square(10, 59.5, 1))])!.shapes[0]!.d);
    // cos 60° = 0.5: a degree square is twice as tall as it is wide; the frame's limit allows 1.4.
    expect((nearPole.maxY - nearPole.minY) / (nearPole.maxX - nearPole.minX)).toBeGreaterThan(1.3);
  });

  it('leaves out places without a boundary and gives null when none has one', () => {
    const map = drawMap([place('a', square(35, -8, 1)), place('b', null)])!;
    expect(map.shapes.map((shape) => shape.id)).toEqual(['a']);
    expect(drawMap([place('b', null)])).toBeNull();
    expect(drawMap([])).toBeNull();
  });

  it('draws the parent outline around its children, in the same frame', () => {
    const map = drawMap([place('a', square(35, -8, 1))], { outline: square(34, -9, 3) })!;
    const outline = extent(map.outline!);
    const child = extent(map.shapes[0]!.d);
    expect(outline.minX).toBe(6);
    expect(child.minX).toBeGreaterThan(outline.minX);
    expect(child.maxX).toBeLessThan(outline.maxX);
  });

  it('places names at the middle of each place on maps of a few places only', () => {
    const [west] = drawMap([place('west', square(35, -8, 1)), place('east', square(36, -8, 1))])!.shapes;
    expect(west!.labelAt).toEqual([163, 165]);
    const many = Array.from({ length: LABELLED_PLACES_LIMIT + 1 }, (_, index) => place(`p${index}`, square(30 + index, -8, 1)));
    expect(drawMap(many)!.shapes.every((shape) => shape.labelAt === null)).toBe(true);
  });

  it('carries leading parties only when results are given', () => {
    const shapes = [{ ...place('a', square(35, -8, 1)), leadingPartyId: 'p1' }];
    expect(drawMap(shapes)!.shapes[0]!.leadingPartyId).toBeNull();
    const results = { election: 'E', office: 'O', parties: [] };
    expect(drawMap(shapes, { results })!.shapes[0]!.leadingPartyId).toBe('p1');
  });
});
