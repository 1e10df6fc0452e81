/** An 8-bit RGBA pixel buffer, rows top to bottom, no padding. */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** Multiplies every alpha value by `opacity` (0–1). In place. */
export function applyOpacity(raster: Raster, opacity: number): Raster {
  const { data } = raster;
  for (let i = 3; i < data.length; i += 4) data[i] = Math.round(data[i]! * opacity);
  return raster;
}

/** Lays the image on an opaque colour; the result is fully opaque. In place. */
export function flatten(raster: Raster, background: Rgb): Raster {
  const { data } = raster;
  for (let i = 0; i < data.length; i += 4) {
    const alpha = data[i + 3]! / 255;
    data[i] = Math.round(data[i]! * alpha + background.r * (1 - alpha));
    data[i + 1] = Math.round(data[i + 1]! * alpha + background.g * (1 - alpha));
    data[i + 2] = Math.round(data[i + 2]! * alpha + background.b * (1 - alpha));
    data[i + 3] = 255;
  }
  return raster;
}

/** A new raster `size` pixels larger on every side, the frame painted opaque `colour`. */
export function addBorder(raster: Raster, size: number, colour: Rgb): Raster {
  const width = raster.width + 2 * size;
  const height = raster.height + 2 * size;
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = colour.r;
    data[i + 1] = colour.g;
    data[i + 2] = colour.b;
    data[i + 3] = 255;
  }
  const rowBytes = raster.width * 4;
  for (let y = 0; y < raster.height; y++) raster.data.copy(data, ((y + size) * width + size) * 4, y * rowBytes, (y + 1) * rowBytes);
  return { data, width, height };
}

/** Makes the four corners transparent outside a quarter circle of `radius` (capped at half the shorter side), anti-aliased. In place. */
export function roundCorners(raster: Raster, radius: number): Raster {
  const { data, width, height } = raster;
  const r = Math.min(radius, width / 2, height / 2);
  const span = Math.ceil(r);
  for (let dy = 0; dy < span; dy++) {
    for (let dx = 0; dx < span; dx++) {
      // Distance from this pixel's centre to the arc centre, for the top-left corner; the others mirror it.
      const distance = Math.hypot(r - (dx + 0.5), r - (dy + 0.5));
      const coverage = Math.min(1, Math.max(0, r - distance + 0.5));
      if (coverage >= 1) continue;
      // On an odd-sized image with the largest radius the middle column or row belongs to two corners: darken it once.
      const xs = dx === width - 1 - dx ? [dx] : [dx, width - 1 - dx];
      const ys = dy === height - 1 - dy ? [dy] : [dy, height - 1 - dy];
      for (const y of ys) {
        for (const x of xs) {
          const index = (y * width + x) * 4 + 3;
          data[index] = Math.round(data[index]! * coverage);
        }
      }
    }
  }
  return raster;
}

/** True when no pixel is even partly transparent. */
export function isOpaque(raster: Raster): boolean {
  const { data } = raster;
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}
