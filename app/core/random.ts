import seedrandom from 'seedrandom'

// The one seeded random generator: the demo data, the venue drawings and the planner's heuristic
// all draw from it, so the same seed gives the same values wherever it is used.

/** A seeded source of randomness: the same seed always yields the same sequence. */
export type Rng = {
  /** A float in [0, 1). */
  next: () => number
  int: (min: number, max: number) => number
  pick: <T>(items: readonly T[]) => T
  weighted: <T extends string>(weights: Readonly<Record<T, number>>) => T
  /** `count` distinct items in a random order. */
  sample: <T>(items: readonly T[], count: number) => T[]
  chance: (probability: number) => boolean
  /** 8 lowercase hex characters, the random tail of an id. */
  hex8: () => string
}

export function createRng(seed: string): Rng {
  const next = seedrandom(seed)
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error('pick() needs at least one item')
    return items[Math.floor(next() * items.length)] as T
  }
  const weighted = <T extends string>(weights: Readonly<Record<T, number>>): T => {
    const entries = Object.entries(weights) as [T, number][]
    let roll = next() * entries.reduce((sum, [, weight]) => sum + weight, 0)
    for (const [key, weight] of entries) {
      roll -= weight
      if (roll < 0) return key
    }
    return entries[entries.length - 1]![0]
  }
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items]
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1))
      ;[pool[i], pool[j]] = [pool[j] as T, pool[i] as T]
    }
    return pool.slice(0, count)
  }
  return {
    next,
    int,
    pick,
    weighted,
    sample,
    chance: (probability) => next() < probability,
    hex8: () =>
      Math.floor(next() * 0x1_0000_0000)
        .toString(16)
        .padStart(8, '0'),
  }
}
