import type { PolygonGeometry as Polygon } from '@ballot-atlas/shared/geo/types';

/** An axis-aligned square, exterior ring counter-clockwise as RFC 7946 says ([lng, lat] degrees). */
export function square(west: number, south: number, side: number): Polygon {
  return { type: 'Polygon', coordinates: [[[west, south], [west + side, south], [west + side, south + side], [west, south + side], [west, south]]] };
}

/** The same square wound clockwise, as d3-geo's spherical projections expect. */
export function clockwiseSquare(west: number, south: number, side: number): Polygon {
  return { type: 'Polygon', coordinates: [square(west, south, side).coordinates[0]!.slice().reverse()] };
}

/** The absolute points a relative path (compactPath's output: m, l, h, v, z) visits, in order. */
export function absolutePoints(d: string): [number, number][] {
  const points: [number, number][] = [];
  let [x, y, startX, startY] = [0, 0, 0, 0];
  let command = '';
  const tokens = d.match(/[mlhvz]|-?\d+/g) ?? [];
  for (let index = 0; index < tokens.length; ) {
    const token = tokens[index]!;
    if (/[mlhvz]/.test(token)) {
      command = token;
      index++;
      if (command === 'z') [x, y] = [startX, startY];
      continue;
    }
    if (command === 'h') x += Number(tokens[index++]);
    else if (command === 'v') y += Number(tokens[index++]);
    else {
      x += Number(tokens[index++]);
      y += Number(tokens[index++]);
    }
    if (command === 'm') {
      [startX, startY] = [x, y];
      command = 'l';
    }
    points.push([x, y]);
  }
  return points;
}
