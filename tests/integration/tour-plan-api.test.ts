import { beforeEach, describe, expect, test } from 'vitest'
import { action as chatAction, loader as chatLoader } from '~/routes/_planner+/ai-tour-planner.conversational'
import { loader as planApi } from '~/routes/api+/v1.tour-plans.plan'
import { PLAN_REQUESTS_PER_MINUTE, planLimiter } from '~/features/tours/tour-planning.server'
import { inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { cityVenue } from '../support/tour-plans'
import { formRequest, setCookies } from '../support/users'
import { routeArgs } from '../support/api'

// GET /api/v1/tour-plans/plan (public, rate-limited, 400 per field) and the chat planner's rule:
// no plan on values nobody gave before its questions are answered or skipped.

useTestDatabase()

async function seed() {
  const room = { capacity: 400, dayRate: 1500 }
  await cityVenue('Austin', 'TX', 30.27, -97.74, room)
  await cityVenue('Austin', 'TX', 30.28, -97.75, { capacity: 1200, dayRate: 5000 })
  await cityVenue('Denver', 'CO', 39.74, -104.99, room)
  await cityVenue('Dallas', 'TX', 32.78, -96.8, room)
  await cityVenue('Washington, D.C.', 'DC', 38.9, -77.03, room)
  await cityVenue('Baltimore', 'MD', 39.29, -76.61, room)
}

type Body = {
  data?: {
    criteria: Record<string, unknown>
    plan: {
      stops: { city: string; date: string; venue: Record<string, unknown>; ticketPrice: number }[]
      unplaced: { city: string }[]
      revenue: { gross: number }
    }
    alternative: { stops: unknown[] } | null
    changes: string[]
    constraints: { kind: string; hard: boolean; says: string; from: string[] }[]
    unmet: string[]
    notUnderstood: string[]
    assumptions: string[]
  }
  error?: { message: string; code: string; fields?: Record<string, string[]> }
}

async function get(qs: string, ip = '203.0.113.7') {
  const response = (await planApi({
    request: new Request(`http://localhost/api/v1/tour-plans/plan?${qs}`),
    params: {},
    context: { ip },
  })) as Response
  return { status: response.status, body: (await response.json()) as Body }
}

beforeEach(() => planLimiter.reset())

describe('GET /api/v1/tour-plans/plan', () => {
  test('a sentence: the criteria as understood and the plan, no sign-in needed', async () => {
    await seed()
    const { status, body } = await get(
      new URLSearchParams({ q: `Washington DC and Baltimore on ${inDays(40)}, 300 people, $9,000, we drive` }).toString(),
    )
    expect(status).toBe(200)
    expect(body.data?.criteria).toMatchObject({
      cities: ['Washington, DC', 'Baltimore, MD'],
      startDate: inDays(40),
      guests: 300,
      budget: 9000,
      travelMode: 'drive',
    })
    expect(body.data?.plan.stops.map((s) => s.city).sort()).toEqual(['Baltimore, MD', 'Washington, DC'])
    const venue = body.data?.plan.stops[0]?.venue
    expect(Object.keys(venue ?? {}).sort()).toEqual([
      'capacity',
      'city',
      'genres',
      'id',
      'lat',
      'lng',
      'name',
      'price',
      'stateCode',
      'venueType',
    ])
    expect(body.data?.plan.stops[0]?.ticketPrice).toBeGreaterThan(0)
    expect(body.data?.plan.revenue.gross).toBeGreaterThan(0)
  })

  test('as written it cannot work: the nearest plan, what changed, and the as-written one', async () => {
    await seed()
    const { status, body } = await get(
      new URLSearchParams({ q: `2 nights from Austin to Denver starting ${inDays(50)}, 300 people, we drive` }).toString(),
    )
    expect(status).toBe(200)
    expect(body.data?.plan.stops.map((s) => s.city)).toEqual(['Austin, TX', 'Denver, CO'])
    expect(body.data?.criteria.days).toBe(3)
    expect(body.data?.changes[0]).toMatch(/too few/)
    expect(body.data?.alternative?.stops).toHaveLength(1)
  })

  test('a ruled-out state is never played, each constraint shows its words, and what cannot be kept is named', async () => {
    await seed()
    const q = `Texas and Colorado from ${inDays(30)}, 4 shows, avoid Texas, Toronto too, 300 cap, zorblax`
    const { status, body } = await get(new URLSearchParams({ q }).toString())
    expect(status).toBe(200)
    expect(body.data?.plan.stops.map((s) => s.city)).toEqual(['Denver, CO'])
    expect(body.data?.constraints).toContainEqual({ kind: 'exclude', hard: true, says: 'Never in Texas', from: ['avoid Texas'] })
    expect(body.data?.unmet.join(' ')).toMatch(/Not met: 4 shows: only 1 could be placed/)
    expect(body.data?.changes).toEqual(expect.arrayContaining(body.data?.unmet ?? []))
    expect(body.data?.plan.unplaced).toContainEqual(expect.objectContaining({ city: 'Toronto', kind: 'outside' }))
    expect(body.data?.notUnderstood).toEqual(['zorblax'])
    expect(body.data?.criteria).toMatchObject({ excludedStates: ['TX'] })
  })

  test('no date: six weeks out, said as an assumption', async () => {
    await seed()
    const { body } = await get(new URLSearchParams({ q: 'Austin and Dallas, 300 cap, we drive' }).toString())
    expect(body.data?.assumptions.join(' ')).toMatch(/No date was given/)
    expect(body.data?.plan.stops[0]?.date).toBe(inDays(42))
  })

  test('the structured query of the planner pages works too', async () => {
    await seed()
    const { status, body } = await get(
      `cities=${encodeURIComponent('Austin, TX|Dallas, TX')}&startDate=${inDays(30)}&days=4&guests=300&shows=2&order=fixed`,
    )
    expect(status).toBe(200)
    expect(body.data?.plan.stops.map((s) => s.city)).toEqual(['Austin, TX', 'Dallas, TX'])
    expect(body.data?.criteria).toMatchObject({ keepOrder: true, shows: 2 })
  })

  test('bad input is 400 with a message per field', async () => {
    const none = await get('')
    expect(none.status).toBe(400)
    expect(none.body.error?.fields?.q).toBeDefined()
    const noCity = await get('q=something+fun+for+200+people')
    expect(noCity.status).toBe(400)
    expect(noCity.body.error?.fields?.q?.[0]).toMatch(/Which cities/)
    const far = await get(new URLSearchParams({ q: 'Austin and Dallas on 2035-03-01' }).toString())
    expect(far.status).toBe(400)
    expect(far.body.error?.fields?.startDate?.[0]).toMatch(/within the next three years/)
    const params = await get(`cities=Austin&mode=boat&shows=0&noDays=funday`)
    expect(params.status).toBe(400)
    expect(Object.keys(params.body.error?.fields ?? {}).sort()).toEqual(['mode', 'noDays', 'shows'])
    const long = await get(new URLSearchParams({ q: `Austin ${'x'.repeat(1001)}` }).toString())
    expect(long.status).toBe(400)
    expect(long.body.error?.fields?.q?.[0]).toMatch(/at most 1000 characters/)
    // A list parameter repeated thousands of times is refused by name before anything is planned.
    const repeated = await get(`q=Austin+to+Denver+in+March&${'cities=Austin%2C+TX&'.repeat(5000)}`)
    expect(repeated.status).toBe(400)
    expect(repeated.body.error?.fields?.cities).toEqual(['At most 100 cities: more were sent.'])
  })

  test(`rate-limited: ${PLAN_REQUESTS_PER_MINUTE} a minute per address, others unaffected`, async () => {
    await seed()
    const qs = `cities=${encodeURIComponent('Austin, TX')}&startDate=${inDays(30)}`
    for (let i = 0; i < PLAN_REQUESTS_PER_MINUTE; i++) expect((await get(qs, '198.51.100.1')).status).toBe(200)
    const limited = await get(qs, '198.51.100.1')
    expect(limited.status).toBe(429)
    expect(limited.body.error?.code).toBe('RATE_LIMITED')
    expect((await get(qs, '198.51.100.2')).status).toBe(200)
  })
})

describe('the chat planner', () => {
  async function say(cookie: string, message: string) {
    const response = (await chatAction({
      request: formRequest('http://localhost/ai-tour-planner/conversational', { intent: 'say', message }, cookie ? { Cookie: cookie } : {}),
      params: {},
      context: {},
    })) as Response
    return setCookies(response)
      .map((c) => c.split(';')[0])
      .join('; ')
  }
  const view = async (cookie: string) =>
    (await chatLoader(routeArgs(new Request('http://localhost/ai-tour-planner/conversational', { headers: { Cookie: cookie } }), {}))) as {
      plan: { stops: unknown[] } | null
      messages: { text: string }[]
      defaultName: string
    }

  test('shows no plan built on assumed values until its questions are answered or skipped', async () => {
    await seed()
    let cookie = await say('', 'Austin and Dallas next month')
    let page = await view(cookie)
    expect(page.plan).toBeNull()
    expect(page.messages.at(-1)?.text).toMatch(/How many guests/)
    cookie = await say(cookie, '300')
    expect((await view(cookie)).plan).toBeNull()
    for (const answer of ['$9,000', '4 days', 'we drive', 'skip']) cookie = await say(cookie, answer)
    page = await view(cookie)
    expect(page.plan?.stops).toHaveLength(2)
    expect(page.messages.at(-1)?.text).toMatch(/Here is your plan/)
    expect(page.defaultName).toMatch(/Austin, Dallas/)
  })
})
