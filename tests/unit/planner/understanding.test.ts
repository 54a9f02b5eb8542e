import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { parseTourRequest, type Criteria } from '~/planner'
import { plannerGazetteer } from '~/features/tours/tour-gazetteer.server'

// What the request parser reads, form by form (the evaluation corpus checks whole plans; these
// pin each form down where it is read). Today is a Tuesday.

const TODAY = '2026-12-01'
const gazetteer = plannerGazetteer()
const parse = (q: string) => parseTourRequest(q, { today: TODAY, gazetteer })
const c = (q: string) => parse(q).criteria
const names = (x: Criteria) => x.cities.map((city) => `${city.name}, ${city.stateCode}`)

describe('numbers as bookers write them', () => {
  test.each([
    ['5 shows from Seattle to Los Angeles', 5],
    ['8 gigs across the Midwest', 8],
    ['Book me 3 dates in Florida', 3],
    ['Looking for 4-5 dates in Colorado', 5],
    ['a few shows in the Carolinas - say 4', 4],
    ['three shows: Minneapolis, Milwaukee, Chicago', 3],
    ['one show each in Boston, Providence and New Haven', null],
    ['no shows on Sundays in Dallas and Austin', null],
  ])('%s → %s shows', (q, shows) => expect(c(q).showCount).toBe(shows))

  test.each([
    ['3 nights in Austin', 3],
    ['2 weeks in April: Nashville, Atlanta', 14],
    ['Denver for ten days', 10],
    ['a fortnight in the Pacific Northwest', 14],
    ['a long weekend in Nashville and Memphis', 4],
    ['From June 10 to June 20: Chicago, Milwaukee', 11],
    ['Seattle and Portland, for a week, 150 guests', 7],
  ])('%s → %s days', (q, days) => expect(c(q).durationDays).toBe(days))

  test("'200 people a night' is a draw, not a one-night tour", () => {
    expect(c('Austin and Dallas, 200 people a night')).toMatchObject({ guestCount: 200, durationDays: 3 })
    expect(c('Austin and Dallas, 200 people a night').setFields).not.toContain('durationDays')
  })

  test.each([
    ['Austin, 300 people', 300],
    ['Austin, 250 cap', 250],
    ['Austin, we draw about 120', 120],
    ['Austin, we usually pull 150-200 people', 200],
    ['Austin, crowd of 800', 800],
    ['Austin, 2k people', 2000],
    ['Austin, 200 draw', 200],
    ['Austin. Guests: 350.', 350],
    ['Austin for a 60 person audience', 60],
  ])('%s → draw %s', (q, guests) => expect(c(q).guestCount).toBe(guests))

  test.each([
    ['Austin, $15,000', 15000],
    ['Austin, $15k', 15000],
    ['Austin, budget 15,000 dollars', 15000],
    ['Austin, 8 grand total', 8000],
    ['Austin, budget of USD 6000', 6000],
    ['Austin, 12k budget', 12000],
    ['Austin, 300 people, 5k', 5000],
  ])('%s → budget %s', (q, budget) => expect(c(q).budget).toBe(budget))

  test.each([
    ['Austin and Dallas, we drive', 'drive'],
    ['Austin and Dallas by van', 'drive'],
    ['Austin and Dallas in our sprinter van', 'drive'],
    ['Austin and Dallas on the tour bus', 'bus'],
    ['Austin and Dallas, we fly', 'fly'],
    ['Austin and Dallas, flying between shows', 'fly'],
    ['Austin and Dallas, we fly in and rent a van', 'drive'],
    ['Austin and Dallas by train', 'train'],
  ])('%s → %s', (q, mode) => expect(c(q).travelMode).toBe(mode))

  test('rest days: every N shows, weekdays, weekends only', () => {
    expect(c('Midwest, a day off every 3 shows').daysOff.everyNShows).toBe(3)
    expect(c('Texas, day off after every 2 shows').daysOff.everyNShows).toBe(2)
    expect(c('Dallas and Austin, no Mondays').daysOff.weekdays).toEqual([1])
    expect(c('Dallas and Austin, no shows on Sundays').daysOff.weekdays).toEqual([0])
    expect(c('Texas, no Mondays or Tuesdays').daysOff.weekdays).toEqual([1, 2])
    expect(c('Birmingham and Mobile, weekends only').daysOff.weekdays).toEqual([1, 2, 3, 4])
  })
})

describe('dates', () => {
  test.each([
    ['Austin in March', '2027-03-01'],
    ['Austin, late March', '2027-03-20'],
    ['Austin mid April', '2027-04-10'],
    ['Austin early May', '2027-05-01'],
    ['Boston, first weekend of October', '2027-10-01'],
    ['Austin, the second week of May', '2027-05-08'],
    ['New Orleans over the weekend of feb 13', '2027-02-12'],
    ['Richmond, the week of May 17', '2027-05-17'],
    ['starting 2027-04-10: Cleveland', '2027-04-10'],
    ['Raleigh starting this Friday', '2026-12-04'],
    ['Denver on the 14th and 15th of May', '2027-05-14'],
    ['Austin on the 3rd, Houston on the 5th of next month', '2027-01-03'],
    ['Spokane, 150 people, Aug', '2027-08-01'],
    ['Chicago next month', '2027-01-01'],
  ])('%s → starts %s', (q, start) => expect(c(q).startDate).toBe(start))

  test("'we may' is not May, 'a night' is not tonight", () => {
    expect(c('we may play Austin').setFields).not.toContain('startDate')
    expect(c('club night tour: Miami, Atlanta. Starting Sept 10').startDate).toBe('2027-09-10')
  })
})

describe('cities, order and roles', () => {
  test.each([
    ['NYC, Philly and DC', ['New York City, NY', 'Philadelphia, PA', 'Washington, DC']],
    ['Baltimore and D.C.', ['Baltimore, MD', 'Washington, DC']],
    ['Richmond, Washington, D.C. and Philadelphia', ['Richmond, VA', 'Washington, DC', 'Philadelphia, PA']],
    ['Washington DC and Baltimore', ['Washington, DC', 'Baltimore, MD']],
    ['LA, SF, San Diego', ['Los Angeles, CA', 'San Francisco, CA', 'San Diego, CA']],
    ['St. Louis, Saint Louis and St Louis', ['St. Louis, MO']],
    ['Raleigh, Winston-Salem', ['Raleigh, NC', 'Winston-Salem, NC']],
    ['Kansas City, KS and Wichita', ['Kansas City, KS', 'Wichita, KS']],
    ['Kansas City MO, Omaha', ['Kansas City, MO', 'Omaha, NE']],
    ['Richmond, Norfolk, Virginia Beach', ['Richmond, VA', 'Norfolk, VA', 'Virginia Beach, VA']],
    ['seatle, portland and boise', ['Seattle, WA', 'Portland, OR', 'Boise, ID']],
    ['detriot, chicgo, milwaukee', ['Detroit, MI', 'Chicago, IL', 'Milwaukee, WI']],
    ['austin houston dallas', ['Austin, TX', 'Houston, TX', 'Dallas, TX']],
    ['houston, new orleans, mobile, tampa', ['Houston, TX', 'New Orleans, LA', 'Mobile, AL', 'Tampa, FL']],
    ['Tampa, Orlando and Jax', ['Tampa, FL', 'Orlando, FL', 'Jacksonville, FL']],
  ])('%s', (q, expected) => expect(names(c(q))).toEqual(expected))

  test('words that are also towns stay words', () => {
    expect(names(c('Hope you can help: Austin and Dallas'))).toEqual(['Austin, TX', 'Dallas, TX'])
    expect(names(c('west coast run, 5 shows'))).toEqual([])
    expect(c('west coast run, 5 shows').regions).toEqual(['west-coast'])
    expect(names(c('a week in California'))).toEqual([])
    expect(c('a week in California').regions).toEqual(['ca'])
  })

  test('ambiguous names: the state, the region or the neighbours decide, else the planner asks', () => {
    expect(names(c('Portland, Maine and Manchester NH'))).toEqual(['Portland, ME', 'Manchester, NH'])
    expect(names(c('Portland and Seattle'))).toEqual(['Portland, OR', 'Seattle, WA'])
    expect(names(c('Portland, Boston and Burlington'))).toEqual(['Portland, ME', 'Boston, MA', 'Burlington, VT'])
    expect(names(c('Springfield, Tulsa and Kansas City'))).toEqual(['Springfield, MO', 'Tulsa, OK', 'Kansas City, MO'])
    expect(names(c('Charleston, Columbia and Savannah'))).toEqual(['Charleston, SC', 'Columbia, SC', 'Savannah, GA'])
    const alone = parse('Portland in June')
    expect(alone.criteria.cities).toEqual([])
    expect(alone.unresolved).toEqual([
      {
        name: 'Portland',
        kind: 'ambiguous',
        options: [expect.objectContaining({ stateCode: 'OR' }), expect.objectContaining({ stateCode: 'ME' })],
      },
    ])
  })

  test('a capitalised name in a list that is no place is reported, not dropped', () => {
    const r = parse('Chicago, Gotham and Detroit')
    expect(names(r.criteria)).toEqual(['Chicago, IL', 'Detroit, MI'])
    expect(r.unresolved).toEqual([{ name: 'Gotham', kind: 'unknown', options: [] }])
    expect(parse('Florida, 4 dates in February').unresolved).toEqual([])
  })

  test('order: arrows, then, in this order, dates beside cities; start, end, from … to, stops on the way', () => {
    expect(c('Boston -> New York -> Philadelphia').keepOrder).toBe(true)
    expect(c('Denver, then Salt Lake City, then Boise').keepOrder).toBe(true)
    expect(c('Cities: Miami, Atlanta, Nashville (in that order)').keepOrder).toBe(true)
    expect(c('Dallas Friday, Austin Saturday').keepOrder).toBe(true)
    expect(c('Austin, Dallas and Houston').keepOrder).toBe(false)
    expect(c('from Los Angeles to Phoenix with a stop in San Diego')).toMatchObject({
      startCity: 'los angeles, ca',
      endCity: 'phoenix, az',
    })
    expect(c('Boston to DC with stops in NYC and Philly')).toMatchObject({ startCity: 'boston, ma', endCity: 'washington, dc' })
    expect(c('from austin to dallas and houston')).toMatchObject({ startCity: 'austin, tx', endCity: null })
    expect(c('Salt Lake City first, Denver last, Albuquerque in between')).toMatchObject({
      startCity: 'salt lake city, ut',
      endCity: 'denver, co',
    })
  })

  test('home: based in, out of, X-based, home base; back home and loops', () => {
    expect(c("We're based in Portland, Oregon, 5 shows down the west coast")).toMatchObject({
      homeCity: 'portland, or',
      startCity: 'portland, or',
      regions: ['west-coast'],
      heading: 'south',
      showCount: 5,
    })
    expect(c('Denver-based duo, 3 shows in the Rockies')).toMatchObject({ homeCity: 'denver, co', crewSize: 2 })
    expect(c('Nashville band. Atlanta, Birmingham and Memphis then back home')).toMatchObject({
      homeCity: 'nashville, tn',
      returnHome: true,
    })
    expect(c('Midwest tour, starting and ending in Chicago')).toMatchObject({ homeCity: 'chicago, il', returnHome: true })
  })
})

test('the parser never throws and stays within its bounds, whatever the text', () => {
  const words = fc.constantFrom(
    'Austin',
    'to',
    'from',
    '5',
    'shows',
    '$',
    'k',
    'Portland',
    'late',
    'March',
    'the',
    '3rd',
    'of',
    ',',
    '->',
    'no',
    'Mondays',
    'weekend',
    'in',
    'Texas',
    'back home',
    '2027-04-10',
    '9999-12-31',
    'people',
    'weeks',
  )
  fc.assert(
    fc.property(
      fc.oneof(
        fc.string({ maxLength: 300 }),
        fc.array(words, { maxLength: 40 }).map((w) => w.join(' ')),
      ),
      (text) => {
        const r = parseTourRequest(text, { today: TODAY, gazetteer })
        expect(r.criteria.cities.length).toBeLessThanOrEqual(100)
        expect(r.criteria.durationDays).toBeGreaterThanOrEqual(1)
        expect(r.criteria.durationDays).toBeLessThanOrEqual(365)
        expect(r.criteria.showCount ?? 1).toBeLessThanOrEqual(60)
        expect(r.criteria.startDate >= TODAY).toBe(true)
      },
    ),
    { numRuns: 300 },
  )
})
