import { createHash } from 'node:crypto';

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(choices: readonly T[]): T;
  chance(probability: number): boolean;
  /** An independent stream for one part of a run, so adding draws to one part leaves the others alone. */
  fork(label: string): Random;
}

/** A reproducible stream of numbers: SHA-256 of `seed/counter`, eight 32-bit draws per hash. */
export function seededRandom(seed: string): Random {
  let counter = 0;
  const pool: number[] = [];
  const next = (): number => {
    if (pool.length === 0) {
      const digest = createHash('sha256').update(`${seed}/${counter++}`).digest();
      for (let offset = 0; offset < digest.length; offset += 4) pool.push(digest.readUInt32BE(offset) / 2 ** 32);
    }
    return pool.shift()!;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (choices) => choices[Math.floor(next() * choices.length)]!,
    chance: (probability) => next() < probability,
    fork: (label) => seededRandom(`${seed}:${label}`),
  };
}
