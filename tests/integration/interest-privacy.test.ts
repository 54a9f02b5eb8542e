import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { recentlyViewed, tourPlans, users, wishlistItems } from '~/db/schema'
import { action as profileAction, loader as profileLoader } from '~/routes/_account+/profile'
import { emptyDateSuggestions, offerDate } from '~/features/owners/owner-tools.server'
import { inDays } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest } from '../support/users'
import { createTestVenue } from '../support/venues'
import { routeArgs } from '../support/api'

// Issue #16, item 9: privacy of interest. 'Fill your empty dates' names only organizers who
// chose to be visible to venues (a setting on /profile, off by default); everyone else is a count,
// and saved-tour demand is anonymous per month.

useTestDatabase()

describe(`interest near a venue`, () => {
  test('names nobody by default: organizers are counted, and cannot be offered a date', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const { venue } = await createTestVenue({ by: owner.user })
    const browsing = await createTestUser('organizer')
    const saving = await createTestUser('organizer')
    await db.insert(recentlyViewed).values({ userId: browsing.user.id, venueId: venue.id })
    await db.insert(wishlistItems).values({ userId: saving.user.id, venueId: venue.id })

    const [fill] = await emptyDateSuggestions(owner.user)
    expect(fill!.organizers).toEqual([])
    expect(fill!.privateOrganizers).toBe(2)
    expect(JSON.stringify(fill)).not.toContain(browsing.user.lastName!)
    await expect(
      offerDate(owner.user, { venueId: venue.id, organizerId: browsing.user.id, date: fill!.openDates[0]! }),
    ).rejects.toMatchObject({
      status: 404,
    })
  })

  test('an organizer who opts in on /profile is named (and can be offered a date); the setting can be turned off again', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    // Each test in its own city: interest counts within 100 km.
    const { venue } = await createTestVenue({ by: owner.user, patch: { city: 'Seattle', stateCode: 'WA' } })
    const organizer = await createTestUser('organizer')
    await db.insert(recentlyViewed).values({ userId: organizer.user.id, venueId: venue.id })
    const profile = (await profileLoader(
      routeArgs(new Request('http://localhost/profile', { headers: { Cookie: organizer.cookie } })),
    )) as {
      user: { visibleToVenues: boolean }
    }
    expect(profile.user.visibleToVenues).toBe(false)

    const save = (fields: Record<string, string>) =>
      profileAction(routeArgs(formRequest('http://localhost/profile', { intent: 'privacy', ...fields }, { Cookie: organizer.cookie })))
    expect(((await save({ visibleToVenues: 'on' })) as Response).status).toBe(302)
    let [fill] = await emptyDateSuggestions(owner.user)
    expect(fill!.organizers).toEqual([{ id: organizer.user.id, name: `Test ${organizer.user.lastName}` }])
    expect(fill!.privateOrganizers).toBe(0)
    await expect(
      offerDate(owner.user, { venueId: venue.id, organizerId: organizer.user.id, date: fill!.openDates[0]! }),
    ).resolves.toBeDefined()

    // Unticked, the form sends nothing for the box: back to private.
    await save({})
    expect((await db.select({ v: users.visibleToVenues }).from(users).where(eq(users.id, organizer.user.id)))[0]!.v).toBe(false)
    ;[fill] = await emptyDateSuggestions(owner.user)
    expect(fill!.organizers).toEqual([])
  })

  test('saved tours show as anonymous demand per month', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const { venue } = await createTestVenue({ by: owner.user, patch: { city: 'Denver', stateCode: 'CO' } })
    const month = inDays(40).slice(0, 7)
    for (let i = 0; i < 3; i++) {
      const organizer = await createTestUser('organizer')
      await db.insert(tourPlans).values({
        userId: organizer.user.id,
        name: `Tour ${i}`,
        criteria: {},
        plan: {},
        startDate: inDays(40),
        endDate: inDays(45),
        cities: [`${venue.city}, ${venue.stateCode}`],
      })
    }
    const [fill] = await emptyDateSuggestions(owner.user)
    expect(fill!.demand).toEqual([{ month, organizers: 3 }])
    expect(fill!.organizers).toEqual([])
  })
})
