/**
 * d3's absolute path data (`M x,y L x,y … Z`, whole pixels) as relative commands: `l5-3` instead
 * of `L257,385`, `h`/`v` for straight runs, repeated commands left implicit, and lines to the point
 * already reached dropped (rounding makes neighbouring vertices meet). About a third shorter.
 */
export function compactPath(d: string): string {
  let out = '';
  let command = '';
  let [x, y, startX, startY] = [0, 0, 0, 0];
  const emit = (next: string, values: string) => {
    // A repeated command may be left out; after `m`, bare pairs already mean `l`.
    const implicit = next === command || (next === 'l' && command === 'm');
    out += implicit ? (values.startsWith('-') ? values : ` ${values}`) : next + values;
    command = next;
  };
  for (const [, letter, xText, yText] of d.matchAll(/([MLZ])(?:(-?[\d.]+),(-?[\d.]+))?/g)) {
    if (letter === 'Z') {
      out += 'z';
      command = 'z';
      [x, y] = [startX, startY];
      continue;
    }
    const [toX, toY] = [Number(xText) || 0, Number(yText) || 0];
    const [dx, dy] = [toX - x, toY - y];
    [x, y] = [toX, toY];
    if (letter === 'M') {
      [startX, startY] = [toX, toY];
      emit('m', pair(dx, dy));
    } else if (dx === 0 && dy === 0) continue;
    else if (dy === 0) emit('h', String(dx));
    else if (dx === 0) emit('v', String(dy));
    else emit('l', pair(dx, dy));
  }
  return out;
}

const pair = (dx: number, dy: number): string => `${dx}${dy < 0 ? '' : ','}${dy}`;
