import { todayIso } from '~/core/dates'
import { listOf, plural, slugify } from '~/core/words'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { db, isUniqueViolation } from '~/db/client.server'
import {} from '~/core/domain'
import { createId } from '~/db/ids'
import { bookings, users, venues } from '~/db/schema'
import { ACTIVE_BOOKING_STATUSES } from '~/core/domain'
import { venuePhotos } from '~/features/venues/cover-art'
import { createVenueSchema, updateVenueSchema } from '~/features/venues/venue-schemas'
import { locateCity, type LocatedCity } from '../search/city-lookup.server'
import { DomainError } from '~/core/errors'
import { notify, type NotificationInput } from '../notifications/notifications.server'
import { withAllowance, type Tx } from '../plans/plan-limits.server'
import { canEditVenue, forbidden, requireActor, type Actor } from '../accounts/policy.server'
import { invalidateVenueCaches, takenSlugs, venueById, venueColumns, venueNotFound } from './venues.server'

// Writes to venues. Every one takes the acting user and decides itself who may do what, so a
// page, the API and a script all get the same rules: 401 without a user, 403 for the wrong role or
// another owner's venue, 404 for an unknown venue, then a ZodError (400 with field messages) for a
// bad body. Credentials are checked before the body, so a caller learns about them first.

/** The gazetteer's city for a body, or a 'city' issue: the server-only part of validation. */
function withCity(city: string, stateCode: string, ctx: z.RefinementCtx): LocatedCity {
  const located = locateCity(city, stateCode)
  if (!located) ctx.addIssue({ code: 'custom', path: ['city'], message: `City not found in ${stateCode}` })
  // With an issue added the parse fails, so the placeholder is never used.
  return located ?? ({} as LocatedCity)
}

// Route segments under /venues that a slug must never shadow.
const RESERVED_SLUGS = new Set(['recently-viewed', 'manage', 'create'])

/** `base`, or `base-2`, `base-3`… whichever is free. */
async function freeSlug(base: string, reader?: Pick<typeof db, 'select'>) {
  const taken = await takenSlugs(base, reader)
  let slug = base
  for (let n = 2; taken.has(slug) || RESERVED_SLUGS.has(slug); n++) slug = `${base}-${n}`
  return slug
}

async function notifyAdmins(message: NotificationInput) {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))
  for (const admin of admins) await notify(admin.id, message)
}

/** An owner is reviewed once an admin has approved one of their venues (a listing or a claim). */
async function ownerStanding(ownerId: string, reader: Pick<typeof db, 'select'> = db) {
  const [row] = await reader
    .select({
      managed: sql<number>`count(*) filter (where ${venues.archivedAt} is null)::int`,
      reviewed: sql<boolean>`coalesce(bool_or(${venues.reviewRequestedAt} is null), false)`,
    })
    .from(venues)
    .where(eq(venues.ownerId, ownerId))
  return { managed: row?.managed ?? 0, reviewed: Boolean(row?.reviewed) }
}

/**
 * A new listing: an owner's is claimed by them, an admin's stays unclaimed. A new owner's first
 * listing waits for review before it is public (as a claim does); the owner's plan caps their venues.
 */
export async function createVenue(actor: Actor, input: unknown, { now = new Date() }: { now?: Date } = {}) {
  const user = requireActor(actor)
  const role = user.role
  if (role !== 'venue_owner' && role !== 'admin') forbidden()
  const { located: city, ...body } = createVenueSchema
    .transform((venue, ctx) => ({ ...venue, located: withCity(venue.city, venue.stateCode, ctx) }))
    .parse(input)
  const owned = role === 'venue_owner'
  const base = slugify(`${body.name} ${city.name} ${city.stateCode}`)
  const insert = async (tx: Tx, reviewRequestedAt: Date | null) => {
    // Two listings with the same name can race for a slug: the unique index decides, we retry
    // from a savepoint (a failed statement ends the transaction around it).
    for (let attempt = 0; ; attempt++) {
      const id = createId()
      try {
        return await tx.transaction(async (savepoint) => {
          const [row] = await savepoint
            .insert(venues)
            .values({
              ...body,
              id,
              slug: await freeSlug(base, savepoint),
              city: city.name,
              citySlug: city.slug,
              stateCode: city.stateCode,
              latitude: city.latitude,
              longitude: city.longitude,
              photos: venuePhotos({
                id,
                name: body.name,
                type: body.venueType,
                city: city.name,
                stateCode: city.stateCode,
                address: body.address,
              }),
              ownerId: owned ? user.id : null,
              claimed: owned,
              reviewRequestedAt,
            })
            .returning(venueColumns)
          return row!
        })
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error)) continue
        throw error
      }
    }
  }
  // An owner's venues are metered by their venue plan: counted and inserted under one lock.
  const row = owned
    ? await withAllowance(
        user,
        'claimedVenues',
        async (tx) => (await ownerStanding(user.id, tx)).managed,
        async (tx) => insert(tx, (await ownerStanding(user.id, tx)).reviewed ? null : now),
      )
    : await db.transaction((tx) => insert(tx, null))
  invalidateVenueCaches()
  if (row.reviewRequestedAt) await notifyAdmins({ title: 'New listing to review', message: row.name, link: '/admin/venues?filter=review' })
  return row
}

async function editableVenue(actor: Actor, id: string) {
  const user = requireActor(actor)
  const venue = await venueById(id)
  // An archived (deleted) venue is gone for writes too: its bookings stay, the listing does not come back.
  if (!venue || venue.archivedAt) throw venueNotFound()
  if (!canEditVenue(user, venue)) forbidden()
  return venue
}

/**
 * Changes only the fields given. The slug stays, so shared links keep working; a new city or
 * state moves the venue to that city's centre and its landing pages.
 */
export async function updateVenue(actor: Actor, id: string, input: unknown) {
  const venue = await editableVenue(actor, id)
  const {
    city: _city,
    stateCode: _stateCode,
    located: city,
    ...rest
  } = updateVenueSchema
    .transform((patch, ctx) => ({
      ...patch,
      located:
        patch.city !== undefined || patch.stateCode !== undefined
          ? withCity(patch.city ?? venue.city, patch.stateCode ?? venue.stateCode, ctx)
          : null,
    }))
    .parse(input)
  const patch: Partial<typeof venues.$inferInsert> = { ...rest }
  if (city) {
    Object.assign(patch, {
      city: city.name,
      citySlug: city.slug,
      stateCode: city.stateCode,
      latitude: city.latitude,
      longitude: city.longitude,
    })
  }
  const [row] = await db.update(venues).set(patch).where(eq(venues.id, venue.id)).returning(venueColumns)
  invalidateVenueCaches()
  return row!
}

/**
 * "Deleting" a venue archives it, so its bookings and analytics keep their venue. A venue with
 * requests waiting or shows to come cannot go until they are answered or cancelled, so no organizer
 * is left without an answer.
 */
export async function deleteVenue(actor: Actor, id: string, { now = new Date() }: { now?: Date } = {}) {
  const venue = await editableVenue(actor, id)
  const today = todayIso(now)
  const [open] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${bookings.status} = 'pending')::int`,
      upcoming: sql<number>`count(*) filter (where ${bookings.status} = 'accepted' and ${bookings.endDate} >= ${today}::date)::int`,
    })
    .from(bookings)
    .where(and(eq(bookings.venueId, venue.id), inArray(bookings.status, ACTIVE_BOOKING_STATUSES)))
  const pending = open?.pending ?? 0
  const upcoming = open?.upcoming ?? 0
  if (pending + upcoming > 0) {
    const parts = [
      pending ? `${plural(pending, 'request')} waiting for an answer` : null,
      upcoming ? plural(upcoming, 'upcoming booking') : null,
    ].filter((part): part is string => Boolean(part))
    throw new DomainError(
      `${venue.name} still has ${listOf(parts)}. Decline or cancel ${pending + upcoming === 1 ? 'it' : 'them'} on your bookings page first (each organizer is told why), then delete the venue.`,
      { status: 409, code: 'VENUE_HAS_BOOKINGS' },
    )
  }
  const [row] = await db
    .update(venues)
    .set({ archivedAt: now })
    .where(eq(venues.id, venue.id))
    .returning({ id: venues.id, archivedAt: venues.archivedAt })
  invalidateVenueCaches()
  return row!
}
