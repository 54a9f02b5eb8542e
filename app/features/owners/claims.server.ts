import { plural } from '~/core/words'
import { and, count, desc, eq, isNull, ne } from 'drizzle-orm'
import { db, isUniqueViolation } from '~/db/client.server'
import { isId } from '~/core/domain'
import { bookings, inquiries, users, venueClaims, venues } from '~/db/schema'
import { formatBookingDates } from '~/features/bookings/booking-format'
import { claimSchema, emailMatchesWebsite, rejectClaimSchema } from '~/features/venues/owner-schemas'
import { venuePath } from '~/features/venues/venue-urls'
import { DomainError } from '~/core/errors'
import { notify } from '../notifications/notifications.server'
import type { Tx } from '../bookings/rules.server'
import { bookingRulesFor, requestExpiry } from '../bookings/hold-rules.server'
import { assertAllowance, takeAllowance } from '../plans/plan-limits.server'
import { type Actor, requireActor, requireAdmin, isAdmin } from '../accounts/policy.server'
import { takeAttempt } from '../../platform/throttle.server'
import { invalidateVenueCaches, listed, listedVenue, venueNotFound } from '../venues/venues.server'

/** What /claim/{venueId} shows: the venue, who manages it, and the viewer's open claim. */
export async function claimPageState(actor: Actor, venueId: string) {
  if (!isId(venueId)) return null
  const [venue] = await db
    .select({
      id: venues.id,
      name: venues.name,
      slug: venues.slug,
      citySlug: venues.citySlug,
      city: venues.city,
      stateCode: venues.stateCode,
      website: venues.website,
      claimed: venues.claimed,
      ownerFirstName: users.firstName,
    })
    .from(venues)
    .leftJoin(users, eq(users.id, venues.ownerId))
    // An unlisted venue is not found here either: its name is not for the public.
    .where(and(eq(venues.id, venueId), listed))
    .limit(1)
  if (!venue) return null
  const [mine] = actor
    ? await db
        .select()
        .from(venueClaims)
        .where(and(eq(venueClaims.venueId, venueId), eq(venueClaims.userId, actor.id)))
        .orderBy(desc(venueClaims.createdAt))
        .limit(1)
    : []
  return { venue, myClaim: mine ?? null }
}

/** Files a claim. The venue must be unclaimed; one open claim per user and venue (a unique index). */
export async function submitClaim(actor: Actor, venueId: string, input: unknown) {
  const user = requireActor(actor)
  const venue = await listedVenue(venueId)
  if (venue.claimed) throw new DomainError('This venue is already managed by its owner.', { status: 409, code: 'ALREADY_CLAIMED' })
  const body = claimSchema.parse(input)
  // A claim mails every admin: a few an hour per claimant (docs/security.md).
  await takeAttempt('claim', { account: user.id })
  // The claimant's venue plan must have room for one more venue (Free: one).
  await assertAllowance(user, 'claimedVenues', (tx) => managedVenueCount(user.id, tx))
  try {
    return await db.transaction(async (tx) => {
      const [claim] = await tx
        .insert(venueClaims)
        .values({ ...body, venueId: venue.id, userId: user.id, domainMatch: emailMatchesWebsite(body.businessEmail, venue.website) })
        .returning()
      // The admins' side: the queue has work.
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))
      for (const admin of admins) {
        await notify(
          admin.id,
          { title: 'New venue claim', message: `${venue.name}${claim!.domainMatch ? ' (domain match)' : ''}`, link: '/admin/claims' },
          tx,
        )
      }
      return claim!
    })
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new DomainError('You already have an open claim for this venue.', { status: 409, code: 'CLAIM_EXISTS' })
    }
    throw error
  }
}

export const claimListColumns = {
  id: venueClaims.id,
  venueId: venueClaims.venueId,
  venueName: venues.name,
  venueSlug: venues.slug,
  venueCitySlug: venues.citySlug,
  venueStateCode: venues.stateCode,
  venueWebsite: venues.website,
  userId: venueClaims.userId,
  userEmail: users.email,
  userFirstName: users.firstName,
  userLastName: users.lastName,
  roleAtVenue: venueClaims.roleAtVenue,
  businessEmail: venueClaims.businessEmail,
  phone: venueClaims.phone,
  note: venueClaims.note,
  domainMatch: venueClaims.domainMatch,
  status: venueClaims.status,
  reason: venueClaims.reason,
  decidedAt: venueClaims.decidedAt,
  createdAt: venueClaims.createdAt,
}

/** Admins: every open claim, oldest first (a queue). Others: their own claims, newest first. */
export async function listClaims(actor: Actor) {
  const user = requireActor(actor)
  const query = db
    .select(claimListColumns)
    .from(venueClaims)
    .innerJoin(venues, eq(venues.id, venueClaims.venueId))
    .innerJoin(users, eq(users.id, venueClaims.userId))
  if (isAdmin(user)) return query.where(eq(venueClaims.status, 'open')).orderBy(venueClaims.createdAt)
  return query.where(eq(venueClaims.userId, user.id)).orderBy(desc(venueClaims.createdAt))
}

async function openClaim(tx: Pick<typeof db, 'select'>, claimId: string) {
  const [claim] = isId(claimId) ? await tx.select().from(venueClaims).where(eq(venueClaims.id, claimId)).limit(1).for('update') : []
  if (!claim) throw new DomainError('Claim not found', { status: 404, code: 'NOT_FOUND' })
  if (claim.status !== 'open') throw new DomainError(`This claim was already ${claim.status}.`, { status: 409, code: 'CLAIM_DECIDED' })
  return claim
}

/**
 * Approves a claim in one transaction: the venue gets its owner, the claimant becomes a
 * venue_owner (an admin keeps their role), other open claims on the venue are rejected, and
 * everyone involved is notified with the change.
 */
export async function approveClaim(actor: Actor, claimId: string) {
  const admin = requireAdmin(actor)
  // The venue's owner changes: its cached public page reads start over (after the commit).
  const approved = await db.transaction(async (tx) => {
    const claim = await openClaim(tx, claimId)
    const [venue] = await tx.select().from(venues).where(eq(venues.id, claim.venueId)).limit(1).for('update')
    if (!venue) throw venueNotFound()
    if (venue.claimed) throw new DomainError('This venue is already managed by its owner.', { status: 409, code: 'ALREADY_CLAIMED' })
    const now = new Date()
    const [claimant] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, claim.userId)).limit(1)
    // The venue is taken here: counted under the claimant's lock on their venue plan.
    if (claimant) await takeAllowance(tx, claimant, 'claimedVenues', (reader) => managedVenueCount(claimant.id, reader))
    await tx.update(venues).set({ ownerId: claim.userId, claimed: true, reviewedAt: now }).where(eq(venues.id, venue.id))
    if (claimant && !isAdmin(claimant)) await tx.update(users).set({ role: 'venue_owner' }).where(eq(users.id, claim.userId))
    const [approved] = await tx
      .update(venueClaims)
      .set({ status: 'approved', decidedBy: admin.id, decidedAt: now })
      .where(eq(venueClaims.id, claim.id))
      .returning()
    const others = await tx
      .update(venueClaims)
      .set({ status: 'rejected', decidedBy: admin.id, decidedAt: now, reason: 'Another claim was approved' })
      .where(and(eq(venueClaims.venueId, venue.id), eq(venueClaims.status, 'open'), ne(venueClaims.id, claim.id)))
      .returning({ userId: venueClaims.userId })
    await notify(
      claim.userId,
      { type: 'success', title: 'Claim approved', message: `You now manage ${venue.name}.`, link: '/venues/manage', kind: 'claim' },
      tx,
    )
    for (const other of others) {
      await notify(
        other.userId,
        {
          type: 'warning',
          title: 'Claim not approved',
          message: `Another claim for ${venue.name} was approved.`,
          link: venuePath(venue),
          kind: 'claim',
        },
        tx,
      )
    }
    await surfaceWaitingRequests(tx, venue, claim.userId, now)
    // The admin's side: a record in their own feed of what they decided.
    await notify(
      admin.id,
      { type: 'info', title: 'Claim approved', message: `${venue.name} now has its owner.`, link: '/admin/claims' },
      tx,
    )
    return approved!
  })
  invalidateVenueCaches()
  return approved
}

/** Venues a user manages now (archived ones no longer count against the plan). */
async function managedVenueCount(userId: string, reader: Pick<typeof db, 'select'> = db) {
  const [row] = await reader
    .select({ n: count() })
    .from(venues)
    .where(and(eq(venues.ownerId, userId), isNull(venues.archivedAt)))
  return row?.n ?? 0
}

/**
 * What was asked of the venue before anyone could answer: requests to an unclaimed venue wait
 * without a clock (hold-rules.server.ts holdExpiryFor). The new owner's approval starts their
 * holds' clocks, tells the owner what is waiting, and tells each organizer the venue can now answer.
 */
async function surfaceWaitingRequests(tx: Tx, venue: { id: string; name: string }, ownerId: string, now: Date) {
  const rules = await bookingRulesFor(venue.id, tx)
  const waiting = await tx
    .select({ id: bookings.id, organizerId: bookings.organizerId, startDate: bookings.startDate, endDate: bookings.endDate })
    .from(bookings)
    .where(and(eq(bookings.venueId, venue.id), eq(bookings.status, 'pending'), isNull(bookings.holdExpiresAt)))
    .for('update')
  // Each request's clock starts now, by its own show's distance (hold-rules.server.ts).
  for (const request of waiting) {
    await tx
      .update(bookings)
      .set({ holdExpiresAt: requestExpiry(rules, now, request.startDate) })
      .where(eq(bookings.id, request.id))
  }
  const [questions] = await tx
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.venueId, venue.id), eq(inquiries.status, 'open')))
  const asked = questions?.n ?? 0
  if (waiting.length + asked === 0) return
  const parts = [waiting.length ? plural(waiting.length, 'booking request') : null, asked ? plural(asked, 'question') : null].filter(
    Boolean,
  )
  await notify(
    ownerId,
    {
      title: `Waiting for ${venue.name}`,
      message: `${parts.join(' and ')} came in before you joined. Each request now waits up to ${rules.responseHours} hours for your answer.`,
      link: waiting.length ? '/bookings?status=pending' : '/dashboard/venue#inquiries',
    },
    tx,
  )
  for (const request of waiting) {
    await notify(
      request.organizerId,
      {
        title: `${venue.name} is on Stagepass now`,
        message: `${venue.name} can now answer your request for ${formatBookingDates(request)}.`,
        link: `/bookings/${request.id}`,
      },
      tx,
    )
  }
}

export async function rejectClaim(actor: Actor, claimId: string, input: unknown) {
  const admin = requireAdmin(actor)
  const { reason } = rejectClaimSchema.parse(input)
  return db.transaction(async (tx) => {
    const claim = await openClaim(tx, claimId)
    const [venue] = await tx.select({ name: venues.name }).from(venues).where(eq(venues.id, claim.venueId)).limit(1)
    const [rejected] = await tx
      .update(venueClaims)
      .set({ status: 'rejected', decidedBy: admin.id, decidedAt: new Date(), reason })
      .where(eq(venueClaims.id, claim.id))
      .returning()
    await notify(
      claim.userId,
      {
        type: 'warning',
        title: 'Claim not approved',
        message: `Your claim for ${venue?.name ?? 'a venue'} was not approved: ${reason}`,
        link: `/claim/${claim.venueId}`,
        kind: 'claim',
      },
      tx,
    )
    await notify(
      admin.id,
      { type: 'info', title: 'Claim rejected', message: `You rejected a claim for ${venue?.name ?? 'a venue'}.`, link: '/admin/claims' },
      tx,
    )
    return rejected!
  })
}
