import { pooledRandom } from '../core/random-pool.server'

let lastMillis = 0
let sequence = 0

/**
 * 24 lowercase hex characters: 12 for the millisecond timestamp, then a 4-hex sequence that
 * keeps ids made in the same millisecond in order, then 8 random. Sorting ids sorts by creation.
 */
export function createId(now = Date.now(), random: () => string = () => pooledRandom(4, 'hex')) {
  if (now === lastMillis) sequence = (sequence + 1) & 0xffff
  else {
    lastMillis = now
    sequence = 0
  }
  return now.toString(16).padStart(12, '0') + sequence.toString(16).padStart(4, '0') + random()
}

/** When an id was created (the first 12 hex characters). */
export function idTime(id: string) {
  return new Date(parseInt(id.slice(0, 12), 16))
}
