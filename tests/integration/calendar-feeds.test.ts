import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { venues } from '~/db/schema'
import { loader as feedLoader } from '~/routes/calendars.$file'
import { acceptBooking, createBooking } from '~/features/bookings/bookings.server'
import { setCalendarDays } from '~/features/calendars/calendar.server'
import { blockedDays, takenDates } from '~/features/bookings/availability.server'
import { feedCalendar, resetUserFeed, resetVenueFeed, userFeed, venueFeed } from '~/features/calendars/calendar-feeds.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

// Private ICS feeds (docs/calendars.md): what a venue's and an organizer's feed say, that the
// address is the key (reset makes the old one 404), and that nobody else reads or resets it.

useTestDatabase()

const tokenOf = (url: string) => /\/calendars\/([^/]+)\.ics$/.exec(url)![1]!

async function get(url: string) {
  // As a calendar app asks: no cookie, whatever Host.
  const file = /\/calendars\/([^/]+)$/.exec(url)![1]!
  return (await feedLoader(routeArgs(new Request(`http://evil.example/calendars/${file}`), { file }))) as Response
}

function eventsOf(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text) as never)
  return calendar.getAllSubcomponents('vevent').map((v) => ({
    uid: String(v.getFirstPropertyValue('uid')),
    summary: String(v.getFirstPropertyValue('summary')),
    status: String(v.getFirstPropertyValue('status')),
    location: String(v.getFirstPropertyValue('location') ?? ''),
    start: String(v.getFirstPropertyValue('dtstart')),
    end: String(v.getFirstPropertyValue('dtend')),
    allDay: (v.getFirstPropertyValue('dtstart') as InstanceType<typeof ICAL.Time>).isDate,
    stamp: String(v.getFirstPropertyValue('dtstamp')),
  }))
}

beforeAll(() => {
  globalThis.__stagepassEnv = undefined
  process.env.APP_URL = 'https://stagepass.example'
})
afterAll(() => {
  delete process.env.APP_URL
  globalThis.__stagepassEnv = undefined
})

describe(`calendar feeds`, () => {
  test("a venue's feed has its bookings confirmed, its requests tentative and its blocked dates, as all-day events", async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const { booking: accepted } = await createBooking(organizer.user, bookingBody(venue.id, { startDate: inDays(20), endDate: inDays(21) }))
    await acceptBooking(owner!.user, accepted.id)
    const other = await createTestUser('organizer')
    const { booking: pending } = await createBooking(other.user, bookingBody(venue.id, { startDate: inDays(40) }))
    await setCalendarDays(owner!.user, venue.id, [inDays(50)], { blocked: true })

    const links = await venueFeed(owner!.user, venue.id)
    expect(links.https).toMatch(/^https:\/\/stagepass\.example\/calendars\/[A-Za-z0-9_-]{43}\.ics$/)
    expect(links.webcal).toBe(links.https.replace('https:', 'webcal:'))
    const response = await get(links.https)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('text/calendar; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toMatch(/^private, max-age=\d+$/)
    expect(response.headers.get('Set-Cookie')).toBeNull()
    const text = await response.text()
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    const events = eventsOf(text)
    const compact = (iso: string) => iso
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          uid: `booking-${accepted.id}@stagepass`,
          status: 'CONFIRMED',
          start: compact(inDays(20)),
          end: inDays(22),
          allDay: true,
        }),
        expect.objectContaining({ uid: `booking-${pending.id}@stagepass`, status: 'TENTATIVE', start: inDays(40), end: inDays(41) }),
        expect.objectContaining({ uid: `blocked-${venue.id}-${inDays(50)}@stagepass`, summary: 'Blocked', start: inDays(50) }),
      ]),
    )
    expect(events).toHaveLength(3)
    // Stable: a second fetch says the same (UIDs and DTSTAMPs from the rows, not the clock).
    expect(eventsOf(await (await get(links.https)).text())).toEqual(events)
  })

  test("an organizer's feed has their bookings and holds; names with commas, semicolons and line breaks are escaped", async () => {
    const { venue, owner } = await createTestVenue()
    await db.update(venues).set({ name: 'Bar, Grill; and\nStage' }).where(eq(venues.id, venue.id))
    const organizer = await createTestUser('organizer')
    const { booking } = await createBooking(
      organizer.user,
      bookingBody(venue.id, { startDate: inDays(30), eventType: 'Release; party, live' }),
    )
    const { booking: hold } = await createBooking(organizer.user, bookingBody(venue.id, { startDate: inDays(60) }))
    await acceptBooking(owner!.user, booking.id)

    const links = await userFeed(organizer.user)
    const text = await (await get(links.https)).text()
    expect(text).toContain('SUMMARY:Release\\; party\\, live at Bar\\, Grill\\; and Stage')
    const events = eventsOf(text)
    expect(events.find((e) => e.uid === `booking-${booking.id}@stagepass`)).toMatchObject({
      status: 'CONFIRMED',
      summary: 'Release; party, live at Bar, Grill; and Stage',
      location: 'Bar, Grill; and Stage, 1 Main St, Austin, TX',
    })
    expect(events.find((e) => e.uid === `booking-${hold.id}@stagepass`)).toMatchObject({
      status: 'TENTATIVE',
      summary: 'Hold: Concert at Bar, Grill; and Stage',
    })
    // The venue's feed names the venue in the calendar's name on one line.
    const venueText = await (await get((await venueFeed(owner!.user, venue.id)).https)).text()
    expect(venueText).toMatch(/\r\nX-WR-CALNAME:Bar\\?, Grill\\?; and Stage on Stagepass\r\n/)
  })

  test('resetting the address makes the old one answer 404; the same user gets the same address until then', async () => {
    const { venue, owner } = await createTestVenue()
    const first = await venueFeed(owner!.user, venue.id)
    expect((await venueFeed(owner!.user, venue.id)).https).toBe(first.https)
    const second = await resetVenueFeed(owner!.user, venue.id)
    expect(second.https).not.toBe(first.https)
    expect((await get(first.https)).status).toBe(404)
    expect((await get(second.https)).status).toBe(200)

    const organizer = await createTestUser('organizer')
    const mine = await userFeed(organizer.user)
    await resetUserFeed(organizer.user)
    expect(await feedCalendar(tokenOf(mine.https))).toBeNull()
  })

  test("another user can neither read nor reset a venue's feed; made-up and malformed addresses are 404s", async () => {
    const { venue } = await createTestVenue()
    const stranger = await createTestUser('venue_owner')
    await expect(venueFeed(stranger.user, venue.id)).rejects.toMatchObject({ status: 403 })
    await expect(resetVenueFeed(stranger.user, venue.id)).rejects.toMatchObject({ status: 403 })
    await expect(venueFeed(null, venue.id)).rejects.toMatchObject({ status: 401 })
    for (const file of ['x.ics', `${'A'.repeat(43)}.ics`, `${'A'.repeat(43)}`, "'; drop table venues;--.ics", `${'A'.repeat(5000)}.ics`])
      expect((await get(`http://x/calendars/${encodeURIComponent(file)}`)).status).toBe(404)
  })
  test('the feed shows as blocked exactly the dates a booking cannot take: one query for both', async () => {
    const { venue, owner } = await createTestVenue()
    const { venue: neighbour, owner: neighbourOwner } = await createTestVenue()
    const [from, to] = [inDays(30), inDays(36)]
    // The window's edges and a date inside it blocked; a priced date, a date past the window and
    // another venue's date are not this venue's blocked dates in it.
    await setCalendarDays(owner!.user, venue.id, [inDays(36), inDays(30), inDays(33), inDays(37)], { blocked: true })
    await setCalendarDays(owner!.user, venue.id, [inDays(31)], { priceOverride: 900 })
    await setCalendarDays(neighbourOwner!.user, neighbour.id, [inDays(32)], { blocked: true })

    const rows = await blockedDays(venue.id, from, to)
    expect(rows.map((row) => row.date)).toEqual([inDays(30), inDays(33), inDays(36)])
    expect((await takenDates(venue.id, from, to)).blocked).toEqual(new Set([inDays(30), inDays(33), inDays(36)]))
    const feed = eventsOf((await feedCalendar(tokenOf((await venueFeed(owner!.user, venue.id)).https)))!)
    const feedBlocked = feed.filter((event) => event.uid.startsWith('blocked-')).map((event) => event.start)
    expect(feedBlocked).toEqual([inDays(30), inDays(33), inDays(36), inDays(37)])
  })
})
