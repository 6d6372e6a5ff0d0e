import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { invalidInput } from './errors.ts';

/** The generator's seed space: xoroshiro128+ in pure-rand is seeded from 32 bits. */
export const MAX_SEED = 0xffff_ffff;
export const DEFAULT_SEED = 20_260_101;

/** A seeded stream of random draws. `seed` is kept so every result can say how to reproduce it. */
export interface SeededRng {
  readonly seed: number;
  /** A uniform integer in [0, n). */
  index(n: number): number;
  /** A uniform number in [0, 1). */
  float(): number;
}

export function assertSeed(seed: number): void {
  if (!(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED)) {
    throw invalidInput(`seed must be an integer from 0 to ${MAX_SEED}, got ${seed}`);
  }
}

export function createRng(seed: number = DEFAULT_SEED): SeededRng {
  assertSeed(seed);
  const generator = xoroshiro128plus(seed);
  return {
    seed,
    index: (n) => uniformInt(generator, 0, n - 1),
    float: () => uniformFloat64(generator),
  };
}

/**
 * A stream seed for one labelled use of a base seed (one contrast, one simulated dataset). Deriving it from the
 * label rather than from a position keeps a contrast's numbers unchanged when other contrasts are added or reordered.
 */
export function deriveSeed(seed: number, label: string): number {
  assertSeed(seed);
  // FNV-1a over the UTF-16 code units of the label, then one round of a 32-bit finaliser (murmur3 fmix32) so that
  // neighbouring seeds and labels land far apart.
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= seed;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
