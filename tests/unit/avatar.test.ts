import { describe, expect, test } from 'vitest'
import { avatarColor, initials } from '~/components/avatar'

describe('initials', () => {
  test.each([
    ['Ada Lovelace', 'AL'],
    ['ada', 'A'],
    ['  grace   brewster murray hopper ', 'GH'],
    ['émile zola', 'ÉZ'],
    ['', '?'],
    ['   ', '?'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected)
  })

  test('never more than two letters', () => {
    for (const name of ['a b c d', 'Mary Ann Evans Cross', 'x']) expect(initials(name).length).toBeLessThanOrEqual(2)
  })
})

describe('avatarColor', () => {
  test('is stable for a name and differs between names', () => {
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('Ada Lovelace'))
    expect(avatarColor('Ada Lovelace')).not.toBe(avatarColor('Alan Turing'))
  })

  test('is a dark hsl colour with a hue in range, even for long names that overflow the hash', () => {
    for (const name of ['', 'a', 'Ada Lovelace', 'x'.repeat(500), '🎸 Band']) {
      const match = /^hsl\((\d+) 55% 32%\)$/.exec(avatarColor(name))
      expect(match, name).not.toBeNull()
      const hue = Number(match![1])
      expect(hue).toBeGreaterThanOrEqual(0)
      expect(hue).toBeLessThan(360)
    }
  })
})
