import { describe, expect, test } from 'vitest'
import { ID_PATTERN, isId } from '~/core/domain'
import { createId, idTime } from '~/db/ids'

describe('createId', () => {
  test('is 24 lowercase hex characters', () => {
    for (let i = 0; i < 100; i++) expect(createId()).toMatch(ID_PATTERN)
  })

  test('ids sort in creation order, within one millisecond too', () => {
    const ids = Array.from({ length: 2_000 }, () => createId())
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  test('a later millisecond sorts after an earlier one whatever the random part', () => {
    const early = createId(1_700_000_000_000, () => 'ffffffff')
    const late = createId(1_700_000_000_001, () => '00000000')
    expect(early < late).toBe(true)
  })

  test('the sequence orders ids made in the same millisecond', () => {
    const now = 1_700_000_000_500
    const first = createId(now, () => 'ffffffff')
    const second = createId(now, () => '00000000')
    expect(first < second).toBe(true)
    expect(first.slice(0, 12)).toBe(second.slice(0, 12))
  })

  test('idTime reads the creation time back', () => {
    const now = Date.UTC(2026, 0, 15, 12, 30)
    expect(idTime(createId(now)).getTime()).toBe(now)
  })
})

describe('isId', () => {
  test('accepts ids and refuses near misses', () => {
    expect(isId(createId())).toBe(true)
    expect(isId('0123456789abcdef01234567')).toBe(true)
    expect(isId('0123456789ABCDEF01234567')).toBe(false)
    expect(isId('0123456789abcdef0123456')).toBe(false)
    expect(isId('0123456789abcdef012345678')).toBe(false)
    expect(isId('0123456789abcdef0123456g')).toBe(false)
    expect(isId('california')).toBe(false)
  })
})
