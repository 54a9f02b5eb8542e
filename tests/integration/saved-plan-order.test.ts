import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { tourPlannerParams } from '~/features/tours/tour-planner-url'
import { planTourRequest } from '~/features/tours/tour-planning.server'
import { deletePlan, getPlan, savePlan } from '~/features/tours/tours.server'
import type { Plan } from '~/planner'
import { inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { cityVenue } from '../support/tour-plans'
import { createTestUser } from '../support/users'

// A saved plan is the plan the page showed: the page's Save posts the planned criteria (the
// query of tourPlannerParams) and the service plans them again; the stops must come back in the
// same order, in the same rooms, on the same dates, at the same prices (docs/planner.md, Saving).

useTestDatabase()

const CITIES = [
  { city: 'Austin', state: 'TX', lat: 30.27, lng: -97.74 },
  { city: 'Dallas', state: 'TX', lat: 32.78, lng: -96.8 },
  { city: 'Houston', state: 'TX', lat: 29.76, lng: -95.37 },
  { city: 'Oklahoma City', state: 'OK', lat: 35.47, lng: -97.52 },
  { city: 'Denver', state: 'CO', lat: 39.74, lng: -104.99 },
  { city: 'Kansas City', state: 'MO', lat: 39.1, lng: -94.58 },
  { city: 'Memphis', state: 'TN', lat: 35.15, lng: -90.05 },
  { city: 'Nashville', state: 'TN', lat: 36.16, lng: -86.78 },
  { city: 'Albuquerque', state: 'NM', lat: 35.08, lng: -106.65 },
]

const shown = (plan: Plan) =>
  plan.stops.map((s) => ({ city: s.city, venue: s.venue.id, date: s.date, price: s.price, offer: s.money?.offer }))

describe('saving keeps the plan shown', () => {
  test('for random requests, save then load gives the same stops in the same order', async () => {
    let rate = 500
    for (const c of CITIES) {
      // Two rooms a city at different prices, so the room chosen is part of what must be kept.
      await cityVenue(c.city, c.state, c.lat, c.lng, { dayRate: (rate += 137) })
      await cityVenue(c.city, c.state, c.lat + 0.01, c.lng, { dayRate: rate + 400, capacity: 900 })
    }
    const me = await createTestUser('organizer')
    const request = fc.record({
      cities: fc.shuffledSubarray(CITIES, { minLength: 2, maxLength: 7 }),
      sentence: fc.boolean(),
      offset: fc.integer({ min: 20, max: 90 }),
      days: fc.option(fc.integer({ min: 4, max: 30 }), { nil: undefined }),
      guests: fc.option(fc.integer({ min: 50, max: 800 }), { nil: undefined }),
      budget: fc.option(fc.integer({ min: 1000, max: 40000 }), { nil: undefined }),
      keepOrder: fc.boolean(),
    })
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        const names = r.cities.map((c) => `${c.city}, ${c.state}`)
        const params = new URLSearchParams()
        if (r.sentence) {
          // As a booker types it: the sentence goes through the parser.
          const bits = [`shows in ${names.join(' and ')}`, `starting ${inDays(r.offset)}`]
          if (r.days) bits.push(`for ${r.days} days`)
          if (r.guests) bits.push(`${r.guests} people`)
          if (r.budget) bits.push(`budget $${r.budget}`)
          params.set('q', bits.join(', '))
        } else {
          params.set('cities', names.join('|'))
          params.set('startDate', inDays(r.offset))
          if (r.days) params.set('days', String(r.days))
          if (r.guests) params.set('guests', String(r.guests))
          if (r.budget) params.set('budget', String(r.budget))
          if (r.keepOrder) params.set('order', 'fixed')
        }
        const page = await planTourRequest(params, me.user)
        if (!page.result) return
        // What the page's Save form posts (app/routes/_planner+/planner-page.server.ts).
        const saved = await savePlan(me.user, { name: 'Order', criteria: tourPlannerParams(page.result.criteria).toString() })
        try {
          expect(shown((await getPlan(me.user, saved.id)).plan)).toEqual(shown(page.result.plan))
        } finally {
          await deletePlan(me.user, saved.id)
        }
      }),
      { numRuns: 40 },
    )
  }, 120_000)
})
