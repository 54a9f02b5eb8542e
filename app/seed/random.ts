import { createId } from '../db/ids'
import type { Rng } from '../core/random'

/** Every seeded row is dated from here, so ids and timestamps do not depend on the clock. */
export const SEED_EPOCH = Date.UTC(2025, 5, 1)

/**
 * Ids for rows created `stepMs` apart from `start`. createId() numbers ids that share a
 * millisecond with a process-wide counter, so a step of at least 1 ms keeps them reproducible.
 */
export function idSequence(rng: Rng, start: number, stepMs: number) {
  if (stepMs < 1) throw new Error('idSequence needs a step of at least 1 ms')
  let index = 0
  return () => {
    const createdAt = new Date(start + index++ * stepMs)
    return { id: createId(createdAt.getTime(), rng.hex8), createdAt }
  }
}
