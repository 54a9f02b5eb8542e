import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { avatarColor, HEADER_GREEN_HUES } from '~/components/avatar'
import { US_STATES, VENUE_TYPE_LABELS, VENUE_TYPES, ROLES, SIGNUP_ROLES, roleLabel, signupRoleOf } from '~/core/domain'
import { formatDate, formatDateTime, formatDayOfWeek, formatMonth, timeZoneForState } from '~/core/format'
import { venueFields } from '~/features/venues/venue-schemas'
import { listOf, nounFor, plural, pluralNoun, withArticle } from '~/core/words'

// The plain-language helpers every page writes counts, lists and dates with (docs/product.md,
// "Plain language: dates, times and plurals").

describe('plural', () => {
  it('writes one as singular and everything else as plural, with grouped digits', () => {
    expect(plural(1, 'question')).toBe('1 question')
    expect(plural(0, 'question')).toBe('0 questions')
    expect(plural(2, 'brewery')).toBe('2 breweries')
    expect(plural(1204, 'venue')).toBe('1,204 venues')
    expect(plural(3, 'church')).toBe('3 churches')
    expect(plural(2, 'day')).toBe('2 days')
    expect(plural(5, 'person')).toBe('5 people')
    expect(plural(2, 'more date', 'more dates')).toBe('2 more dates')
  })

  it('never writes "1 …s" and never leaves a plural bare (property)', () => {
    const noun = fc.stringMatching(/^[a-z]{2,12}$/)
    fc.assert(
      fc.property(fc.nat({ max: 1_000_000 }), noun, (n, word) => {
        const text = plural(n, word)
        const [digits, ...rest] = text.split(' ')
        expect(Number(digits!.replace(/,/g, ''))).toBe(n)
        expect(rest.join(' ')).toBe(n === 1 ? word : pluralNoun(word))
        expect(nounFor(n, word)).toBe(rest.join(' '))
      }),
    )
  })

  it('makes every venue type plural the English way', () => {
    const plurals = VENUE_TYPES.map((type) => pluralNoun(VENUE_TYPE_LABELS[type]).toLowerCase())
    expect(plurals).toContain('breweries')
    expect(plurals).toContain('churches')
    expect(plurals).toContain('galleries')
    for (const word of plurals) expect(word).not.toMatch(/ys$|hs$/)
  })
})

describe('listOf', () => {
  it('joins with commas and a last "and" (or "or")', () => {
    expect(listOf([])).toBe('')
    expect(listOf(['bars'])).toBe('bars')
    expect(listOf(['bars', 'clubs'])).toBe('bars and clubs')
    expect(listOf(['bars', 'clubs', 'breweries'])).toBe('bars, clubs and breweries')
    expect(listOf(['drive', 'fly'], 'or')).toBe('drive or fly')
    expect(listOf(['', 'a', ''])).toBe('a')
  })

  it('keeps every item once, in order, with exactly one conjunction (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[b-z]{1,8}$/), { maxLength: 8 }), (items) => {
        const text = listOf(items)
        if (items.length === 0) {
          expect(text).toBe('')
          return
        }
        expect(text.replaceAll(' and ', ', ').split(', ')).toEqual(items)
        expect(text.split(' and ').length - 1).toBe(items.length > 1 ? 1 : 0)
      }),
    )
  })

  it('lists human venue types in the validation message, not stored values', () => {
    const message = venueFields.venueType.safeParse('castle').error?.issues[0]?.message
    expect(message).toBe(
      'Please choose a venue type: Club, Bar, Theater, Ballroom, Arena, Amphitheater, Brewery, Gallery, Church, Warehouse, Outdoor or Hotel',
    )
  })
})

describe('roles in words', () => {
  it('never shows a stored role value', () => {
    for (const role of ROLES) expect(roleLabel(role)).not.toMatch(/_/)
    expect(`is now ${withArticle(roleLabel('venue_owner').toLowerCase())}`).toBe('is now a venue owner')
    expect(withArticle(roleLabel('admin').toLowerCase())).toBe('an admin')
    expect(withArticle(roleLabel('organizer').toLowerCase())).toBe('a booker')
  })

  it('uses one vocabulary: the sign-up form’s words are the labels everywhere', () => {
    for (const { value, label } of SIGNUP_ROLES) expect(roleLabel(value)).toBe(label)
    expect(roleLabel('organizer')).toBe('Booker')
    expect(roleLabel('venue_owner')).toBe('Venue Owner')
  })

  it('reads the account type a sign-up link asks for', () => {
    expect(signupRoleOf('venue_owner')).toBe('venue_owner')
    expect(signupRoleOf(' Venue-Owner ')).toBe('venue_owner')
    expect(signupRoleOf('owner')).toBe('venue_owner')
    expect(signupRoleOf('Booker')).toBe('organizer')
    // Sign-up never grants admin, whatever the link says.
    for (const value of ['admin', 'ADMIN', '', null, undefined, 'venue owner admin']) expect(signupRoleOf(value)).toBeNull()
  })
})

describe('dates and times', () => {
  it('writes calendar dates one way, whatever their form', () => {
    expect(formatDate('2026-11-29')).toBe('Nov 29, 2026')
    expect(formatDate('2026-11-29T15:00:00.000Z')).toBe('Nov 29, 2026')
    expect(formatDate(new Date('2026-11-29T23:59:00Z'))).toBe('Nov 29, 2026')
    expect(formatDate('not a date')).toBe('Unknown date')
    expect(formatDayOfWeek('2026-11-29')).toBe('Sun, Nov 29')
    expect(formatMonth('2026-11')).toBe('November 2026')
  })

  it('writes a moment in the venue’s time zone, with the zone named', () => {
    const at = '2026-11-29T21:00:00.000Z'
    expect(formatDateTime(at, timeZoneForState('TN'))).toBe('Nov 29, 2026, 3:00 PM CST')
    expect(formatDateTime(at, timeZoneForState('ca'))).toBe('Nov 29, 2026, 1:00 PM PST')
    expect(formatDateTime(at)).toBe('Nov 29, 2026, 9:00 PM UTC')
    expect(formatDateTime('garbage')).toBe('Unknown time')
    expect(timeZoneForState('ZZ')).toBe('UTC')
  })

  it('has a time zone for every state and DC', () => {
    for (const code of Object.keys(US_STATES)) expect(timeZoneForState(code), code).not.toBe('UTC')
  })

  it('never writes the raw forms the product used to show (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.constantFrom(...Object.keys(US_STATES)),
        (date, state) => {
          const text = formatDateTime(date, timeZoneForState(state))
          expect(text).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M [A-Z]{2,5}$|GMT[+-]\d/)
          expect(text).not.toMatch(/GMT$|T\d\d:|\d+\/\d+\/\d{4}/)
          expect(formatDate(date)).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/)
        },
      ),
    )
  })
})

describe('avatar colours', () => {
  it('never take the header’s own green (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (name) => {
        const hue = Number(/^hsl\((\d+) /.exec(avatarColor(name))![1])
        expect(hue < HEADER_GREEN_HUES.from || hue >= HEADER_GREEN_HUES.to, `${name}: ${hue}`).toBe(true)
        expect(hue).toBeLessThan(360)
      }),
    )
  })
})
