import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { todayIso } from '~/core/dates'
import { bookings } from '~/db/schema'
import { action as apiAction } from '~/routes/api+/bookings'
import { action as apiV1Action } from '~/routes/api+/v1.bookings._index'
import { action as bookAction, loader as bookLoader } from '~/routes/book+/$venueId'
import { answeringRefusals } from '~/web/route-errors.server'
import { action as detailAction, loader as detailPage } from '~/routes/bookings+/$id'
import { loader as listLoader } from '~/routes/bookings+/_index'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest, setCookies } from '../support/users'
import { routeArgs } from '../support/api'

// As the server calls it: the service's refusal (404) is answered with its status.
const detailLoader = answeringRefusals(detailPage)

useTestDatabase()

type Reply = { data: { result?: { error?: Record<string, string[]> }; errors?: Record<string, string[]> }; init: { status: number } | null }

const form = (venueId: string, overrides: Record<string, string> = {}) => ({
  venueId,
  startDate: inDays(30),
  endDate: '',
  eventType: 'Concert',
  guests: '120',
  offerAmount: '2500',
  message: '',
  submissionId: 'sub-1',
  ...overrides,
})
const book = (venueId: string, fields: Record<string, string>, cookie?: string) =>
  bookAction({
    request: formRequest(`http://localhost/book/${venueId}`, fields, cookie ? { Cookie: cookie } : {}),
    params: { venueId },
    context: {},
  }) as Promise<Response>

describe('the booking form', () => {
  test('GET /book/{venueId} is public; the POST sends a signed-out visitor to sign in', async () => {
    const { venue } = await createTestVenue()
    const page = await bookLoader(routeArgs(new Request(`http://localhost/book/${venue.id}`), { venueId: venue.id }))
    expect(page.venue.name).toBe(venue.name)
    expect(page.availability.month).toBe(todayIso().slice(0, 7))
    expect(page.dates).toEqual({})
    const thrown = await book(venue.id, form(venue.id)).catch((e: unknown) => e)
    expect((thrown as Response).headers.get('Location')).toBe(`/login?redirectTo=%2Fbook%2F${venue.id}`)
  })

  test('success redirects to /bookings with a toast; a double submit creates one booking', async () => {
    const { venue } = await createTestVenue()
    const { cookie } = await createTestUser('organizer')
    const [first, second] = await Promise.all([book(venue.id, form(venue.id), cookie), book(venue.id, form(venue.id), cookie)])
    for (const response of [first, second]) {
      expect(response.status).toBe(302)
      expect(response.headers.get('Location')).toBe('/bookings')
      expect(setCookies(response).some((c) => c.startsWith('sp_toast='))).toBe(true)
    }
    expect(await db.select().from(bookings).where(eq(bookings.venueId, venue.id))).toHaveLength(1)
  })

  test('clear field errors: missing values, too many guests, a booked date with suggestions', async () => {
    const { venue } = await createTestVenue({ capacity: 100 })
    const { cookie } = await createTestUser('organizer')
    const missing = (await book(venue.id, form(venue.id, { eventType: '', guests: '' }), cookie)) as unknown as Reply
    expect(missing.init?.status).toBe(400)
    expect(missing.data.result?.error?.eventType).toEqual(['Event type is required'])
    expect(missing.data.result?.error?.guests).toEqual(['Expected guests is required'])
    const tooMany = (await book(venue.id, form(venue.id, { guests: '101', submissionId: 's2' }), cookie)) as unknown as Reply
    expect(tooMany.data.result?.error?.guests?.[0]).toMatch(/holds up to 100 guests/)
    const other = await createTestUser('organizer')
    await db.insert(bookings).values({
      venueId: venue.id,
      organizerId: other.user.id,
      startDate: inDays(30),
      endDate: inDays(30),
      status: 'accepted',
      eventType: 'Gig',
      guests: 5,
      offerAmount: 0,
    })
    const taken = (await book(venue.id, form(venue.id, { guests: '50', submissionId: 's3' }), cookie)) as unknown as Reply
    expect(taken.init?.status).toBe(409)
    expect(taken.data.result?.error?.startDate?.[0]).toMatch(/not available \(already booked\)\. Nearest free dates: /)
  })
})

describe('the bookings pages', () => {
  test('the owner accepts on /bookings/{id}; the organizer sees it accepted on /bookings', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    await book(venue.id, form(venue.id), organizer.cookie)
    const [row] = await db.select().from(bookings).where(eq(bookings.venueId, venue.id))
    const params = { id: row!.id }
    const asOrganizer = await detailLoader({
      request: new Request(`http://localhost/bookings/${row!.id}`, { headers: { Cookie: organizer.cookie } }),
      params,
      context: {},
    })
    expect(asOrganizer.actions).toEqual(['cancel'])
    // The organizer posting accept is refused, with the reason.
    const refused = (await detailAction({
      request: formRequest(`http://localhost/bookings/${row!.id}`, { intent: 'accept' }, { Cookie: organizer.cookie }),
      params,
      context: {},
    })) as unknown as Reply
    expect(refused.init?.status).toBe(403)
    const accepted = (await detailAction({
      request: formRequest(`http://localhost/bookings/${row!.id}`, { intent: 'accept' }, { Cookie: owner!.cookie }),
      params,
      context: {},
    })) as Response
    expect(accepted.headers.get('Location')).toBe(`/bookings/${row!.id}`)
    const list = await listLoader(
      routeArgs(new Request('http://localhost/bookings?status=accepted', { headers: { Cookie: organizer.cookie } }), {}),
    )
    expect(list.groups.map((g) => (g.kind === 'single' ? [g.booking.id, g.booking.status] : null))).toEqual([[row!.id, 'accepted']])
  })

  test("someone else's booking is a 404", async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    await book(venue.id, form(venue.id), organizer.cookie)
    const [row] = await db.select().from(bookings).where(eq(bookings.venueId, venue.id))
    const stranger = await createTestUser('venue_owner')
    const thrown = await detailLoader(
      routeArgs(new Request(`http://localhost/bookings/${row!.id}`, { headers: { Cookie: stranger.cookie } }), { id: row!.id }),
    ).catch((e: unknown) => e)
    expect((thrown as Response).status).toBe(404)
  })
})

describe('POST /api/v1/bookings and POST /api/bookings', () => {
  const post = (fn: typeof apiAction, body: unknown, headers: Record<string, string>) =>
    fn(routeArgs(jsonRequest('http://localhost/api/v1/bookings', body, { headers }))) as Promise<Response>

  test('201 with the booking, 200 and the same id for a retry with the same Idempotency-Key, 422 for another body', async () => {
    const { venue } = await createTestVenue()
    const { token } = await createTestUser('organizer')
    const headers = { Authorization: `Bearer ${token}`, 'Idempotency-Key': 'abc-123' }
    const first = await post(apiV1Action, bookingBody(venue.id), headers)
    expect(first.status).toBe(201)
    const { data } = (await first.json()) as { data: { id: string; status: string } }
    expect(data.status).toBe('pending')
    const retry = await post(apiAction, bookingBody(venue.id), headers)
    expect(retry.status).toBe(200)
    expect(((await retry.json()) as { data: { id: string } }).data.id).toBe(data.id)
    const reused = await post(apiV1Action, bookingBody(venue.id, { guests: 7 }), headers)
    expect(reused.status).toBe(422)
    expect(await reused.json()).toEqual({
      error: { message: 'Idempotency key reused with a different request', code: 'IDEMPOTENCY_MISMATCH' },
    })
  })

  test("failures say 'Failed to create booking' with the reasons; no token is a 401", async () => {
    const { venue } = await createTestVenue()
    const { token } = await createTestUser('organizer')
    const bad = await post(apiAction, bookingBody(venue.id, { guests: 0 }), { Authorization: `Bearer ${token}` })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      error: { message: 'Failed to create booking', code: 'VALIDATION_ERROR', fields: { guests: ['Expect at least 1 guest'] } },
    })
    const anonymous = await post(apiAction, bookingBody(venue.id), {})
    expect(anonymous.status).toBe(401)
  })
})
