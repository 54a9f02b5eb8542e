import { describe, expect, test } from 'vitest'
import { action as transition, loader as detail } from '~/routes/api+/v1.bookings.$id'
import { action as create, loader as list } from '~/routes/api+/v1.bookings._index'
import { bookingBody } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, jsonRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const auth = (token: string) => ({ Authorization: `Bearer ${token}` })

describe('the bookings API beyond create', () => {
  test('list, detail and transitions with the same rules as the pages', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const created = (await create({
      request: jsonRequest('http://localhost/api/v1/bookings', bookingBody(venue.id), { headers: auth(organizer.token) }),
      params: {},
      context: {},
    })) as Response
    const { data: booking } = (await created.json()) as { data: { id: string } }
    const params = { id: booking.id }
    const post = (token: string, body: unknown) =>
      transition({
        request: jsonRequest(`http://localhost/api/v1/bookings/${booking.id}`, body, { headers: auth(token) }),
        params,
        context: {},
      }) as Promise<Response>

    const mine = (await list(
      routeArgs(new Request('http://localhost/api/v1/bookings?status=pending', { headers: auth(organizer.token) }), {}),
    )) as Response
    expect(((await mine.json()) as { data: { bookings: { id: string }[] } }).data.bookings.map((b) => b.id)).toEqual([booking.id])

    expect((await post(organizer.token, { action: 'accept' })).status).toBe(403)
    const other = await createTestUser('venue_owner')
    expect((await post(other.token, { action: 'accept' })).status).toBe(403)
    expect((await post(owner!.token, { action: 'cancel' })).status).toBe(400)
    const accepted = await post(owner!.token, { action: 'accept' })
    expect(accepted.status).toBe(200)
    expect(((await accepted.json()) as { data: { status: string } }).data.status).toBe('accepted')

    const seen = (await detail({
      request: new Request(`http://localhost/api/v1/bookings/${booking.id}`, { headers: auth(organizer.token) }),
      params,
      context: {},
    })) as Response
    const body = (await seen.json()) as { data: { actions: string[]; timeline: { kind: string }[] } }
    expect(body.data.actions).toEqual(['cancel', 'propose-change'])
    expect(body.data.timeline.map((e) => e.kind)).toEqual(['requested', 'accepted'])
    const hidden = (await detail({
      request: new Request(`http://localhost/api/v1/bookings/${booking.id}`, { headers: auth(other.token) }),
      params,
      context: {},
    })) as Response
    expect(hidden.status).toBe(404)
  })
})
