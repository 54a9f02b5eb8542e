import { describe, expect, test } from 'vitest'
import { addToWishlist } from '~/features/venues/wishlist.server'
import { loader as newBookingRoute } from '~/routes/bookings+/new'
import { loader as multiLoader } from '~/routes/multi-venue-booking'
import { nonEmptyParams } from '~/web/non-empty-params'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

/** The page's data (the loader answers it with a status: 404 for a venue the visitor may not see). */
const newBookingLoader = async (args: Parameters<typeof newBookingRoute>[0]) => (await newBookingRoute(args)).data

// Booking without raw ids: venues are found by name, city or kind of room, or come from the
// wishlist or a link ('Book these'), and the pages offer them by name.

useTestDatabase()

/** A row's venue and date (rows also carry the offer and deal each venue states). */
const pairs = (rows: { venueId: string; startDate: string }[]) => rows.map(({ venueId, startDate }) => ({ venueId, startDate }))

const context = {}
const get = (path: string, cookie: string) => new Request(`http://localhost${path}`, { headers: { Cookie: cookie } })

describe('picking venues for a booking', () => {
  test('/bookings/new without a venue finds one by name or city and offers the wishlist, by name', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const { venue: room } = await createTestVenue({
      by: owner.user,
      patch: { name: 'Blue Lantern Jazz Room', city: 'Denver', stateCode: 'CO' },
    })
    const { venue: saved } = await createTestVenue({ by: owner.user, patch: { name: 'Copper Kettle Brewhouse' } })
    const organizer = await createTestUser('organizer')
    await addToWishlist(organizer.user, saved.id)

    const page = await newBookingLoader({
      request: get('/bookings/new?find=lantern&date=2027-05-01', organizer.cookie),
      params: {},
      context,
    })
    expect(page.venue).toBeNull()
    expect(page.choices?.found.map((c) => c.id)).toContain(room.id)
    expect(page.choices?.found.find((c) => c.id === room.id)?.label).toBe('Blue Lantern Jazz Room · Denver, CO · up to 300')
    expect(page.choices?.wishlist.map((c) => c.id)).toEqual([saved.id])

    const byCity = await newBookingLoader({ request: get('/bookings/new?find=denver co', organizer.cookie), params: {}, context })
    expect(byCity.choices?.found.map((c) => c.id)).toContain(room.id)

    const none = await newBookingLoader({ request: get('/bookings/new?find=zzqxv', organizer.cookie), params: {}, context })
    expect(none.choices?.findProblem).toBe('No venues match “zzqxv”.')

    const chosen = await newBookingLoader({ request: get(`/bookings/new?venueId=${room.id}`, organizer.cookie), params: {}, context })
    expect(chosen.venue?.id).toBe(room.id)
    expect(chosen.choices).toBeNull()
  })

  test("/multi-venue-booking offers the link's venues, the wishlist and what was found to every row", async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const [a, b, c] = [
      (await createTestVenue({ by: owner.user, patch: { name: 'Northside Ballroom' } })).venue,
      (await createTestVenue({ by: owner.user, patch: { name: 'Southside Ballroom' } })).venue,
      (await createTestVenue({ by: owner.user, patch: { name: 'Eastside Ballroom' } })).venue,
    ]
    const organizer = await createTestUser('organizer')
    await addToWishlist(organizer.user, c!.id)
    const page = await multiLoader({
      request: get(
        `/multi-venue-booking?venueId=${a!.id}&date.${a!.id}=2027-06-01&option=${b!.id}&option=nonsense&find=ballroom`,
        organizer.cookie,
      ),
      params: {},
      context,
    })
    expect(page.rows[0]).toMatchObject({ venueId: a!.id, startDate: '2027-06-01' })
    expect(page.rows[1]?.venueId).toBe('')
    expect(page.choices.chosen.map((ch) => ch.id).sort()).toEqual([a!.id, b!.id].sort())
    expect(page.choices.wishlist.map((ch) => ch.id)).toEqual([c!.id])
    expect(page.choices.found.length).toBeGreaterThan(0)
    expect(page.keep).toEqual([
      ['venueId', a!.id],
      [`date.${a!.id}`, '2027-06-01'],
      ['option', b!.id],
    ])
  })

  test('/multi-venue-booking keeps each date on its venue while more venues are found, whichever rows have one', async () => {
    const owner = await createTestUser('venue_owner', { plan: 'pro' })
    const venues = [
      (await createTestVenue({ by: owner.user })).venue,
      (await createTestVenue({ by: owner.user })).venue,
      (await createTestVenue({ by: owner.user })).venue,
    ]
    const organizer = await createTestUser('organizer')
    // Every pattern of dated and undated rows (a blank before a dated one was the defect), with an
    // id that is no id among them.
    for (let mask = 0; mask < 2 ** venues.length; mask++) {
      const wanted = venues.map((v, i) => ({ venueId: v.id, startDate: mask & (1 << i) ? `2027-06-0${i + 1}` : '' }))
      const first = new URLSearchParams([['venueId', 'nonsense']])
      for (const row of wanted) {
        first.append('venueId', row.venueId)
        if (row.startDate) first.append(`date.${row.venueId}`, row.startDate)
      }
      const page = await multiLoader({ request: get(`/multi-venue-booking?${first}`, organizer.cookie), params: {}, context })
      expect(pairs(page.rows.slice(0, venues.length))).toEqual(wanted)
      // The finder's search as the browser sends it with JavaScript: only non-empty fields.
      const found = nonEmptyParams([...page.keep, ['find', 'ballroom']])
      const again = await multiLoader({ request: get(`/multi-venue-booking?${found}`, organizer.cookie), params: {}, context })
      expect(pairs(again.rows.slice(0, venues.length))).toEqual(wanted)
    }
  })
})
