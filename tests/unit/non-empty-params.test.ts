import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { nonEmptyParams, withoutEmptyParams } from '~/web/non-empty-params'

describe('forms send only non-empty parameters', () => {
  test('blank fields are dropped, filled ones kept in order, repeated names included', () => {
    const form = new URLSearchParams('q=&city=Austin&venueType=&amenities=Parking&amenities=%20&amenities=Full+bar&capacity=+')
    expect(nonEmptyParams(form).toString()).toBe('city=Austin&amenities=Parking&amenities=Full+bar')
  })

  test('a URL with blank parameters gets its tidy twin; a tidy URL none', () => {
    expect(withoutEmptyParams(new URL('http://x/search?q=&city=Austin&state='))).toBe('/search?city=Austin')
    expect(withoutEmptyParams(new URL('http://x/search?q=&city='))).toBe('/search')
    expect(withoutEmptyParams(new URL('http://x/search?city=Austin'))).toBeNull()
    expect(withoutEmptyParams(new URL('http://x/search'))).toBeNull()
  })

  test('for any query, the tidy one has no blank value, keeps every other value, and is tidy itself', () => {
    const value = fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ maxLength: 8 }))
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('q', 'city', 'amenities', 'page'), value), { maxLength: 12 }), (pairs) => {
        const query = new URLSearchParams(pairs)
        const tidy = nonEmptyParams(query)
        expect([...tidy].every(([, v]) => v.trim() !== '')).toBe(true)
        expect([...tidy]).toEqual([...query].filter(([, v]) => v.trim() !== ''))
        expect(withoutEmptyParams(new URL(`http://x/p?${tidy}`))).toBeNull()
      }),
    )
  })
})
