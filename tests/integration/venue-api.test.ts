import { eq } from 'drizzle-orm'
import { publicOrigin } from '~/env.server'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { users, venues } from '~/db/schema'
import type { Role } from '~/core/domain'
import { action as createAction } from '~/routes/api+/v1.venues._index'
import { action as venueAction, loader as venueLoader } from '~/routes/api+/v1.venues.$id'
import { createVenue } from '~/features/venues/venue-writes.server'
import { createSession } from '~/features/accounts/session.server'
import { useTestDatabase } from '../support/db'
import { routeArgs } from '../support/api'

useTestDatabase()

type Account = { id: string; token: string; role: Role }
const accounts: Record<'owner' | 'otherOwner' | 'admin' | 'organizer', Account> = {} as never

async function account(email: string, role: Role, plan = 'free'): Promise<Account> {
  const [user] = await db
    .insert(users)
    .values({ email, role, plan, firstName: email.split('@')[0] })
    .returning({ id: users.id })
  return { id: user!.id, token: await createSession(user!.id), role }
}

const validBody = {
  name: 'The Test Room',
  venueType: 'club',
  description: 'A small room with a big PA.',
  address: '100 Congress Ave',
  city: 'Austin',
  stateCode: 'TX',
  capacity: 300,
  dayRate: 1500,
  amenities: ['PA system', 'Green room'],
  genres: ['rock'],
  website: 'https://testroom.example',
  phone: '(512) 555-0199',
}

function request(method: string, path: string, { token, body, origin }: { token?: string; body?: unknown; origin?: string } = {}) {
  const headers = new Headers({ 'Content-Type': 'application/json' })
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (origin) headers.set('Origin', origin)
  return new Request(`http://localhost${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
}

type VenueBody = {
  [field: string]: unknown
  id: string
  slug: string
  name: string
  claimed: boolean
  latitude: number
  longitude: number
  photos: unknown[]
  url: string
}
type Body = { data: VenueBody; error: { message: string; code: string; fields: Record<string, string[]> } }
type Answer = { status: number; json: Body; headers: Headers }

/** An API result as a client sees it: the data() payload with its status and headers. */
async function answer(result: unknown): Promise<Answer> {
  if (result instanceof Response) return { status: result.status, json: (await result.json()) as Body, headers: result.headers }
  const { data, init } = result as { data: Body; init: ResponseInit | null }
  return { status: init?.status ?? 200, json: data, headers: new Headers(init?.headers) }
}

async function post(body: unknown, token?: string) {
  return answer(await createAction(routeArgs(request('POST', '/api/v1/venues', { token, body }))))
}

async function put(id: string, body: unknown, token?: string) {
  return answer(await venueAction(routeArgs(request('PUT', `/api/v1/venues/${id}`, { token, body }), { id })))
}

async function del(id: string, token?: string) {
  return answer(await venueAction(routeArgs(request('DELETE', `/api/v1/venues/${id}`, { token }), { id })))
}

async function get(id: string) {
  return answer(await venueLoader(routeArgs(request('GET', `/api/v1/venues/${id}`), { id })))
}

/**
 * A venue owned by `owner` (or unowned), created through the service as an admin would, then
 * handed to its owner as an approved claim does: public at once, and not counted against the
 * owner's venue plan (plan-limits.test.ts covers that).
 */
async function venueOf(owner: Account | null, name = 'Owned Room') {
  const venue = await createVenue(accounts.admin, { ...validBody, name })
  if (!owner) return venue
  const [owned] = await db.update(venues).set({ ownerId: owner.id, claimed: true }).where(eq(venues.id, venue.id)).returning()
  return owned!
}

beforeAll(async () => {
  // Venue Pro: the POST tests list several rooms for one owner (Free allows one).
  accounts.owner = await account('owner@test.example', 'venue_owner', 'pro')
  accounts.otherOwner = await account('other-owner@test.example', 'venue_owner', 'pro')
  accounts.admin = await account('admin@test.example', 'admin')
  accounts.organizer = await account('organizer@test.example', 'organizer')
})

describe('POST /api/v1/venues', () => {
  it('lets a venue owner create a venue they own, placed at the city from the gazetteer', async () => {
    const { status, json, headers } = await post(validBody, accounts.owner.token)
    expect(status).toBe(201)
    const venue = json.data
    expect(venue).toMatchObject({
      name: 'The Test Room',
      city: 'Austin',
      citySlug: 'austin',
      stateCode: 'TX',
      claimed: true,
      capacity: 300,
    })
    expect(venue.slug).toBe('the-test-room-austin-tx')
    expect(venue.latitude).toBeCloseTo(30.27, 1)
    expect(venue.longitude).toBeCloseTo(-97.74, 1)
    expect(venue.url).toBe(`${publicOrigin()}/venues/tx/austin/the-test-room-austin-tx`)
    expect(venue.photos).toHaveLength(3)
    expect(venue).not.toHaveProperty('ownerId')
    expect(headers.get('Location')).toBe('/venues/tx/austin/the-test-room-austin-tx')
    const [row] = await db.select().from(venues).where(eq(venues.id, venue.id))
    expect(row?.ownerId).toBe(accounts.owner.id)
  })

  it('lets an admin create an unclaimed listing', async () => {
    const { status, json } = await post({ ...validBody, name: 'Admin Listing' }, accounts.admin.token)
    expect(status).toBe(201)
    expect(json.data.claimed).toBe(false)
    const [row] = await db.select().from(venues).where(eq(venues.id, json.data.id))
    expect(row?.ownerId).toBeNull()
  })

  it('refuses anonymous callers with 401', async () => {
    const { status, json } = await post(validBody)
    expect(status).toBe(401)
    expect(json.error).toEqual({ message: 'Please login to access this resource', code: 'AUTH_ERROR' })
  })

  it('refuses an organizer with 403', async () => {
    const { status, json } = await post(validBody, accounts.organizer.token)
    expect(status).toBe(403)
    expect(json.error.code).toBe('FORBIDDEN')
  })

  it('refuses an unknown bearer token with 401', async () => {
    const { status } = await post(validBody, 'not-a-real-token')
    expect(status).toBe(401)
  })

  it('checks credentials before the body: anonymous with a bad body is still 401', async () => {
    const { status } = await post('{not json', undefined)
    expect(status).toBe(401)
  })

  it.each([
    ['missing name', { ...validBody, name: undefined }, 'name', 'Name is required'],
    ['short name', { ...validBody, name: 'A' }, 'name', 'Name must be at least 2 characters'],
    ['unknown type', { ...validBody, venueType: 'castle' }, 'venueType', undefined],
    ['unknown state', { ...validBody, stateCode: 'XX' }, 'stateCode', 'State must be a two-letter US state code'],
    ['zero capacity', { ...validBody, capacity: 0 }, 'capacity', 'Capacity must be at least 1'],
    ['fractional capacity', { ...validBody, capacity: 10.5 }, 'capacity', 'Capacity must be a whole number'],
    ['capacity as text', { ...validBody, capacity: 'lots' }, 'capacity', 'Capacity must be a number'],
    ['negative day rate', { ...validBody, dayRate: -1 }, 'dayRate', 'Day rate cannot be negative'],
    ['bad website', { ...validBody, website: 'javascript:alert(1)' }, 'website', 'Website must be an http(s) URL'],
    ['short phone', { ...validBody, phone: '555-0199' }, 'phone', 'Phone needs at least 10 digits'],
    ['amenities not a list', { ...validBody, amenities: 'PA' }, 'amenities', 'Amenities must be a list of names'],
  ])('%s: 400 with the field message', async (_case, body, field, message) => {
    const { status, json } = await post(body, accounts.owner.token)
    expect(status).toBe(400)
    expect(json.error.code).toBe('VALIDATION_ERROR')
    expect(json.error.fields[field]).toBeDefined()
    expect(typeof json.error.message).toBe('string')
    if (message) expect(json.error.fields[field]).toContain(message)
  })

  it('400 for a body that is not JSON', async () => {
    const { status, json } = await post('{oops', accounts.owner.token)
    expect(status).toBe(400)
    expect(json.error.fields.body).toEqual(['The request body must be a JSON object'])
  })

  it("400 'City not found in <state>' for a city the gazetteer does not know there", async () => {
    const { status, json } = await post({ ...validBody, city: 'Atlantis', stateCode: 'TX' }, accounts.owner.token)
    expect(status).toBe(400)
    expect(json.error.fields.city).toEqual(['City not found in TX'])
    const wrongState = await post({ ...validBody, city: 'Austin', stateCode: 'VT' }, accounts.owner.token)
    expect(wrongState.json.error.fields.city).toEqual(['City not found in VT'])
  })

  it('gives every venue a unique slug', async () => {
    const body = { ...validBody, name: 'Twin Room' }
    const slugs = []
    for (let i = 0; i < 3; i++) slugs.push((await post(body, accounts.owner.token)).json.data.slug)
    expect(slugs).toEqual(['twin-room-austin-tx', 'twin-room-austin-tx-2', 'twin-room-austin-tx-3'])
  })

  it('keeps slugs unique when two creations race', async () => {
    const body = { ...validBody, name: 'Race Room' }
    const results = await Promise.all(Array.from({ length: 4 }, () => post(body, accounts.owner.token)))
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201])
    expect(new Set(results.map((r) => r.json.data.slug)).size).toBe(4)
  })
})

describe('GET /api/v1/venues/{id}', () => {
  it('returns a venue to anyone', async () => {
    const venue = await venueOf(accounts.owner, 'Public Room')
    const { status, json } = await get(venue.id)
    expect(status).toBe(200)
    expect(json.data).toMatchObject({ id: venue.id, name: 'Public Room' })
  })

  it('404 for an unknown or malformed id', async () => {
    for (const id of ['0123456789abcdef01234567', 'nope']) {
      const { status, json } = await get(id)
      expect(status).toBe(404)
      expect(json.error).toEqual({ message: 'Venue not found', code: 'NOT_FOUND' })
    }
  })
})

describe('PUT /api/v1/venues/{id}', () => {
  it('lets the owner change their own venue, only the fields sent', async () => {
    const venue = await venueOf(accounts.owner)
    const { status, json } = await put(venue.id, { capacity: 450, dayRate: 2000 }, accounts.owner.token)
    expect(status).toBe(200)
    expect(json.data).toMatchObject({ capacity: 450, dayRate: 2000, name: venue.name, slug: venue.slug, city: 'Austin' })
  })

  it('moves the venue when the city changes, keeping its slug', async () => {
    const venue = await venueOf(accounts.owner, 'Moving Room')
    const { status, json } = await put(venue.id, { city: 'Houston' }, accounts.owner.token)
    expect(status).toBe(200)
    expect(json.data).toMatchObject({ city: 'Houston', citySlug: 'houston', stateCode: 'TX', slug: venue.slug })
    expect(json.data.latitude).toBeCloseTo(29.76, 1)
  })

  it('lets an admin change any venue', async () => {
    const venue = await venueOf(accounts.owner)
    const { status, json } = await put(venue.id, { name: 'Renamed by Admin' }, accounts.admin.token)
    expect(status).toBe(200)
    expect(json.data.name).toBe('Renamed by Admin')
  })

  it("403 for another owner's venue, and nothing changes", async () => {
    const venue = await venueOf(accounts.owner)
    const { status, json } = await put(venue.id, { name: 'Hijacked' }, accounts.otherOwner.token)
    expect(status).toBe(403)
    expect(json.error.code).toBe('FORBIDDEN')
    expect((await get(venue.id)).json.data.name).toBe(venue.name)
  })

  it('403 for an organizer, 401 for anonymous', async () => {
    const venue = await venueOf(accounts.owner)
    expect((await put(venue.id, { name: 'X1' }, accounts.organizer.token)).status).toBe(403)
    expect((await put(venue.id, { name: 'X2' })).status).toBe(401)
  })

  it('403 for an owner on an unclaimed listing', async () => {
    const venue = await venueOf(null, 'Unclaimed Room')
    expect((await put(venue.id, { name: 'Mine Now' }, accounts.owner.token)).status).toBe(403)
  })

  it('404 for an unknown id', async () => {
    expect((await put('0123456789abcdef01234567', { name: 'Ghost' }, accounts.admin.token)).status).toBe(404)
  })

  it('400 for an empty or invalid patch', async () => {
    const venue = await venueOf(accounts.owner)
    const empty = await put(venue.id, {}, accounts.owner.token)
    expect(empty.status).toBe(400)
    expect(empty.json.error.fields.body).toEqual(['Send at least one field to change'])
    const bad = await put(venue.id, { capacity: -5 }, accounts.owner.token)
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields.capacity).toEqual(['Capacity must be at least 1'])
    const badCity = await put(venue.id, { city: 'Atlantis' }, accounts.owner.token)
    expect(badCity.json.error.fields.city).toEqual(['City not found in TX'])
  })
})

describe('DELETE /api/v1/venues/{id}', () => {
  it('refuses anonymous (401), an organizer and another owner (403)', async () => {
    const venue = await venueOf(accounts.owner)
    expect((await del(venue.id)).status).toBe(401)
    expect((await del(venue.id, accounts.organizer.token)).status).toBe(403)
    expect((await del(venue.id, accounts.otherOwner.token)).status).toBe(403)
    expect((await get(venue.id)).status).toBe(200)
  })

  it('lets the owner delete their venue: it is archived, gone from the API', async () => {
    const venue = await venueOf(accounts.owner)
    const { status, json } = await del(venue.id, accounts.owner.token)
    expect(status).toBe(200)
    expect(json.data).toEqual({ id: venue.id, archivedAt: expect.any(String) })
    expect((await get(venue.id)).status).toBe(404)
  })

  it('lets an admin delete any venue; a second delete is 404', async () => {
    const venue = await venueOf(accounts.owner)
    expect((await del(venue.id, accounts.admin.token)).status).toBe(200)
    expect((await del(venue.id, accounts.admin.token)).status).toBe(404)
  })
})

describe('other methods', () => {
  it('405 with Allow for POST on a venue', async () => {
    const result = await answer(await venueAction(routeArgs(request('POST', '/api/v1/venues/x', { body: {} }), { id: 'x' })))
    expect(result.status).toBe(405)
    expect(result.headers.get('Allow')).toContain('PUT')
  })
})
