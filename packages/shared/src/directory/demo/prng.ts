// Seeded pseudo-random numbers for the demo data. Never Math.random, never the clock:
// the same (seed, label) always gives the same stream.

/** Mixes a seed with a label (FNV-1a over the label, then a murmur3 finaliser) into a 32-bit seed. */
export function deriveSeed(seed: number, label: string): number {
  let h = (0x811c9dc5 ^ (seed >>> 0)) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for sample data. */
export class Rng {
  #state: number;

  constructor(seed: number, label = '') {
    this.#state = deriveSeed(seed, label);
  }

  /** Uniform float in [0, 1). */
  next(): number {
    let t = (this.#state = (this.#state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Integer in [min, max] (both inclusive). */
  range(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; `weights` has one non-negative number per item. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0;
      if (r < 0) return items[i] as T;
    }
    return items[items.length - 1] as T;
  }

  /** Fisher–Yates in place; returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      const tmp = items[i] as T;
      items[i] = items[j] as T;
      items[j] = tmp;
    }
    return items;
  }
}

/**
 * Splits `total` into `parts` integers, each at least `min`, with random (seeded) proportions.
 * Largest-remainder rounding, so the parts always sum to `total`.
 */
export function splitCount(rng: Rng, total: number, parts: number, min: number): number[] {
  if (parts <= 0) return [];
  if (min * parts > total) throw new RangeError(`cannot split ${total} into ${parts} parts of at least ${min}`);
  const weights = Array.from({ length: parts }, () => 0.6 + rng.next() * 0.8);
  return apportion(total - min * parts, weights).map((n) => n + min);
}

/** Largest-remainder apportionment of `total` by `weights` (ties go to the lower index). */
export function apportion(total: number, weights: readonly number[]): number[] {
  let sum = 0;
  for (const w of weights) sum += w;
  if (sum <= 0) return weights.map(() => 0);
  const out = new Array<number>(weights.length);
  const rest: { i: number; frac: number }[] = [];
  let given = 0;
  for (let i = 0; i < weights.length; i++) {
    const exact = (total * (weights[i] ?? 0)) / sum;
    const whole = Math.floor(exact);
    out[i] = whole;
    given += whole;
    rest.push({ i, frac: exact - whole });
  }
  rest.sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; k < total - given; k++) {
    const r = rest[k % rest.length] as { i: number };
    out[r.i] = (out[r.i] as number) + 1;
  }
  return out;
}
