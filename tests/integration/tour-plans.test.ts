import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookings, tourPlans, venueCalendar } from '~/db/schema'
import { addDays } from '~/core/dates'
import { tourPlannerUrl } from '~/features/tours/tour-planner-url'
import { loader as pageLoader } from '~/routes/_planner+/ai-tour-planner._index'
import { action as savedAction } from '~/routes/_planner+/saved-tour-plans.$id'
import { loader as icsLoader } from '~/routes/_planner+/travel-booking-demo_.calendar[.]ics'
import { action as saveAction } from '~/routes/api+/v1.tour-plans.save'
import { loader as myPlans } from '~/routes/api+/v1.tour-plans.my-plans'
import { action as planAction, loader as planLoader } from '~/routes/api+/v1.tour-plans.$id'
import { createMultiBooking } from '~/features/bookings/multi-booking.server'
import { emptyDateSuggestions } from '~/features/owners/owner-tools.server'
import { loadCandidates } from '~/features/tours/tour-candidates.server'
import { planCriteria } from '~/features/tours/tour-planning.server'
import { getPlan, savePlan } from '~/features/tours/tours.server'
import { holdAllDates } from '~/features/tours/tour-holds.server'
import { criteriaFromParams } from '~/features/tours/tour-planner-url'
import { inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { cityVenue } from '../support/tour-plans'
import { createTestUser, formRequest, jsonRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const start = inDays(30)
const criteriaQuery = `cities=Austin, TX|Denver, CO|Dallas, TX&startDate=${start}&days=6&guests=300&budget=20000&mode=drive&eventType=concert`
const params = (q: string) => new URLSearchParams(q)

async function seedCities() {
  const austin = await cityVenue('Austin', 'TX', 30.27, -97.74)
  const austin2 = await cityVenue('Austin', 'TX', 30.28, -97.75, { dayRate: 2500 })
  const dallas = await cityVenue('Dallas', 'TX', 32.78, -96.8)
  const denver = await cityVenue('Denver', 'CO', 39.74, -104.99)
  const small = await cityVenue('Denver', 'CO', 39.75, -104.98, { capacity: 100, dayRate: 200 })
  return { austin, austin2, dallas, denver, small }
}

describe('tour planner service and API', () => {
  test('plans on live calendars: holds, bookings and blocks are respected, unknown cities reported', async () => {
    const v = await seedCities()
    const other = await createTestUser('organizer')
    // Austin's cheaper hall is held on every day of the window, Dallas is blocked on the first two days.
    await db.insert(bookings).values({
      venueId: v.austin.id,
      organizerId: other.user.id,
      startDate: start,
      endDate: addDays(start, 5),
      status: 'pending',
      eventType: 'Gig',
      guests: 5,
      offerAmount: 0,
      holdExpiresAt: new Date(Date.now() + 7 * 86_400_000),
    })
    await db.insert(venueCalendar).values([
      { venueId: v.dallas.id, date: start, blocked: true },
      { venueId: v.dallas.id, date: addDays(start, 1), blocked: true },
    ])
    const { criteria } = criteriaFromParams(
      params(criteriaQuery.replace('cities=Austin, TX|Denver, CO|Dallas, TX', 'cities=Austin, TX|Denver|Dallas, TX|Zzyzxville')),
      start,
    )
    const candidates = await loadCandidates(criteria)
    expect(candidates.get('austin, tx')!.find((c) => c.id === v.austin.id)!.unavailableDates).toHaveLength(6)
    const { plan } = await planCriteria(criteria, null)
    expect(plan.unplaced.find((u) => u.city === 'Zzyzxville')).toMatchObject({
      kind: 'unknown',
      reason: expect.stringMatching(/do not know a US city called Zzyzxville/),
    })
    expect(plan.stops.map((s) => s.city).sort()).toEqual(['Austin, TX', 'Dallas, TX', 'Denver, CO'])
    const byCity = Object.fromEntries(plan.stops.map((s) => [s.city, s]))
    expect(byCity['Austin, TX']!.venue.id).toBe(v.austin2.id)
    expect(byCity['Dallas, TX']!.date >= addDays(start, 2)).toBe(true)
    // 300 guests: the 100-seat Denver room is never chosen.
    expect(byCity['Denver, CO']!.venue.id).toBe(v.denver.id)
  })

  test('the text planner page parses a sentence, accepts the structured contract and says 400 for bad params', async () => {
    await seedCities()
    const get = (qs: string) =>
      pageLoader(routeArgs(new Request(`http://localhost/ai-tour-planner?${qs}`))) as unknown as Promise<{
        data: {
          plan: { stops: unknown[] } | null
          criteria: { travelMode: string; guestCount: number } | null
          errors: Record<string, string>
        }
        init: { status: number } | null
      }>
    const text = await get(new URLSearchParams({ q: 'From Austin to Denver, 300 people, $15,000, we fly' }).toString())
    expect(text.data.plan?.stops).toHaveLength(2)
    expect(text.data.criteria).toMatchObject({ travelMode: 'fly', guestCount: 300 })
    const url = tourPlannerUrl({
      cities: ['Austin, TX', 'Dallas, TX'],
      startDate: start,
      durationDays: 4,
      budget: 9000,
      guestCount: 200,
      travelMode: 'bus',
    })
    const structured = await get(url.split('?')[1]!)
    expect(structured.data.plan?.stops).toHaveLength(2)
    expect(structured.init?.status ?? 200).toBe(200)
    const bad = await get('cities=Austin, TX&startDate=2027-02-31&mode=boat')
    expect(bad.init?.status).toBe(400)
    expect(Object.keys(bad.data.errors).sort()).toEqual(['mode', 'startDate'])
  })

  test('saved plans API: save, list, get, rename and re-plan, delete; owner-only; bad input 400', async () => {
    await seedCities()
    const me = await createTestUser('organizer')
    const someone = await createTestUser('organizer')
    const auth = (u: { token: string }) => ({ Authorization: `Bearer ${u.token}` })
    const anon = (await saveAction({
      request: jsonRequest('http://localhost/api/v1/tour-plans/save', { criteria: criteriaQuery }),
      params: {},
      context: {},
    })) as Response
    expect(anon.status).toBe(401)
    const bad = (await saveAction({
      request: jsonRequest('http://localhost/api/v1/tour-plans/save', { criteria: 'cities=Austin&days=0' }, { headers: auth(me) }),
      params: {},
      context: {},
    })) as Response
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { error: { fields: Record<string, string[]> } }).error.fields['criteria.days']).toBeDefined()
    const noCities = (await saveAction({
      request: jsonRequest('http://localhost/api/v1/tour-plans/save', { criteria: { budget: 100 } }, { headers: auth(me) }),
      params: {},
      context: {},
    })) as Response
    expect(noCities.status).toBe(400)
    const created = (await saveAction({
      request: jsonRequest(
        'http://localhost/api/v1/tour-plans/save',
        {
          name: 'Spring run',
          criteria: { cities: ['Austin, TX', 'Denver, CO'], startDate: start, durationDays: 5, guestCount: 250, budget: 12000 },
        },
        { headers: auth(me) },
      ),
      params: {},
      context: {},
    })) as Response
    expect(created.status).toBe(201)
    const plan = (
      (await created.json()) as { data: { id: string; cities: string[]; venueIds: string[]; totalCost: number; plannerUrl: string } }
    ).data
    expect(plan.cities.sort()).toEqual(['Austin, TX', 'Denver, CO'])
    expect(plan.venueIds).toHaveLength(2)
    expect(plan.plannerUrl).toMatch(/^\/ai-tour-planner\?cities=/)

    const list = (await myPlans(
      routeArgs(new Request('http://localhost/api/v1/tour-plans/my-plans', { headers: auth(me) }), {}),
    )) as Response
    expect(((await list.json()) as { data: { id: string }[] }).data.map((p) => p.id)).toEqual([plan.id])
    const theirs = (await myPlans(
      routeArgs(new Request('http://localhost/api/v1/tour-plans/my-plans', { headers: auth(someone) }), {}),
    )) as Response
    expect(((await theirs.json()) as { data: unknown[] }).data).toEqual([])

    const url = `http://localhost/api/v1/tour-plans/${plan.id}`
    const foreign = (await planLoader(routeArgs(new Request(url, { headers: auth(someone) }), { id: plan.id }))) as Response
    expect(foreign.status).toBe(404)
    const foreignDelete = (await planAction(
      routeArgs(new Request(url, { method: 'DELETE', headers: auth(someone) }), { id: plan.id }),
    )) as Response
    expect(foreignDelete.status).toBe(404)
    const foreignPut = (await planAction({
      request: jsonRequest(url, { name: 'Mine now' }, { method: 'PUT', headers: auth(someone) }),
      params: { id: plan.id },
      context: {},
    })) as Response
    expect(foreignPut.status).toBe(404)

    const put = (await planAction({
      request: jsonRequest(url, { name: 'Renamed', criteria: `${criteriaQuery}` }, { method: 'PUT', headers: auth(me) }),
      params: { id: plan.id },
      context: {},
    })) as Response
    expect(put.status).toBe(200)
    const row = (await db.select().from(tourPlans).where(eq(tourPlans.id, plan.id)))[0]!
    expect(row.name).toBe('Renamed')
    expect(row.cities).toHaveLength(3)
    expect(row.venueIds).toEqual((row.plan as { stops: { venue: { id: string } }[] }).stops.map((s) => s.venue.id))
    const emptyName = (await planAction({
      request: jsonRequest(url, { name: '' }, { method: 'PUT', headers: auth(me) }),
      params: { id: plan.id },
      context: {},
    })) as Response
    expect(emptyName.status).toBe(400)
    const del = (await planAction(routeArgs(new Request(url, { method: 'DELETE', headers: auth(me) }), { id: plan.id }))) as Response
    expect(del.status).toBe(200)
    const gone = (await planLoader(routeArgs(new Request(url, { headers: auth(me) }), { id: plan.id }))) as Response
    expect(gone.status).toBe(404)
  })

  test('hold all dates: one transaction, re-plans around a date taken since, reports the move', async () => {
    const v = await seedCities()
    const me = await createTestUser('organizer')
    const saved = await savePlan(me.user, {
      name: 'Hold me',
      criteria: `cities=Austin, TX|Dallas, TX&startDate=${start}&days=4&guests=300&budget=20000`,
    })
    const austinStop = saved.plan.stops.find((s) => s.city === 'Austin, TX')!
    // Someone books the chosen Austin venue on the planned date after the plan was saved.
    const rival = await createTestUser('organizer')
    await createMultiBooking(rival.user, {
      items: [{ venueId: austinStop.venue.id, startDate: austinStop.date }],
      eventType: 'Gig',
      guests: 10,
      offerAmount: 100,
      message: '',
    })
    const result = await holdAllDates(me.user, saved.id, { submissionId: 'hold-1' })
    expect(result.moves.map((m) => m.city)).toEqual(['Austin, TX'])
    expect(result.bookings).toHaveLength(2)
    const mine = await db.select().from(bookings).where(eq(bookings.organizerId, me.user.id))
    expect(mine.map((b) => b.status)).toEqual(['pending', 'pending'])
    expect(mine.some((b) => b.venueId === austinStop.venue.id && b.startDate === austinStop.date)).toBe(false)
    const updated = await getPlan(me.user, saved.id)
    expect(updated.venueIds).toEqual(result.plan.stops.map((s) => s.venue.id))
    // A double submit of the same form places nothing more.
    const again = await holdAllDates(me.user, saved.id, { submissionId: 'hold-1' })
    expect(again.created).toBe(false)
    expect(await db.select().from(bookings).where(eq(bookings.organizerId, me.user.id))).toHaveLength(2)
    void v
  })

  test('the saved plan page: delete asks twice, another user gets 404, hold goes to the review step', async () => {
    await seedCities()
    const me = await createTestUser('organizer')
    const someone = await createTestUser('organizer')
    const saved = await savePlan(me.user, { criteria: `cities=Austin, TX&startDate=${start}&days=2&guests=100&budget=5000` })
    const post = (fields: Record<string, string>, cookie: string) =>
      savedAction({
        request: formRequest(`http://localhost/saved-tour-plans/${saved.id}`, fields, { Cookie: cookie }),
        params: { id: saved.id },
        context: {},
      }).catch((e: unknown) => e) as Promise<Response>
    expect((await post({ intent: 'delete' }, someone.cookie)).status).toBe(404)
    const first = await post({ intent: 'delete' }, me.cookie)
    expect(first.headers.get('Location')).toBe(`/saved-tour-plans/${saved.id}?confirm=delete`)
    expect(await db.select().from(tourPlans).where(eq(tourPlans.id, saved.id))).toHaveLength(1)
    // Travel legs and the calendar of a saved plan: the owner only.
    const demo = (path: string, cookie?: string) =>
      icsLoader(routeArgs(new Request(`http://localhost${path}`, { headers: cookie ? { Cookie: cookie } : {} }), {})).catch(
        (e: unknown) => e,
      ) as Promise<Response>
    const ics = await demo(`/travel-booking-demo/calendar.ics?plan=${saved.id}`, me.cookie)
    expect(ics.status).toBe(200)
    expect(ics.headers.get('Content-Type')).toMatch(/^text\/calendar/)
    expect(await ics.text()).toMatch(/BEGIN:VEVENT[\s\S]*Austin/)
    expect((await demo(`/travel-booking-demo/calendar.ics?plan=${saved.id}`, someone.cookie)).status).toBe(404)
    expect((await demo(`/travel-booking-demo/calendar.ics?plan=${saved.id}`)).headers.get('Location')).toMatch(/^\/login\?redirectTo=/)
    expect((await demo('/travel-booking-demo/calendar.ics?cities=Austin, TX&days=0')).status).toBe(400)
    // Holding is reviewed first (tests/integration/tour-holds-review.test.ts): nothing is sent here.
    const hold = await post({ intent: 'hold', submissionId: 'x1' }, me.cookie)
    expect(hold.headers.get('Location')).toBe(`/saved-tour-plans/${saved.id}/hold`)
    expect(await db.select().from(bookings).where(eq(bookings.organizerId, me.user.id))).toHaveLength(0)
    const second = await post({ intent: 'delete', confirm: 'yes' }, me.cookie)
    expect(second.headers.get('Location')).toBe('/saved-tour-plans')
    expect(await db.select().from(tourPlans).where(eq(tourPlans.id, saved.id))).toHaveLength(0)
  })

  test("owners see how many saved tours want their venue's city", async () => {
    const owner = await createTestUser('venue_owner')
    await cityVenue('Austin', 'TX', 30.27, -97.74, { ownerId: owner.user.id, claimed: true })
    const me = await createTestUser('organizer')
    const before = (await emptyDateSuggestions(owner.user))[0]!.savedTours
    await savePlan(me.user, { criteria: `cities=Austin, TX&startDate=${start}&days=2` })
    await savePlan(me.user, { criteria: `cities=Denver, CO&startDate=${start}&days=2` })
    expect((await emptyDateSuggestions(owner.user))[0]!.savedTours).toBe(before + 1)
  })

  test('a plan saved before the revenue estimate and the new criteria fields reads with them', async () => {
    const me = await createTestUser('organizer')
    await seedCities()
    const saved = await savePlan(me.user, { criteria: `cities=Austin, TX&startDate=${start}&days=2&guests=300` })
    // As rows were written before: no revenue, no way home, no weekday days off, no home or order.
    const old = JSON.parse(JSON.stringify(saved.plan)) as Record<string, unknown> & { stops: Record<string, unknown>[] }
    for (const stop of old.stops) for (const k of ['ticketPrice', 'attendance', 'gross', 'money']) delete stop[k]
    delete old.revenue
    delete old.returnLeg
    const criteria = JSON.parse(JSON.stringify(saved.criteria)) as Record<string, unknown> & { daysOff: Record<string, unknown> }
    for (const k of ['homeCity', 'returnHome', 'keepOrder', 'showCount', 'regions', 'heading']) delete criteria[k]
    delete criteria.daysOff.weekdays
    await db.update(tourPlans).set({ plan: old, criteria }).where(eq(tourPlans.id, saved.id))
    const read = await getPlan(me.user, saved.id)
    expect(read.plan.stops[0]).toMatchObject({ attendance: 300, ticketPrice: 20, gross: 6000, money: { deal: 'rental', income: 6000 } })
    expect(read.plan.revenue).toEqual({ gross: 6000, profit: 6000 - read.plan.costs.total })
    expect(read.plan.returnLeg).toBeNull()
    expect(read.criteria).toMatchObject({ homeCity: null, keepOrder: false, regions: [], daysOff: { weekdays: [] } })
  })
})
