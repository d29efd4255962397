/**
 * A seeded pseudo-random source (sfc32, seeded from a 128-bit FNV-1a-style hash of the seed
 * text): the same seed gives the same sequence on every machine, which is all a seed history
 * needs (it is no cryptography).
 */
export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: string) {
    [this.#a, this.#b, this.#c, this.#d] = hash128(seed);
    for (let i = 0; i < 16; i++) this.next(); // mixes a weak seed
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.#a >>>= 0;
    this.#b >>>= 0;
    this.#c >>>= 0;
    this.#d >>>= 0;
    const t = (((this.#a + this.#b) | 0) + this.#d) | 0;
    this.#d = (this.#d + 1) | 0;
    this.#a = this.#b ^ (this.#b >>> 9);
    this.#b = (this.#c + (this.#c << 3)) | 0;
    this.#c = (this.#c << 21) | (this.#c >>> 11);
    this.#c = (this.#c + t) | 0;
    return (t >>> 0) / 4_294_967_296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** A decimal in [min, max] written with `places` decimal places (exact text, no float noise). */
  decimal(min: number, max: number, places: number): string {
    const scale = 10 ** places;
    return (this.int(Math.round(min * scale), Math.round(max * scale)) / scale).toFixed(places);
  }

  /** Picks a key with probability proportional to its weight. */
  weighted<K extends string>(weights: Readonly<Record<K, number>>): K {
    const entries = Object.entries(weights) as Array<[K, number]>;
    let left = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [key, weight] of entries) {
      left -= weight;
      if (left < 0) return key;
    }
    return entries[entries.length - 1]![0];
  }

  /** A new independent source derived from this one's seed and a label. */
  static derive(seed: string, label: string): Random {
    return new Random(`${seed}\u0001${label}`);
  }
}

function hash128(text: string): [number, number, number, number] {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  let h3 = 0xdeadbeef;
  let h4 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ k, 0x01000193);
    h2 = Math.imul(h2 ^ k, 0x5bd1e995);
    h3 = Math.imul(h3 ^ k, 0x85ebca6b);
    h4 = Math.imul(h4 ^ k, 0xc2b2ae35);
  }
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
