import { and, asc, eq, inArray } from 'drizzle-orm'
import { acceptBooking, createBooking, declineBooking } from '../features/bookings/bookings.server'
import { answerInquiry, createInquiry } from '../features/venues/inquiries.server'
import { sendMessage, startConversation } from '../features/messaging/messaging.server'
import { savePlan } from '../features/tours/tours.server'
import { addToWishlist } from '../features/venues/wishlist.server'
import { db } from '../db/client.server'
import { createId } from '../db/ids'
import { analyticsEvents, bookingEvents, bookings, users, venues, venueViews } from '../db/schema'
import { createRng } from '../core/random'
import { isoOf, MS_PER_DAY } from '../core/dates'

// Two months of marketplace activity, so the demo accounts' dashboards show something on a fresh
// start. Everything with a rule goes through the services with a past `now`; only timestamps the
// services always set to the present are moved back. Runs once, after the first seed.

const HISTORY_DAYS = 60

export type DemoActivityCounts = { views: number; searches: number; bookings: number; inquiries: number; messages: number; plans: number }

export async function seedDemoActivity(now = new Date()): Promise<DemoActivityCounts> {
  const rng = createRng('stagepass-demo-activity')
  const byEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)).limit(1))[0]
  const [organizer, owner] = [await byEmail('organizer@example.com'), await byEmail('owner@example.com')]
  if (!organizer || !owner) return { views: 0, searches: 0, bookings: 0, inquiries: 0, messages: 0, plans: 0 }
  const ownVenues = await db.select().from(venues).where(eq(venues.ownerId, owner.id)).orderBy(asc(venues.name))
  if (ownVenues.length < 8) return { views: 0, searches: 0, bookings: 0, inquiries: 0, messages: 0, plans: 0 }
  const daysAgo = (n: number, hour = 12) =>
    new Date(Math.floor(now.getTime() / MS_PER_DAY) * MS_PER_DAY - n * MS_PER_DAY + hour * 3_600_000)

  // Views of the owner's venues (more at weekends) and searches across the site, by day.
  const viewRows: (typeof analyticsEvents.$inferInsert)[] = []
  const dailyViews: (typeof venueViews.$inferInsert)[] = []
  const searchRows: (typeof analyticsEvents.$inferInsert)[] = []
  const cities = [...new Set(ownVenues.map((v) => v.city))]
  for (let ago = HISTORY_DAYS; ago >= 1; ago--) {
    const weekend = [0, 5, 6].includes(daysAgo(ago).getUTCDay())
    const todays: (typeof searchRows)[number][] = []
    for (let i = rng.int(8, 20); i > 0; i--) {
      const at = daysAgo(ago, rng.int(7, 22))
      const city = rng.pick(cities)
      todays.push({
        id: createId(at.getTime(), rng.hex8),
        name: 'search',
        anonId: `demo-${rng.hex8()}`,
        properties: { q: null, city, state: null, venueType: null, near: null, results: rng.int(3, 40) },
        createdAt: at,
      })
    }
    searchRows.push(...todays)
    for (const venue of ownVenues) {
      const count = rng.int(0, weekend ? 9 : 5)
      if (count === 0) continue
      dailyViews.push({ venueId: venue.id, day: isoOf(daysAgo(ago)), count })
      for (let i = 0; i < count; i++) {
        // A third of the views come from that day's searchers a few minutes later (the funnel's second step).
        const searcher = rng.chance(0.35) ? rng.pick(todays) : null
        const at = searcher ? new Date(searcher.createdAt!.getTime() + rng.int(1, 20) * 60_000) : daysAgo(ago, rng.int(8, 23))
        viewRows.push({
          id: createId(at.getTime(), rng.hex8),
          name: 'venue_view',
          venueId: venue.id,
          anonId: searcher?.anonId ?? `demo-${rng.hex8()}`,
          createdAt: at,
        })
      }
    }
  }
  const events = [...viewRows, ...searchRows]
  for (let start = 0; start < events.length; start += 1_000) await db.insert(analyticsEvents).values(events.slice(start, start + 1_000))
  if (dailyViews.length > 0) await db.insert(venueViews).values(dailyViews)

  // The organizer's bookings: a show that has happened, two confirmed ahead, one declined, two waiting.
  const [a, b, c, d, e, f, g, h] = ownVenues as [(typeof ownVenues)[number], ...(typeof ownVenues)[number][]]
  const plannedBookings = [
    { venue: a, requested: 40, show: -10, offer: 2400, guests: 180, type: 'Concert', decide: 'accept' as const, decided: 38 },
    { venue: b!, requested: 25, show: 20, offer: 3200, guests: 220, type: 'Album release', decide: 'accept' as const, decided: 24 },
    { venue: c!, requested: 12, show: 35, offer: 1800, guests: 120, type: 'Concert', decide: 'accept' as const, decided: 11 },
    { venue: d!, requested: 15, show: 28, offer: 1500, guests: 150, type: 'Showcase', decide: 'decline' as const, decided: 14 },
    { venue: e!, requested: 3, show: 45, offer: 2750, guests: 200, type: 'Concert', decide: null, decided: 0 },
    { venue: f!, requested: 1, show: 60, offer: 4500, guests: Math.min(300, f!.capacity), type: 'Private event', decide: null, decided: 0 },
  ]
  let bookingCount = 0
  for (const plan of plannedBookings) {
    const requestedAt = daysAgo(plan.requested, 15)
    const startDate = isoOf(daysAgo(-plan.show))
    const { booking } = await createBooking(
      organizer,
      {
        venueId: plan.venue.id,
        startDate,
        eventType: plan.type,
        guests: Math.min(plan.guests, plan.venue.capacity),
        offerAmount: plan.offer,
        message: 'Touring with a four-piece band; we bring our own backline.',
      },
      { now: requestedAt },
    )
    bookingCount++
    await backdate(booking.id, requestedAt, 'requested')
    if (plan.decide === 'accept') {
      await acceptBooking(owner, booking.id, { now: daysAgo(plan.decided, 10) })
      await backdate(booking.id, daysAgo(plan.decided, 10), 'accepted')
    } else if (plan.decide === 'decline') {
      await declineBooking(owner, booking.id, 'That date is taken by a private event, sorry.')
      await backdate(booking.id, daysAgo(plan.decided, 10), 'declined')
    }
  }

  // Questions: one answered, one still open.
  const answered = await createInquiry(
    organizer,
    g!.id,
    { question: 'Do you have a house PA and an engineer for a five-piece band?' },
    daysAgo(6, 11),
  )
  await answerInquiry(owner, answered.id, { answer: 'Yes: a full PA, an in-house engineer and a 20 × 14 ft stage.' }, daysAgo(5, 9))
  await createInquiry(organizer, h!.id, { question: 'Is load-in possible from 2 pm on weekdays?' }, new Date(now.getTime() - 2 * 3_600_000))

  // A conversation about the next confirmed show.
  const { conversation } = await startConversation(organizer, {
    venueId: b!.id,
    content: `Hi! Looking forward to the show at ${b!.name}. What time can we load in?`,
  })
  await sendMessage(owner, conversation.id, {
    content: 'Load-in is from 3 pm; soundcheck at 5. Parking for the van is behind the building.',
  })
  await sendMessage(organizer, conversation.id, { content: 'Perfect, see you then.' })

  await savePlan(organizer, {
    name: 'Chicago to Brooklyn in a week',
    criteria: {
      cities: ['Chicago, IL', 'New York, NY', 'Brooklyn, NY'],
      startDate: isoOf(daysAgo(-75)),
      durationDays: 7,
      budget: 15000,
      guestCount: 150,
    },
  })
  for (const venue of [c!, g!, h!]) await addToWishlist(organizer, venue.id)

  return { views: viewRows.length, searches: searchRows.length, bookings: bookingCount, inquiries: 2, messages: 3, plans: 1 }
}

/** Moves a booking's creation and one of its events back to when the demo says they happened. */
async function backdate(bookingId: string, at: Date, kind: 'requested' | 'accepted' | 'declined') {
  if (kind === 'requested') await db.update(bookings).set({ createdAt: at }).where(eq(bookings.id, bookingId))
  else await db.update(bookings).set({ updatedAt: at }).where(eq(bookings.id, bookingId))
  await db
    .update(bookingEvents)
    .set({ createdAt: at })
    .where(and(eq(bookingEvents.bookingId, bookingId), inArray(bookingEvents.kind, [kind])))
}
