import { defineRoutes } from '@remix-run/dev/dist/config/routes.js'
import { describe, expect, test } from 'vitest'
import { routes } from '../../remix.config.js'
import { tourCalendar, travelLegs } from '~/features/tours/tour-ics.server'
import { itineraryDays } from '~/components/planner/plan-view'
import { chatCriteria, chatTurn, freshState } from '~/features/tours/tour-chat.server'
import { applyActions, createCriteria, planTour, type VenueCandidate } from '~/planner'

const manifest = routes(defineRoutes)

test('the planner pages sit at the paths of docs/product.md, directly under root', () => {
  const byPath = new Map(Object.values(manifest).map((r) => [r.path ?? '', r]))
  for (const path of [
    'ai-tour-planner',
    'ai-tour-planner/conversational',
    'ai-tour-planner/enhanced',
    'saved-tour-plans',
    'saved-tour-plans/:id',
    'travel-booking-demo',
    'travel-booking-demo/calendar.ics',
    'api/v1/tour-plans/save',
    'api/v1/tour-plans/my-plans',
    'api/v1/tour-plans/:id',
  ]) {
    expect(byPath.get(path)?.parentId, path).toBe('root')
  }
})

const venue = (id: string, city: string, stateCode: string, lat: number, lng: number): VenueCandidate => ({
  id,
  name: `${city} Hall`,
  city,
  stateCode,
  lat,
  lng,
  capacity: 500,
  dayRate: 1000,
  venueType: 'club',
  genres: ['rock'],
  amenities: [],
  unavailableDates: [],
})

function samplePlan() {
  const c = applyActions(createCriteria('2027-03-01'), [
    { type: 'setCities', cities: ['Austin, TX', 'Denver, CO'] },
    { type: 'setDuration', days: 6 },
    { type: 'setTravelMode', mode: 'drive' },
  ])
  return planTour(c, {
    'austin, tx': [venue('a'.repeat(24), 'Austin', 'TX', 30.27, -97.74)],
    'denver, co': [venue('b'.repeat(24), 'Denver', 'CO', 39.74, -104.99)],
  })
}

describe('travel legs and the calendar', () => {
  test('a long drive puts a travel day in the itinerary and the leg leaves the day before', () => {
    const plan = samplePlan()
    expect(plan.stops).toHaveLength(2)
    const legs = travelLegs(plan)
    expect(legs).toHaveLength(1)
    expect(legs[0]!.arrives).toBe(plan.stops[1]!.date)
    expect(legs[0]!.departs < legs[0]!.arrives).toBe(true)
    expect(itineraryDays(plan).map((d) => d.kind)).toContain('travel')
    const ics = tourCalendar(plan, 'Spring run', 'https://example.test/p')
    expect(ics).toMatch(/BEGIN:VCALENDAR/)
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3)
    expect(ics).toMatch(/DTSTART;VALUE=DATE:2027030\d/)
    expect(ics.replace(/\r\n /g, '')).toContain('SUMMARY:Travel: Austin\\, TX → Denver\\, CO (drive)')
  })

  test('no shows, no calendar', () => {
    expect(() => tourCalendar({ ...samplePlan(), stops: [], legs: [] }, 'Empty', 'x')).toThrow(/without shows/)
  })
})

describe('the chat planner', () => {
  test('asks for what is missing, takes direct answers, edits and skips', () => {
    let s = freshState('2027-01-10')
    s = chatTurn(s, 'Austin and Denver in March')
    expect(chatCriteria(s).cities.map((c) => c.name)).toEqual(['Austin', 'Denver'])
    expect(s.asked).toBe('guestCount')
    expect(s.messages.at(-1)!.text).toMatch(/How many guests/)
    s = chatTurn(s, '300')
    expect(chatCriteria(s).guestCount).toBe(300)
    expect(s.asked).toBe('budget')
    s = chatTurn(s, '$15k')
    expect(chatCriteria(s).budget).toBe(15000)
    s = chatTurn(s, 'qwerty uiop')
    expect(s.messages.at(-1)!.text).toMatch(/did not catch that. How many days/)
    s = chatTurn(s, 'add Nashville and drop Denver, make it 5 days')
    const c = chatCriteria(s)
    expect(c.cities.map((x) => x.name)).toEqual(['Austin', 'Nashville'])
    expect(c.durationDays).toBe(5)
    s = chatTurn(s, 'skip')
    expect(s.skipped.length).toBe(1)
    s = chatTurn(s, 'cheaper')
    expect(chatCriteria(s).priority).toBe('cost')
    expect(s.messages.length).toBeLessThanOrEqual(8)
    s = chatTurn(s, 'start over')
    expect(chatCriteria(s).cities).toEqual([])
  })

  test('an edit changes only what it names, the reply says what changed, and constraints survive the cookie', () => {
    let s = freshState('2027-01-10')
    s = chatTurn(s, 'Denver, Salt Lake City and Boise in May, avoid Texas, 4-5 dates, last show by May 20, 200 cap')
    expect(chatCriteria(s).exclude.states).toEqual(['TX'])
    s = chatTurn(s, 'swap Boise for Albuquerque')
    expect(s.messages.at(-1)!.text).toMatch(/^Got it\. Changed: Albuquerque, NM instead of Boise, ID\./)
    s = chatTurn(s, 'make it 2 more shows')
    expect(s.messages.at(-1)!.text).toMatch(/Changed: 5 shows \(was 3\)|Changed: 7 shows \(was 5\)/)
    s = chatTurn(s, 'no Nevada at all')
    const c = chatCriteria(s)
    expect(c.cities.map((x) => x.name)).toEqual(['Denver', 'Salt Lake City', 'Albuquerque'])
    expect(c.exclude.states).toEqual(['TX', 'NV'])
    expect(c.minShows).toBe(4)
    expect(c.endDate).toBe('2027-05-20')
    expect(s.messages.at(-1)!.text).toMatch(/Changed: never in Nevada/)
  })

  test('words nobody read are said back', () => {
    const s = chatTurn(freshState('2027-01-10'), 'Austin and Denver in March, 300 cap, flamboyant pyrotechnics')
    expect(s.messages.at(-1)!.text).toMatch(/I did not understand: flamboyant, pyrotechnics\./)
  })
})
