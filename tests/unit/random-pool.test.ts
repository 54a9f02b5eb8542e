// app/core/random-pool.server.ts: ids and nonces cut from a pool of random bytes.
import { describe, expect, test } from 'vitest'
import { pooledRandom } from '~/core/random-pool.server'

describe('pooledRandom', () => {
  test('the asked number of bytes, as hex or base64', () => {
    expect(pooledRandom(4, 'hex')).toMatch(/^[0-9a-f]{8}$/)
    expect(Buffer.from(pooledRandom(16, 'base64'), 'base64')).toHaveLength(16)
    expect(pooledRandom(5000, 'hex')).toHaveLength(10_000)
  })

  test('never the same bytes twice, across refills of the pool', () => {
    // 16 bytes each: 1,000 draws span four pools of 4 KB; a repeat would be a reused slice.
    const drawn = Array.from({ length: 1000 }, () => pooledRandom(16, 'hex'))
    expect(new Set(drawn).size).toBe(drawn.length)
  })
})
