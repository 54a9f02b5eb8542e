import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { isId } from '~/core/domain'
import { bookings, dateOffers, inquiries, recentlyViewed, tourPlans, users, venueViews, venues, wishlistItems } from '~/db/schema'
import { availabilityPreview } from '../bookings/availability.server'
import { isoOf, MS_PER_DAY } from '~/core/dates'
import { dateProblem } from '~/core/date-horizon'
import { DomainError } from '~/core/errors'
import { notify } from '../notifications/notifications.server'
import { assertVenueFeature, hasVenueFeature } from '../plans/plan-limits.server'
import { canEditVenue, type Actor, requireRole, forbidden, isAdmin } from '../accounts/policy.server'
import { listed, venueById, venueNotFound } from '../venues/venues.server'
import { flushBufferedWrites } from '~/platform/view-buffer.server'

/** Counts one page view of a venue for today (UTC); one cheap upsert per view. */
export async function recordVenueView(venueId: string, now = new Date()) {
  await db
    .insert(venueViews)
    .values({ venueId, day: isoOf(now), count: 1 })
    .onConflictDoUpdate({ target: [venueViews.venueId, venueViews.day], set: { count: sql`${venueViews.count} + 1` } })
}

const requireManager = (actor: Actor) => requireRole(actor, ['venue_owner'])

/** Whether the owner has a venue (not archived) yet: until then their dashboard is a first-run guide. */
export async function ownsAVenue(actor: Actor) {
  const user = requireManager(actor)
  if (isAdmin(user)) return true
  const [row] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(isNull(venues.archivedAt), eq(venues.ownerId, user.id)))
    .limit(1)
  return Boolean(row)
}

/**
 * The venues the actor manages with quick stats: views in the last 30 days, open inquiries (the
 * bookings work adds open booking requests), the next booked date and empty dates in the next 30
 * days (both read through availabilityPreview, so they follow the bookings tables once merged).
 * An admin owns no venues; they see the most recently changed ones.
 */
export async function myVenues(actor: Actor, now = new Date()) {
  const user = requireManager(actor)
  // Views of venue pages wait in a buffer for a moment: the counts include them.
  await flushBufferedWrites()
  const rows = await db
    .select({
      id: venues.id,
      name: venues.name,
      slug: venues.slug,
      city: venues.city,
      citySlug: venues.citySlug,
      stateCode: venues.stateCode,
      photos: venues.photos,
      capacity: venues.capacity,
      dayRate: venues.dayRate,
      listed: venues.listed,
      unpublishedAt: venues.unpublishedAt,
      reviewRequestedAt: venues.reviewRequestedAt,
    })
    .from(venues)
    // Archived venues are gone from the owner's list too; their bookings stay on /bookings.
    .where(and(isNull(venues.archivedAt), isAdmin(user) ? undefined : eq(venues.ownerId, user.id)))
    .orderBy(desc(venues.updatedAt))
    .limit(isAdmin(user) ? 25 : 200)
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const since = isoOf(new Date(now.getTime() - 29 * MS_PER_DAY))
  const [views, open, requests] = await Promise.all([
    db
      .select({ venueId: venueViews.venueId, n: sql<number>`sum(${venueViews.count})::int` })
      .from(venueViews)
      .where(and(inArray(venueViews.venueId, ids), gte(venueViews.day, since)))
      .groupBy(venueViews.venueId),
    db
      .select({ venueId: inquiries.venueId, n: count() })
      .from(inquiries)
      .where(and(inArray(inquiries.venueId, ids), eq(inquiries.status, 'open')))
      .groupBy(inquiries.venueId),
    db
      .select({ venueId: bookings.venueId, n: count() })
      .from(bookings)
      .where(and(inArray(bookings.venueId, ids), eq(bookings.status, 'pending')))
      .groupBy(bookings.venueId),
  ])
  const viewsBy = new Map(views.map((row) => [row.venueId, row.n]))
  const openBy = new Map(open.map((row) => [row.venueId, row.n]))
  const requestsBy = new Map(requests.map((row) => [row.venueId, row.n]))
  return Promise.all(
    rows.map(async (venue) => {
      const days = await availabilityPreview(venue.id, now, 365)
      return {
        ...venue,
        views30: viewsBy.get(venue.id) ?? 0,
        openInquiries: openBy.get(venue.id) ?? 0,
        pendingRequests: requestsBy.get(venue.id) ?? 0,
        nextBooked: days.find((day) => day.status === 'booked')?.date ?? null,
        emptyNext30: days.slice(0, 30).filter((day) => day.status === 'available').length,
      }
    }),
  )
}

const INTEREST_RADIUS_M = 100_000
const INTEREST_WINDOW_MS = 60 * MS_PER_DAY

/**
 * Organizers likely to want a date near a venue: those who in the last 60 days saved to their
 * wishlist, viewed, or asked about a venue within 100 km. Their browsing is theirs: an owner sees
 * the names of only those who chose to be visible to venues (a setting on /profile, off by
 * default), and a count of the others (`hidden`).
 */
export async function interestedOrganizers(
  venue: { id: string; latitude: number; longitude: number; ownerId: string | null },
  now = new Date(),
  limit = 8,
) {
  const here = sql`ll_to_earth(${venue.latitude}, ${venue.longitude})`
  const near = sql`earth_box(${here}, ${INTEREST_RADIUS_M}) @> ll_to_earth(${venues.latitude}, ${venues.longitude}) and earth_distance(${here}, ll_to_earth(${venues.latitude}, ${venues.longitude})) <= ${INTEREST_RADIUS_M}`
  const since = new Date(now.getTime() - INTEREST_WINDOW_MS)
  const viewed = db
    .select({ userId: recentlyViewed.userId, at: recentlyViewed.viewedAt })
    .from(recentlyViewed)
    .innerJoin(venues, eq(venues.id, recentlyViewed.venueId))
    .where(and(near, gte(recentlyViewed.viewedAt, since)))
  const asked = db
    .select({ userId: sql<string>`${inquiries.askerId}`, at: inquiries.createdAt })
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .where(and(near, gte(inquiries.createdAt, since), sql`${inquiries.askerId} is not null`))
  const wished = db
    .select({ userId: wishlistItems.userId, at: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(venues, eq(venues.id, wishlistItems.venueId))
    .where(and(near, gte(wishlistItems.createdAt, since)))
  const signals = viewed.unionAll(asked).unionAll(wished).as('signals')
  const who = and(inArray(users.role, ['organizer', 'event_organizer']), venue.ownerId ? sql`${users.id} <> ${venue.ownerId}` : undefined)
  const [visible, [all]] = await Promise.all([
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, lastSeen: sql<Date>`max(${signals.at})` })
      .from(signals)
      .innerJoin(users, eq(users.id, signals.userId))
      .where(and(who, eq(users.visibleToVenues, true)))
      .groupBy(users.id, users.firstName, users.lastName)
      .orderBy(sql`max(${signals.at}) desc`)
      .limit(limit),
    db
      .select({ n: sql<number>`count(distinct ${users.id})::int` })
      .from(signals)
      .innerJoin(users, eq(users.id, signals.userId))
      .where(who),
  ])
  return { visible, hidden: Math.max(0, (all?.n ?? 0) - visible.length) }
}

/**
 * Anonymous, date-specific demand: per month, how many organizers have an upcoming saved tour
 * that plays the venue's city or picks the venue ('3 organizers planning tours near you in
 * March'). Counts only; no names.
 */
async function tourDemand(venue: { id: string; city: string; stateCode: string }, today: string) {
  return db
    .select({
      month: sql<string>`to_char(${tourPlans.startDate}, 'YYYY-MM')`,
      organizers: sql<number>`count(distinct ${tourPlans.userId})::int`,
    })
    .from(tourPlans)
    .where(
      and(
        sql`(${tourPlans.venueIds} @> array[${venue.id}]::text[] or ${tourPlans.cities} @> array[${`${venue.city}, ${venue.stateCode}`}]::text[])`,
        sql`${tourPlans.startDate} >= ${today}::date`,
      ),
    )
    .groupBy(sql`1`)
    .orderBy(sql`1`)
    .limit(6)
}

const FILL_DAYS = 60

/** 'Fill your empty dates': per owned venue, open dates in the next 60 days and who might want them. */
export async function emptyDateSuggestions(actor: Actor, now = new Date()) {
  const user = requireManager(actor)
  const owned = await db
    .select({
      id: venues.id,
      name: venues.name,
      city: venues.city,
      stateCode: venues.stateCode,
      latitude: venues.latitude,
      longitude: venues.longitude,
      ownerId: venues.ownerId,
    })
    .from(venues)
    .where(and(eq(venues.ownerId, user.id), listed))
    .orderBy(venues.name)
    .limit(20)
  const today = isoOf(now)
  const canOffer = await hasVenueFeature(user, 'emptyDateOffers')
  return Promise.all(
    owned.map(async (venue) => {
      const [days, interest, demand, sent, tours] = await Promise.all([
        availabilityPreview(venue.id, new Date(now.getTime() + MS_PER_DAY), FILL_DAYS),
        interestedOrganizers(venue, now),
        tourDemand(venue, today),
        db.select({ organizerId: dateOffers.organizerId, date: dateOffers.date }).from(dateOffers).where(eq(dateOffers.venueId, venue.id)),
        // "Saved tours want your dates": upcoming saved plans that pick this venue or play its city.
        db
          .select({ n: count() })
          .from(tourPlans)
          .where(
            and(
              sql`(${tourPlans.venueIds} @> array[${venue.id}]::text[] or ${tourPlans.cities} @> array[${`${venue.city}, ${venue.stateCode}`}]::text[])`,
              sql`(${tourPlans.endDate} is null or ${tourPlans.endDate} >= ${today})`,
            ),
          ),
      ])
      return {
        venue: { id: venue.id, name: venue.name, city: venue.city },
        openDates: days.filter((day) => day.status === 'available').map((day) => day.date),
        organizers: interest.visible.map(({ id, firstName, lastName }) => ({
          id,
          name: [firstName, lastName].filter(Boolean).join(' ') || 'An organizer',
        })),
        /** Interested organizers who keep their name to themselves: only counted. */
        privateOrganizers: interest.hidden,
        demand,
        canOffer,
        offered: sent.map((row) => `${row.organizerId}:${row.date}`),
        savedTours: tours[0]?.n ?? 0,
      }
    }),
  )
}

/**
 * Offers an open date to an organizer: a notification that links to the booking page. One offer
 * per organizer, venue and date (a unique index), so an owner cannot spam.
 */
export async function offerDate(actor: Actor, input: { venueId: string; organizerId: string; date: string }, now = new Date()) {
  const user = requireManager(actor)
  const problem = dateProblem(input.date, 'Choose a date like 2027-03-14', now)
  if (problem) throw new DomainError(problem, { status: 400, code: 'VALIDATION_ERROR', field: 'date' })
  const venue = await venueById(input.venueId)
  if (!venue) throw venueNotFound()
  if (!canEditVenue(user, venue)) forbidden()
  // An organizer could not book an unlisted venue, so it offers nothing.
  if (!venue.listed) throw new DomainError('This venue is not public, so it cannot offer dates.', { status: 409, code: 'NOT_LISTED' })
  await assertVenueFeature(user, 'emptyDateOffers')
  const days = await availabilityPreview(venue.id, new Date(now.getTime() + MS_PER_DAY), FILL_DAYS)
  if (!days.some((day) => day.date === input.date && day.status === 'available'))
    throw new DomainError('That date is not open.', { status: 409, code: 'DATE_NOT_OPEN' })
  const [organizer] = isId(input.organizerId)
    ? await db
        .select({ id: users.id, role: users.role, visible: users.visibleToVenues })
        .from(users)
        .where(eq(users.id, input.organizerId))
        .limit(1)
    : []
  // Only an organizer who chose to be visible to venues can be offered a date by name.
  if (!organizer || !organizer.visible || !['organizer', 'event_organizer'].includes(organizer.role))
    throw new DomainError('Organizer not found', { status: 404, code: 'NOT_FOUND' })
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(dateOffers)
      .values({ venueId: venue.id, organizerId: organizer.id, date: input.date, sentBy: user.id })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new DomainError('You already offered this date to this organizer.', { status: 409, code: 'ALREADY_OFFERED' })
    await notify(
      organizer.id,
      {
        title: `${venue.name} has ${input.date} open`,
        message: `${venue.name} in ${venue.city} offers you ${input.date}.`,
        link: `/book/${venue.id}?date=${input.date}`,
      },
      tx,
    )
    return row
  })
}
