import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { ZodError } from 'zod'
import { db } from '~/db/client.server'
import { bookings, venueFacets, venues } from '~/db/schema'
import { addDays } from '~/core/dates'
import { type DomainError } from '~/core/errors'
import { confirmedShowsLine } from '~/features/venues/specs'
import { venuePath } from '~/features/venues/venue-urls'
import { loader as detailLoader } from '~/routes/venues+/$state_.$city_.$slug'
import { cachedConfirmedShows, confirmedShowsLastYear, setVenueSpecs } from '~/features/venues/specs.server'
import { venueById } from '~/features/venues/venues.server'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { servePage } from '../support/serve-page'
import { createTestUser } from '../support/users'

useTestDatabase()

const FULL = {
  stageWidth: '24',
  stageDepth: '16,5',
  stageUnit: 'ft',
  paBackline: '6 kW PA, drum kit, 2 guitar amps',
  loadIn: 'Alley door,\nstreet level',
  curfew: '11pm',
  agePolicy: '21+',
  dealTypes: ['Door split', 'guarantee', 'door_split'],
  parking: 'Van space by the door',
  accessibility: ['step_free_entrance', 'Accessible restroom'],
  accessibilityNote: 'Ramp at the side door',
}

async function refused(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ZodError)
  return Object.fromEntries((error as ZodError).issues.map((issue) => [String(issue.path[0]), issue.message]))
}

describe('specs and terms: the owner states them, bounded', () => {
  test('saves what people type, normalised; a blank form clears every field', async () => {
    const { venue, owner } = await createTestVenue()
    const saved = await setVenueSpecs(owner!.user, venue.id, FULL)
    expect(saved).toEqual({
      stageWidth: 24,
      stageDepth: 16.5,
      stageUnit: 'ft',
      paBackline: '6 kW PA, drum kit, 2 guitar amps',
      loadIn: 'Alley door,\nstreet level',
      curfew: '23:00',
      agePolicy: '21_plus',
      // Vocabulary order, no duplicates, labels or values any case.
      dealTypes: ['guarantee', 'door_split'],
      parking: 'Van space by the door',
      accessibility: ['step_free_entrance', 'accessible_restroom'],
      accessibilityNote: 'Ramp at the side door',
    })
    // The projection search reads follows.
    const [facets] = await db.select().from(venueFacets).where(eq(venueFacets.id, venue.id))
    expect(facets).toMatchObject({ agePolicy: '21_plus', dealTypes: ['guarantee', 'door_split'], accessibility: saved.accessibility })
    const blank = Object.fromEntries(Object.keys(FULL).map((key) => [key, key === 'dealTypes' || key === 'accessibility' ? [] : '']))
    const cleared = await setVenueSpecs(owner!.user, venue.id, blank)
    expect(Object.values(cleared).every((v) => v === null || (Array.isArray(v) && v.length === 0))).toBe(true)
    const [facetsAfter] = await db.select().from(venueFacets).where(eq(venueFacets.id, venue.id))
    expect(facetsAfter).toMatchObject({ agePolicy: null, dealTypes: [], accessibility: [] })
  })

  test.each([
    ['23:00', '23:00'],
    ['2300', '23:00'],
    ['23.30', '23:30'],
    ['11 PM', '23:00'],
    ['11:30 p.m.', '23:30'],
    ['12am', '00:00'],
    ['midnight', '00:00'],
    [' 1:00 am ', '01:00'],
    ['9', '09:00'],
  ])('reads the curfew %j as %s', async (typed, stored) => {
    const { venue, owner } = await createTestVenue()
    expect((await setVenueSpecs(owner!.user, venue.id, { curfew: typed })).curfew).toBe(stored)
  })

  test('refuses what is out of bounds, field by field, and stores nothing', async () => {
    const { venue, owner } = await createTestVenue()
    const cases: [Record<string, unknown>, string][] = [
      [{ stageWidth: '24' }, 'stageDepth'],
      [{ stageWidth: '500', stageDepth: '20', stageUnit: 'ft' }, 'stageWidth'],
      [{ stageWidth: '20', stageDepth: '80', stageUnit: 'm' }, 'stageDepth'],
      [{ stageWidth: '0', stageDepth: '10' }, 'stageWidth'],
      [{ stageWidth: 'twenty', stageDepth: '10' }, 'stageWidth'],
      [{ stageWidth: '20', stageDepth: '10', stageUnit: 'yards' }, 'stageUnit'],
      [{ curfew: '25:00' }, 'curfew'],
      [{ curfew: '13pm' }, 'curfew'],
      [{ curfew: 'late' }, 'curfew'],
      [{ agePolicy: 'teens' }, 'agePolicy'],
      [{ dealTypes: ['barter'] }, 'dealTypes'],
      [{ dealTypes: Array.from({ length: 100 }, () => 'flat_fee') }, 'dealTypes'],
      [{ accessibility: ['lift'] }, 'accessibility'],
      [{ paBackline: 'x'.repeat(301) }, 'paBackline'],
      [{ paBackline: 'PA\u0000' }, 'paBackline'],
      [{ parking: 'lot\nbehind' }, 'parking'],
      [{ loadIn: 'door\u001b[2J' }, 'loadIn'],
      [{ accessibilityNote: 'y'.repeat(301) }, 'accessibilityNote'],
    ]
    for (const [input, field] of cases) {
      const issues = await refused(setVenueSpecs(owner!.user, venue.id, input))
      expect(Object.keys(issues), JSON.stringify(input).slice(0, 80)).toContain(field)
    }
    expect((await venueById(venue.id))!.curfew).toBeNull()
  })

  test('only the venue’s owner or an admin: 401, 403, 404 before the body is read', async () => {
    const { venue } = await createTestVenue()
    const other = await createTestUser('venue_owner')
    const admin = await createTestUser('admin')
    const status = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (e: DomainError) => e.status,
      )
    expect(await status(setVenueSpecs(null, venue.id, { curfew: 'nope' }))).toBe(401)
    expect(await status(setVenueSpecs(other.user, venue.id, { curfew: '23:00' }))).toBe(403)
    expect(await status(setVenueSpecs(other.user, '0'.repeat(24), { curfew: '23:00' }))).toBe(404)
    expect((await setVenueSpecs(admin.user, venue.id, { curfew: '22:00' })).curfew).toBe('22:00')
  })

  test('the database refuses what the form would (a script or a bad migration cannot store it)', async () => {
    const { venue } = await createTestVenue()
    const bad: Record<string, unknown>[] = [
      { curfew: '9pm' },
      { agePolicy: 'teens' },
      { dealTypes: ['barter'] },
      { accessibility: ['lift'] },
      { stageWidth: 20 },
      { stageWidth: 500, stageDepth: 10, stageUnit: 'ft' },
      { parking: 'p'.repeat(201) },
    ]
    for (const patch of bad) {
      const error = await db
        .update(venues)
        .set(patch)
        .where(eq(venues.id, venue.id))
        .then(
          () => null,
          (e: unknown) => e,
        )
      expect(error, JSON.stringify(patch)).not.toBeNull()
    }
  })
})

describe('trust: confirmed shows in the last 12 months', () => {
  const now = new Date('2026-06-15T12:00:00Z')
  const show = async (venueId: string, start: string, status: 'accepted' | 'completed' | 'cancelled' | 'pending' | 'declined') => {
    const organizer = await createTestUser('organizer')
    await db.insert(bookings).values({
      venueId,
      organizerId: organizer.user.id,
      startDate: start,
      endDate: start,
      status,
      eventType: 'Concert',
      guests: 80,
      offerAmount: 800,
      createdAt: new Date(`${addDays(start, -30)}T12:00:00Z`),
    })
  }

  test('counts accepted and completed bookings of the last year; not 13 months ago, cancelled, declined, pending or future', async () => {
    const { venue } = await createTestVenue()
    await show(venue.id, '2026-05-30', 'completed')
    await show(venue.id, '2025-09-01', 'accepted')
    await show(venue.id, '2026-06-15', 'accepted') // today counts
    await show(venue.id, '2025-05-15', 'completed') // 13 months ago
    await show(venue.id, '2025-06-15', 'completed') // exactly a year ago: outside 'the last 12 months'
    await show(venue.id, '2026-06-01', 'cancelled')
    await show(venue.id, '2026-06-02', 'declined')
    await show(venue.id, '2026-06-03', 'pending')
    await show(venue.id, '2026-07-01', 'accepted') // still to come
    expect(await confirmedShowsLastYear(venue.id, now)).toBe(3)
    const { venue: quiet } = await createTestVenue()
    expect(await confirmedShowsLastYear(quiet.id, now)).toBe(0)
  })

  test('the words: nothing for none, one show, several shows', () => {
    expect(confirmedShowsLine(0)).toBeNull()
    expect(confirmedShowsLine(1)).toBe('1 confirmed show in the last 12 months')
    expect(confirmedShowsLine(2)).toBe('2 confirmed shows in the last 12 months')
    expect(confirmedShowsLine(1200)).toBe('1,200 confirmed shows in the last 12 months')
  })

  test('a booking write empties the cached count at once', async () => {
    const { venue } = await createTestVenue()
    const today = new Date().toISOString().slice(0, 10)
    await show(venue.id, addDays(today, -20), 'completed')
    expect(await cachedConfirmedShows(venue.id)).toBe(1)
    await show(venue.id, addDays(today, -10), 'accepted')
    expect(await cachedConfirmedShows(venue.id)).toBe(2)
    await db.execute(sql`update bookings set status = 'cancelled' where venue_id = ${venue.id} and status = 'accepted'`)
    expect(await cachedConfirmedShows(venue.id)).toBe(1)
  })

  test('the venue page: the specs block data, Claimed and Reviewed, the shows line', async () => {
    const { venue, owner } = await createTestVenue()
    await setVenueSpecs(owner!.user, venue.id, { curfew: '23:00', agePolicy: 'all ages' })
    const today = new Date().toISOString().slice(0, 10)
    await show(venue.id, addDays(today, -40), 'completed')
    const path = venuePath(venue)
    const page = async () => {
      const { result } = await servePage(detailLoader, {
        request: new Request(`http://localhost${path}`),
        params: { state: venue.stateCode.toLowerCase(), city: venue.citySlug, slug: venue.slug },
      })
      return (result as unknown as { data: Record<string, unknown> & { venue: Record<string, unknown> } }).data
    }
    let data = await page()
    // Worded on the server, in a booker's order; the columns themselves do not travel.
    expect(data.specs).toEqual([
      ['Curfew', '11 pm'],
      ['Ages', 'All ages'],
    ])
    expect(data.venue).toMatchObject({ claimed: true })
    expect(data.venue).not.toHaveProperty('curfew')
    expect(data.reviewed).toBe(false)
    expect(data.showsLine).toBe('1 confirmed show in the last 12 months')
    await db.update(venues).set({ reviewedAt: new Date() }).where(eq(venues.id, venue.id))
    data = await page()
    expect(data.reviewed).toBe(true)
  })
})
