// Words that name Object's own members ('constructor', '__proto__', 'toString') are input like any
// other: every table read with a person's words finds nothing for them (app/core/lookup.ts). A city
// search for '__proto__' threw before (found by the city resolution property test).
import { describe, expect, test } from 'vitest'
import { cityReadings, createCityIndex } from '~/features/search/city-resolution'
import { US_STATES } from '~/core/domain'
import { timeZoneForState } from '~/core/format'
import { lookupTable } from '~/core/lookup'
import { pluralNoun } from '~/core/words'
import { normalizeState, parseTourRequest } from '~/planner'
import { parseBudget, parseCount } from '~/planner/values'
import { plannerGazetteer } from '~/features/tours/tour-gazetteer.server'

const MEMBERS = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__']

describe('prototype member names as input', () => {
  test('a lookup table has only its own entries', () => {
    const table = lookupTable({ a: 1 })
    expect(table.a).toBe(1)
    for (const word of MEMBERS) expect(table[word]).toBeUndefined()
    expect(Object.isFrozen(table)).toBe(true)
  })

  test('city search, states, time zones and plurals find nothing and throw nothing', () => {
    const index = createCityIndex([
      { name: 'Austin', stateCode: 'TX', slug: 'austin', venues: 3 } as Parameters<typeof createCityIndex>[0][number],
    ])
    for (const word of [...MEMBERS, ...MEMBERS.map((w) => w.toUpperCase())]) {
      expect(index.resolve(word)).toBeNull()
      expect(() => cityReadings(`${word}, ${word}`)).not.toThrow()
      expect(normalizeState(word)).toBeNull()
      expect(US_STATES[word]).toBeUndefined()
      expect(timeZoneForState(word)).toBe(timeZoneForState(null))
      expect(typeof pluralNoun(word)).toBe('string')
      expect(parseBudget(word)).toBeNull()
      expect(parseCount(word)).toBeNull()
    }
  })

  test('a tour request made of them is understood as nothing, not as a month, a count or a city', () => {
    const gazetteer = plannerGazetteer()
    const request = (word: string) =>
      parseTourRequest(`${word} shows in ${word} ${word} 2027, ${word} people, $${word}, by ${word}`, { today: '2026-12-01', gazetteer })
    // Understood exactly as a word nobody uses.
    const plain = request('xyzzy')
    for (const word of MEMBERS) {
      const parsed = request(word)
      expect(parsed.criteria).toEqual(plain.criteria)
      expect(parsed.criteria.cities).toEqual([])
    }
  })
})
