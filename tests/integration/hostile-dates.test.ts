// Every entry point that takes a date, fed dates over the whole ISO range and beyond (years 0000 to
// 9999, +010000, 275760-09-13, leap days, times with zones): never a 5xx or a thrown Error, a date
// outside the horizon (a year back, three years ahead) always a 4xx with a message, and the event
// loop keeps turning throughout (a booking dated 9999-12-31 once walked its days forever).
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { isWithinHorizon } from '~/core/date-horizon'
import { answeringRefusals } from '~/web/route-errors.server'
import { action as apiBookings } from '~/routes/api+/bookings'
import { action as v1Bookings } from '~/routes/api+/v1.bookings._index'
import { action as tourPlanSave } from '~/routes/api+/v1.tour-plans.save'
import { action as askVenue } from '~/routes/api+/v1.venues.$id_.inquiries'
import { loader as apiSearch } from '~/routes/api+/v1.venues.search'
import { action as bookVenue, loader as bookVenuePage } from '~/routes/book+/$venueId'
import { action as bookingDetail } from '~/routes/bookings+/$id'
import { loader as newBookingPage } from '~/routes/bookings+/new'
import { action as multiVenue } from '~/routes/multi-venue-booking'
import { action as ownerDashboard } from '~/routes/_owner+/dashboard.venue'
import { loader as searchPage } from '~/routes/_marketing+/search'
import { loader as textPlanner } from '~/routes/_planner+/ai-tour-planner._index'
import { loader as enhancedPlanner } from '~/routes/_planner+/ai-tour-planner.enhanced'
import { loader as travelDemo } from '~/routes/_planner+/travel-booking-demo'
import { loader as travelIcs } from '~/routes/_planner+/travel-booking-demo_.calendar[.]ics'
import { action as editVenue, loader as editVenuePage } from '~/routes/venues+/$id.edit'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { EDGE_DATES, FuzzTally, hostileDate, hostileMonth, STALL_LIMIT_MS, watchEventLoop } from '../support/hostile-input'
import { createTestUser, formRequest, jsonRequest } from '../support/users'

useTestDatabase()

type Handler = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown
type Outcome = { status: number; text: string }

const tally = new FuzzTally('dates over the whole ISO range, every date-taking entry point')
let loop: ReturnType<typeof watchEventLoop>
const context = { ip: '198.51.100.77', cspNonce: 'n' }

/** What Remix would answer: a Response, data() with its status, or a 500 for a thrown Error. */
async function call(handler: Handler, request: Request, params: Record<string, string> = {}): Promise<Outcome> {
  const read = async (value: unknown): Promise<Outcome> => {
    if (value instanceof Response) return { status: value.status, text: await value.text() }
    const wrapped = value as { type?: string; data?: unknown; init?: { status?: number } | null } | null
    if (wrapped?.type === 'DataWithResponseInit') return { status: wrapped.init?.status ?? 200, text: JSON.stringify(wrapped.data) }
    return { status: 200, text: JSON.stringify(value ?? null) }
  }
  // A real request arrives as I/O, on a new turn of the event loop: so does each call here, and the
  // heartbeat timer runs between them as it would in the server.
  await new Promise((resolve) => setImmediate(resolve))
  let outcome: Outcome
  try {
    // As the server calls it: a service's refusal that escapes is answered with its status.
    outcome = await read(await answeringRefusals(handler)({ request, params, context }))
  } catch (thrown) {
    const wrapped = thrown as { type?: string }
    outcome =
      thrown instanceof Response || wrapped?.type === 'DataWithResponseInit'
        ? await read(thrown)
        : { status: 500, text: `threw ${String(thrown)}\n${(thrown as Error)?.stack ?? ''}` }
  }
  tally.count(outcome.status)
  return outcome
}

let venueId = ''
let bookingId = ''
const organizer = { cookie: '', token: '' }
const owner = { cookie: '', token: '' }

beforeAll(async () => {
  const { venue, owner: venueOwner } = await createTestVenue()
  venueId = venue.id
  Object.assign(owner, { cookie: venueOwner!.cookie, token: venueOwner!.token })
  const user = await createTestUser('organizer')
  Object.assign(organizer, { cookie: user.cookie, token: user.token })
  // An accepted booking, so its organizer may propose a change of dates.
  const { booking } = await createBooking(user.user, bookingBody(venue.id, { startDate: inDays(400) }))
  await acceptBooking(venueOwner!.user, booking.id)
  bookingId = booking.id
  // Watched from here: the database's set-up above is not a request.
  loop = watchEventLoop()
})

/** Each entry point: how a date reaches it, and whether a date outside the horizon must be refused. */
const ENTRY_POINTS: Array<{ name: string; refusesOutside: boolean; send: (date: string) => Promise<Outcome> }> = [
  {
    name: 'POST /api/v1/bookings',
    refusesOutside: true,
    send: (date) =>
      call(
        v1Bookings,
        jsonRequest('http://localhost/api/v1/bookings', bookingBody(venueId, { startDate: date }), {
          headers: { Authorization: `Bearer ${organizer.token}` },
        }),
      ),
  },
  {
    name: 'POST /api/bookings (end date)',
    refusesOutside: true,
    send: (date) =>
      call(
        apiBookings,
        jsonRequest('http://localhost/api/bookings', bookingBody(venueId, { startDate: inDays(20), endDate: date }), {
          headers: { Authorization: `Bearer ${organizer.token}` },
        }),
      ),
  },
  {
    name: 'POST /book/:venueId (the booking form)',
    refusesOutside: true,
    send: (date) =>
      call(
        bookVenue,
        formRequest(
          `http://localhost/book/${venueId}`,
          { startDate: date, endDate: '', eventType: 'Concert', guests: '100', offerAmount: '2000' },
          { Cookie: organizer.cookie },
        ),
        { venueId },
      ),
  },
  {
    name: 'GET /book/:venueId?date=',
    refusesOutside: false,
    send: (date) =>
      call(
        bookVenuePage,
        new Request(`http://localhost/book/${venueId}?${new URLSearchParams({ date })}`, { headers: { Cookie: organizer.cookie } }),
        {
          venueId,
        },
      ),
  },
  {
    name: 'GET /bookings/new?date=',
    refusesOutside: false,
    send: (date) =>
      call(
        newBookingPage,
        new Request(`http://localhost/bookings/new?${new URLSearchParams({ venueId, date })}`, { headers: { Cookie: organizer.cookie } }),
      ),
  },
  {
    name: 'POST /bookings/:id propose-change',
    refusesOutside: true,
    send: (date) =>
      call(
        bookingDetail,
        formRequest(
          `http://localhost/bookings/${bookingId}`,
          { intent: 'propose-change', startDate: date, endDate: '', guests: '100', offerAmount: '2000' },
          { Cookie: organizer.cookie },
        ),
        { id: bookingId },
      ),
  },
  {
    name: 'POST /multi-venue-booking',
    refusesOutside: true,
    send: (date) =>
      call(
        multiVenue,
        formRequest(
          'http://localhost/multi-venue-booking',
          {
            'items[0].venueId': venueId,
            'items[0].startDate': inDays(30),
            'items[0].endDate': date,
            eventType: 'Concert',
            guests: '50',
            offerAmount: '900',
          },
          { Cookie: organizer.cookie },
        ),
      ),
  },
  {
    name: 'POST /venues/:id/edit calendar',
    refusesOutside: true,
    send: (date) =>
      call(
        editVenue,
        formRequest(`http://localhost/venues/${venueId}/edit`, { intent: 'calendar', op: 'block', dates: date }, { Cookie: owner.cookie }),
        { id: venueId },
      ),
  },
  {
    name: 'POST /dashboard/venue offer',
    refusesOutside: true,
    send: (date) =>
      call(
        ownerDashboard,
        formRequest(
          'http://localhost/dashboard/venue',
          { intent: 'offer', key: `${venueId}:0123456789abcdef01234567`, date },
          { Cookie: owner.cookie },
        ),
      ),
  },
  {
    name: 'POST /api/v1/venues/:id/inquiries',
    refusesOutside: true,
    send: (date) =>
      call(
        askVenue,
        jsonRequest(
          `http://localhost/api/v1/venues/${venueId}/inquiries`,
          { question: 'Is the stage at least 20 feet wide?', date },
          { headers: { Authorization: `Bearer ${organizer.token}` } },
        ),
        { id: venueId },
      ),
  },
  {
    name: 'GET /api/v1/venues/search?date=',
    refusesOutside: true,
    send: (date) => call(apiSearch, new Request(`http://localhost/api/v1/venues/search?${new URLSearchParams({ city: 'Austin', date })}`)),
  },
  {
    name: 'GET /search?date=',
    refusesOutside: true,
    send: (date) => call(searchPage, new Request(`http://localhost/search?${new URLSearchParams({ city: 'Austin', date })}`)),
  },
  {
    name: 'GET /ai-tour-planner?startDate=',
    refusesOutside: true,
    send: (date) =>
      call(
        textPlanner,
        new Request(
          `http://localhost/ai-tour-planner?${new URLSearchParams({ cities: 'Austin, TX|Dallas, TX', startDate: date, days: '3' })}`,
        ),
      ),
  },
  {
    name: 'GET /ai-tour-planner?q= (a sentence with the date)',
    refusesOutside: false,
    send: (date) =>
      call(
        textPlanner,
        new Request(`http://localhost/ai-tour-planner?${new URLSearchParams({ q: `3 nights from Austin to Denver starting ${date}` })}`),
      ),
  },
  {
    name: 'GET /ai-tour-planner/enhanced?startDate=',
    refusesOutside: true,
    send: (date) =>
      call(
        enhancedPlanner,
        new Request(
          `http://localhost/ai-tour-planner/enhanced?${new URLSearchParams({ cities: 'Austin, TX|Denver, CO', startDate: date })}`,
        ),
      ),
  },
  {
    name: 'GET /travel-booking-demo?startDate=',
    refusesOutside: false,
    send: (date) =>
      call(
        travelDemo,
        new Request(`http://localhost/travel-booking-demo?${new URLSearchParams({ cities: 'Austin, TX|Denver, CO', startDate: date })}`),
      ),
  },
  {
    name: 'GET /travel-booking-demo/calendar.ics?startDate=',
    refusesOutside: true,
    send: (date) =>
      call(
        travelIcs,
        new Request(
          `http://localhost/travel-booking-demo/calendar.ics?${new URLSearchParams({ cities: 'Austin, TX|Denver, CO', startDate: date })}`,
        ),
      ),
  },
  {
    name: 'POST /api/v1/tour-plans/save',
    refusesOutside: true,
    send: (date) =>
      call(
        tourPlanSave,
        jsonRequest(
          'http://localhost/api/v1/tour-plans/save',
          { criteria: { cities: ['Austin, TX', 'Denver, CO'], startDate: date, durationDays: 3 } },
          { headers: { Authorization: `Bearer ${organizer.token}` } },
        ),
      ),
  },
]

function check(name: string, refusesOutside: boolean, date: string, outcome: Outcome) {
  expect(outcome.status, `${name} with ${JSON.stringify(date)}: ${outcome.text.slice(0, 400)}`).toBeLessThan(500)
  // An empty value means no date (optional fields, the planner's default start): not refused.
  if (refusesOutside && date.trim() !== '' && !isWithinHorizon(date.trim())) {
    expect(outcome.status, `${name} accepted ${JSON.stringify(date)}, outside the horizon`).toBeGreaterThanOrEqual(400)
    // A clear message, not an empty 400.
    expect(outcome.text, `${name} refused ${JSON.stringify(date)} without a message`).toMatch(/[A-Za-z]{4,}/)
  }
}

test.each(ENTRY_POINTS)('$name: every edge date, then fast-check over the whole ISO range', async ({ name, refusesOutside, send }) => {
  for (const date of EDGE_DATES) check(name, refusesOutside, date, await send(date))
  await fc.assert(
    fc.asyncProperty(hostileDate, async (date) => check(name, refusesOutside, date, await send(date))),
    { numRuns: Number(process.env.FUZZ_DATE_RUNS) || 25 },
  )
})

test('GET /venues/:id/edit?month= over the whole range shows a month, never fails', async () => {
  await fc.assert(
    fc.asyncProperty(hostileMonth, async (month) => {
      const outcome = await call(
        editVenuePage,
        new Request(`http://localhost/venues/${venueId}/edit?${new URLSearchParams({ month })}`, { headers: { Cookie: owner.cookie } }),
        { id: venueId },
      )
      expect(outcome.status, `month ${month}: ${outcome.text.slice(0, 300)}`).toBeLessThan(500)
    }),
    { numRuns: 40 },
  )
})

test('the planner answers a start date near year 10000 with a 400 and the reason', async () => {
  const outcome = await call(
    textPlanner,
    new Request(
      `http://localhost/ai-tour-planner?${new URLSearchParams({ cities: 'Austin, TX|Denver, CO', startDate: '9999-12-30', days: '5' })}`,
    ),
  )
  expect(outcome.status).toBe(400)
  expect(outcome.text).toContain('Choose a date within the next three years')
})

test('a booking dated 9999-12-31 is a 400 naming the field, answered at once', async () => {
  const started = performance.now()
  const outcome = await call(
    v1Bookings,
    jsonRequest('http://localhost/api/v1/bookings', bookingBody(venueId, { startDate: '9999-12-31' }), {
      headers: { Authorization: `Bearer ${organizer.token}` },
    }),
  )
  expect(outcome.status).toBe(400)
  expect(JSON.parse(outcome.text)).toMatchObject({ error: { fields: { startDate: ['Choose a date within the next three years'] } } })
  expect(performance.now() - started).toBeLessThan(1000)
})

test('the event loop kept turning through every request above', () => {
  const { beats, longestGapMs, maxDelayMs } = loop.stop()
  console.log(`[fuzz] event loop during the date fuzz: ${beats} heartbeats, longest gap ${longestGapMs} ms, max delay ${maxDelayMs} ms`)
  expect(beats).toBeGreaterThan(10)
  expect(longestGapMs).toBeLessThan(STALL_LIMIT_MS)
})

afterAll(() => {
  console.log(tally.summary())
})
