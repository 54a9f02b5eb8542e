import { eq, sql } from 'drizzle-orm'
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
} from '~/features/plans/plans'
import { DomainError } from '~/core/errors'
import { isAdmin, type SignedInActor } from '../accounts/policy.server'

// The pricing page's promises, enforced: each service that creates something a plan meters asks
// here first. Admins are staff and never metered. The limits come from app/features/plans/plans.ts, the
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

/** Everything a plan meters by count: each is taken through takeAllowance and nothing else. */
export type MeteredLimit = 'savedTourPlans' | 'openHolds' | 'artistProfiles' | 'newConversationsPerMonth' | 'claimedVenues'

export type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0]

const WHAT: Record<Exclude<MeteredLimit, 'claimedVenues'>, (limit: string, used: number, adding: number) => string> = {
  savedTourPlans: (limit, used) =>
    `Your plan keeps ${limit} saved tour ${limit === '1' ? 'plan' : 'plans'} and you have ${used}. Delete one to save another, or upgrade.`,
  openHolds: (limit, used, adding) =>
    `Your plan allows ${limit} open holds at a time; you have ${used}${adding > 1 ? ` and this request adds ${adding}` : ''}. Wait for the venues to answer, cancel a hold, or upgrade.`,
  artistProfiles: (limit, used) =>
    `Your plan includes ${limit} artist ${limit === '1' ? 'profile' : 'profiles'} and you have ${used}. Edit the one you have, or upgrade for more.`,
  newConversationsPerMonth: (_limit, used) =>
    `You have started ${used} new conversations this month, the limit of the Free plan. Replies in your existing conversations stay free. Upgrade to Pro for unlimited conversations.`,
}

/** The actor's ceiling for a metered thing and the refusal past it; null when unmetered. */
async function ceilingOf(actor: SignedInActor, what: MeteredLimit, reader: Pick<typeof db, 'select'>) {
  if (what === 'claimedVenues') {
    const limits = await venueLimits(actor, reader)
    if (!limits) return null
    const n = formatLimit(limits.claimedVenues)
    const refuse = (used: number) =>
      `The ${limits.planName} venue plan includes ${n} ${n === '1' ? 'venue' : 'venues'} and you manage ${used}. Archive one, or upgrade to manage more.`
    return { limit: limits.claimedVenues, refuse }
  }
  const limits = await organizerLimits(actor, reader)
  if (!limits) return null
  const limit = limits[what]
  return { limit, refuse: (used: number, adding: number) => WHAT[what](formatLimit(limit), used, adding) }
}

/**
 * The one way a metered thing is taken (docs/security.md, "Plan limits"): first in the transaction
 * that writes it, under an advisory lock per user and limit, it counts `used` and refuses past the
 * plan, so a count-then-insert race cannot pass it. Admins are never metered.
 */
export async function takeAllowance(tx: Tx, actor: SignedInActor, what: MeteredLimit, used: (tx: Tx) => Promise<number>, adding = 1) {
  const ceiling = await ceilingOf(actor, what, tx)
  if (!ceiling || !Number.isFinite(ceiling.limit)) return
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plan-limit:${what}`}), hashtext(${actor.id}))`)
  const n = await used(tx)
  if (!withinLimit(ceiling.limit, n + adding - 1)) throw planLimitError(ceiling.refuse(n, adding))
}

/** takeAllowance and the write in one transaction of their own. */
export function withAllowance<T>(
  actor: SignedInActor,
  what: MeteredLimit,
  used: (tx: Tx) => Promise<number>,
  write: (tx: Tx) => Promise<T>,
  adding = 1,
) {
  return db.transaction(async (tx) => {
    await takeAllowance(tx, actor, what, used, adding)
    return write(tx)
  })
}

/** Refuses early, before costly work or on a page that only shows the form, when the plan is full now. */
export function assertAllowance(actor: SignedInActor, what: MeteredLimit, used: (tx: Tx) => Promise<number>, adding = 1) {
  return withAllowance(actor, what, used, async () => undefined, adding)
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
