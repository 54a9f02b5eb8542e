import { eq } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { users } from '~/db/schema'
import {
  UPGRADE_PHRASE,
  formatLimit,
  organizerLimitsFor,
  planFor,
  venueLimitsFor,
  withinLimit,
  type OrganizerLimits,
  type VenueLimits,
} from '~/lib/plans'
import { DomainError } from '~/lib/errors'
import { isAdmin, type SignedInActor } from './policy.server'

// The pricing page's promises, enforced: each service that creates something a plan meters asks
// here first. Admins are staff and never metered. The limits come from app/lib/plans.ts, the
// same numbers the pricing page prints, so the page and the rules cannot drift apart.

async function planIdOf(userId: string, reader: Pick<typeof db, 'select'> = db) {
  const [row] = await reader.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).limit(1)
  return row?.plan ?? null
}

/**
 * A refusal over a plan limit: 403, code PLAN_LIMIT (pages offer the upgrade by it; messaging's
 * API answers it as ACCESS_DENIED), ending with the phrase pages turn into the upgrade link.
 */
export function planLimitError(message: string) {
  return new DomainError(`${message} ${UPGRADE_PHRASE}.`, { status: 403, code: 'PLAN_LIMIT' })
}

/** The actor's organizer-side limits; null for an admin (unmetered). */
export async function organizerLimits(actor: SignedInActor, reader?: Pick<typeof db, 'select'>): Promise<OrganizerLimits | null> {
  if (isAdmin(actor)) return null
  return organizerLimitsFor(actor.role, await planIdOf(actor.id, reader))
}

/** The actor's venue-side limits and plan name; null for an admin (unmetered). */
export async function venueLimits(
  actor: SignedInActor,
  reader?: Pick<typeof db, 'select'>,
): Promise<(VenueLimits & { planName: string }) | null> {
  if (isAdmin(actor)) return null
  const planId = await planIdOf(actor.id, reader)
  const planName = actor.role === 'venue_owner' ? planFor('venue_owner', planId).name : 'Free'
  return { ...venueLimitsFor(actor.role, planId), planName }
}

type CountedLimit = 'savedTourPlans' | 'openHolds' | 'artistProfiles'

const WHAT: Record<CountedLimit, (limit: string, used: number, adding: number) => string> = {
  savedTourPlans: (limit, used) =>
    `Your plan keeps ${limit} saved tour ${limit === '1' ? 'plan' : 'plans'} and you have ${used}. Delete one to save another, or upgrade.`,
  openHolds: (limit, used, adding) =>
    `Your plan allows ${limit} open holds at a time; you have ${used}${adding > 1 ? ` and this request adds ${adding}` : ''}. Wait for the venues to answer, cancel a hold, or upgrade.`,
  artistProfiles: (limit, used) =>
    `Your plan includes ${limit} artist ${limit === '1' ? 'profile' : 'profiles'} and you have ${used}. Edit the one you have, or upgrade for more.`,
}

/** Refuses `adding` more of a counted thing when `used + adding` would pass the actor's organizer limit. */
export async function assertOrganizerAllowance(
  actor: SignedInActor,
  what: CountedLimit,
  used: number,
  adding = 1,
  reader?: Pick<typeof db, 'select'>,
) {
  const limits = await organizerLimits(actor, reader)
  if (!limits) return
  const limit = limits[what]
  if (!withinLimit(limit, used + adding - 1)) throw planLimitError(WHAT[what](formatLimit(limit), used, adding))
}

/** Refuses one more venue to manage when the actor's venue plan is full. */
export async function assertVenueAllowance(actor: SignedInActor, managed: number, reader?: Pick<typeof db, 'select'>) {
  const limits = await venueLimits(actor, reader)
  if (!limits || withinLimit(limits.claimedVenues, managed)) return
  const n = formatLimit(limits.claimedVenues)
  throw planLimitError(
    `The ${limits.planName} venue plan includes ${n} ${n === '1' ? 'venue' : 'venues'} and you manage ${managed}. Archive one, or upgrade to manage more.`,
  )
}

/** Refuses a Venue Pro feature to an owner on Free. */
export async function assertVenueFeature(actor: SignedInActor, feature: 'analytics' | 'emptyDateOffers') {
  const limits = await venueLimits(actor)
  if (!limits || limits[feature]) return
  throw planLimitError(
    feature === 'analytics' ? 'Venue analytics are part of Venue Pro.' : 'Offering empty dates to organizers is part of Venue Pro.',
  )
}

/** Whether the actor's venue plan includes a feature (for pages that show a teaser instead). */
export async function hasVenueFeature(actor: SignedInActor, feature: 'analytics' | 'emptyDateOffers') {
  const limits = await venueLimits(actor)
  return !limits || limits[feature]
}
