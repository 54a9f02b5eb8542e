import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { createEvents, type EventAttributes } from 'ics'
import { db } from '~/db/client.server'
import { bookings, calendarFeeds, venues } from '~/db/schema'
import { publicOrigin } from '~/env.server'
import { addDays, todayIso } from '~/core/dates'
import { dateHorizon } from '~/core/date-horizon'
import { ACTIVE_BOOKING_STATUSES } from '~/core/domain'
import { liveSql } from '../bookings/rules.server'
import { blockedDays } from '../bookings/availability.server'
import { canEditVenue, forbidden, requireActor, type Actor } from '../accounts/policy.server'
import { venueNotFound } from '../venues/venues.server'

// Private ICS feeds (docs/calendars.md): each venue publishes its bookings (CONFIRMED), requests
// that hold dates (TENTATIVE) and blocked dates at a secret address; each user gets one for their
// own bookings and holds. The address is the only key (calendar apps send no cookies), so it is 32
// random bytes, and resetting it makes the old address answer 404.

/** A feed's address token: 32 random bytes, base64url (43 characters, the table checks the form). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
const newToken = () => randomBytes(32).toString('base64url')

/** At most this many events of each kind in one feed, whatever the data holds. */
export const MAX_FEED_EVENTS = 2000
/** Past dates stay in a feed this long, so last month's shows are still in the calendar. */
const FEED_PAST_DAYS = 90

export type FeedOwner = { venueId: string } | { userId: string }

async function managedVenue(actor: Actor, venueId: string) {
  const signedIn = requireActor(actor)
  const [venue] = await db.select({ id: venues.id, ownerId: venues.ownerId }).from(venues).where(eq(venues.id, venueId))
  if (!venue) throw venueNotFound()
  if (!canEditVenue(signedIn, venue)) forbidden()
  return venue
}

async function tokenFor(owner: FeedOwner) {
  const where = 'venueId' in owner ? eq(calendarFeeds.venueId, owner.venueId) : eq(calendarFeeds.userId, owner.userId)
  const [found] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(where)
  if (found) return found.token
  // Two first views at once both insert; the unique owner column keeps one, and both read it back.
  await db
    .insert(calendarFeeds)
    .values({ token: newToken(), ...owner })
    .onConflictDoNothing()
  const [made] = await db.select({ token: calendarFeeds.token }).from(calendarFeeds).where(where)
  return made!.token
}

async function resetToken(owner: FeedOwner) {
  const where = 'venueId' in owner ? eq(calendarFeeds.venueId, owner.venueId) : eq(calendarFeeds.userId, owner.userId)
  await db.transaction(async (tx) => {
    await tx.delete(calendarFeeds).where(where)
    await tx.insert(calendarFeeds).values({ token: newToken(), ...owner })
  })
  return tokenFor(owner)
}

/** The feed's addresses, from the configured public origin (never a request's Host). */
export function feedLinks(token: string) {
  const https = `${publicOrigin()}/calendars/${token}.ics`
  return { https, webcal: https.replace(/^https?:/, 'webcal:') }
}

/** The venue's feed address, made on first use; its owner and admins only. */
export async function venueFeed(actor: Actor, venueId: string) {
  await managedVenue(actor, venueId)
  return feedLinks(await tokenFor({ venueId }))
}

/** A new address for the venue's feed; the old one answers 404 from now on. */
export async function resetVenueFeed(actor: Actor, venueId: string) {
  await managedVenue(actor, venueId)
  return feedLinks(await resetToken({ venueId }))
}

/** The signed-in user's own feed of their bookings and holds. */
export async function userFeed(actor: Actor) {
  const user = requireActor(actor)
  return feedLinks(await tokenFor({ userId: user.id }))
}

export async function resetUserFeed(actor: Actor) {
  const user = requireActor(actor)
  return feedLinks(await resetToken({ userId: user.id }))
}

type DayArray = [number, number, number]
const day = (iso: string): DayArray => iso.split('-').map(Number) as DayArray
/** Text from users goes into a property value: ics escapes commas, semicolons and line breaks in event fields, not in the calendar's name. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim()

/** DTSTAMP from the row's last change, so an unchanged event reads the same at every fetch (ics takes `timestamp`; its types leave it out). */
type FeedEvent = EventAttributes & { timestamp: number }

function calendarText(events: FeedEvent[], name: string) {
  // An empty calendar is still a calendar: subscribers must see the events go.
  const { error, value } = createEvents(events, { productId: 'stagepass/calendars', calName: oneLine(name), method: 'PUBLISH' })
  if (error || value === undefined) throw error ?? new Error('Could not build the calendar.')
  return value
}

function window(now: Date) {
  return { from: addDays(todayIso(now), -FEED_PAST_DAYS), to: dateHorizon(now).latest }
}

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  startDate: bookings.startDate,
  endDate: bookings.endDate,
  eventType: bookings.eventType,
  guests: bookings.guests,
  updatedAt: bookings.updatedAt,
}

function liveBookings(from: string, to: string) {
  return and(
    inArray(bookings.status, ACTIVE_BOOKING_STATUSES),
    liveSql,
    sql`${bookings.during} && daterange(${from}::date, ${to}::date, '[]')`,
  )
}

async function venueCalendarText(venueId: string, now: Date) {
  const [venue] = await db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId))
  if (!venue) return null
  const { from, to } = window(now)
  const [booked, blockedRows] = await Promise.all([
    db
      .select(bookingColumns)
      .from(bookings)
      .where(and(eq(bookings.venueId, venueId), liveBookings(from, to)))
      .orderBy(asc(bookings.startDate), asc(bookings.id))
      .limit(MAX_FEED_EVENTS),
    blockedDays(venueId, from, to).limit(MAX_FEED_EVENTS),
  ])
  const origin = publicOrigin()
  const events: FeedEvent[] = booked.map((b) => ({
    uid: `booking-${b.id}@stagepass`,
    timestamp: b.updatedAt.getTime(),
    start: day(b.startDate),
    end: day(addDays(b.endDate, 1)),
    title: `${b.status === 'accepted' ? 'Booked' : 'Requested'}: ${oneLine(b.eventType)}, ${b.guests} guests`,
    description: b.status === 'accepted' ? 'An accepted booking.' : 'A request that holds the date until it is answered or expires.',
    url: `${origin}/bookings/${b.id}`,
    status: b.status === 'accepted' ? 'CONFIRMED' : 'TENTATIVE',
    busyStatus: b.status === 'accepted' ? 'BUSY' : 'TENTATIVE',
    transp: 'OPAQUE',
  }))
  for (const blocked of blockedRows)
    events.push({
      uid: `blocked-${venueId}-${blocked.date}@stagepass`,
      timestamp: blocked.updatedAt.getTime(),
      start: day(blocked.date),
      end: day(addDays(blocked.date, 1)),
      title: blocked.source === 'feed' ? 'Blocked (from your external calendar)' : 'Blocked',
      status: 'CONFIRMED',
      busyStatus: 'BUSY',
      transp: 'OPAQUE',
    })
  return calendarText(events, `${venue.name} on Stagepass`)
}

async function userCalendarText(userId: string, now: Date) {
  const { from, to } = window(now)
  const rows = await db
    .select({ ...bookingColumns, venueName: venues.name, address: venues.address, city: venues.city, stateCode: venues.stateCode })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .where(and(eq(bookings.organizerId, userId), liveBookings(from, to)))
    .orderBy(asc(bookings.startDate), asc(bookings.id))
    .limit(MAX_FEED_EVENTS)
  const origin = publicOrigin()
  const events: FeedEvent[] = rows.map((b) => ({
    uid: `booking-${b.id}@stagepass`,
    timestamp: b.updatedAt.getTime(),
    start: day(b.startDate),
    end: day(addDays(b.endDate, 1)),
    title: `${b.status === 'accepted' ? '' : 'Hold: '}${oneLine(b.eventType)} at ${oneLine(b.venueName)}`,
    location: oneLine(`${b.venueName}, ${b.address}, ${b.city}, ${b.stateCode}`),
    description: b.status === 'accepted' ? 'Booked.' : 'Your request holds the date until the venue answers or the hold ends.',
    url: `${origin}/bookings/${b.id}`,
    status: b.status === 'accepted' ? 'CONFIRMED' : 'TENTATIVE',
    busyStatus: b.status === 'accepted' ? 'BUSY' : 'TENTATIVE',
    transp: 'OPAQUE',
  }))
  return calendarText(events, 'My Stagepass bookings')
}

/** The feed behind a token, as iCalendar text; null for a token that is not (or no longer) a feed. */
export async function feedCalendar(token: string, now = new Date()) {
  if (!FEED_TOKEN_PATTERN.test(token)) return null
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token))
  if (!feed) return null
  if (feed.venueId) return venueCalendarText(feed.venueId, now)
  return feed.userId ? userCalendarText(feed.userId, now) : null
}
