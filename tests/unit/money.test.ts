import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { formatUsd } from '~/core/money'
import { formatUsd as plannerFormatUsd } from '~/planner/format'

describe('formatUsd, the one money formatter', () => {
  test('writes whole dollars with the sign before the symbol', () => {
    expect(formatUsd(1200)).toBe('$1,200')
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(-1200)).toBe('-$1,200')
    expect(formatUsd(1234.6)).toBe('$1,235')
  })

  test('the planner writes money with the same formatter', () => {
    expect(plannerFormatUsd).toBe(formatUsd)
  })

  test('a negative sum reads as its positive sum with a minus in front', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), (n) => {
        expect(formatUsd(-n)).toBe(`-${formatUsd(n)}`)
      }),
    )
  })
})
