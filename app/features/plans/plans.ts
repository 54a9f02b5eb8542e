// The subscription tiers: one source for the pricing page and for the services that enforce the
// limits. Plain module (no server code) so the browser can render the same numbers.
import { roleOf, type Role } from '~/core/domain'
import { formatUsd } from '~/core/money'

/** A limit with no ceiling. Compare with `withinLimit`, which treats it correctly. */
export const UNLIMITED = Number.POSITIVE_INFINITY

export type PlanAudience = 'organizer' | 'venue_owner'

export const ORGANIZER_PLAN_IDS = ['free', 'pro', 'agency'] as const
export type OrganizerPlanId = (typeof ORGANIZER_PLAN_IDS)[number]

export const VENUE_PLAN_IDS = ['free', 'pro'] as const
export type VenuePlanId = (typeof VENUE_PLAN_IDS)[number]

export type PlanId = OrganizerPlanId | VenuePlanId

export type OrganizerLimits = {
  /** Venue searches; never metered. */
  searches: number
  wishlistVenues: number
  savedTourPlans: number
  /** Conversations the user starts in a calendar month (replies in existing ones are free). */
  newConversationsPerMonth: number
  /** Holds in the pending state at one time, across all venues. */
  openHolds: number
  artistProfiles: number
  prioritySupport: boolean
}

export type VenueLimits = {
  claimedVenues: number
  calendarAndHolds: boolean
  inquiries: boolean
  analytics: boolean
  emptyDateOffers: boolean
}

export const PLAN_LIMITS = {
  organizer: {
    free: {
      searches: UNLIMITED,
      wishlistVenues: UNLIMITED,
      savedTourPlans: 3,
      newConversationsPerMonth: 5,
      openHolds: 10,
      artistProfiles: 1,
      prioritySupport: false,
    },
    pro: {
      searches: UNLIMITED,
      wishlistVenues: UNLIMITED,
      savedTourPlans: 50,
      newConversationsPerMonth: UNLIMITED,
      openHolds: 100,
      artistProfiles: 1,
      prioritySupport: false,
    },
    agency: {
      searches: UNLIMITED,
      wishlistVenues: UNLIMITED,
      savedTourPlans: 50,
      newConversationsPerMonth: UNLIMITED,
      openHolds: 100,
      artistProfiles: 25,
      prioritySupport: true,
    },
  },
  venue_owner: {
    free: {
      claimedVenues: 1,
      calendarAndHolds: true,
      inquiries: true,
      analytics: false,
      emptyDateOffers: false,
    },
    pro: {
      claimedVenues: 10,
      calendarAndHolds: true,
      inquiries: true,
      analytics: true,
      emptyDateOffers: true,
    },
  },
} as const satisfies {
  organizer: Record<OrganizerPlanId, OrganizerLimits>
  venue_owner: Record<VenuePlanId, VenueLimits>
}

type PlanBase<A extends PlanAudience, Id extends PlanId> = {
  audience: A
  id: Id
  name: string
  /** US dollars per billing period; 0 is free. */
  priceUsd: number
  /** What one subscription covers, shown under the price. */
  per: string | null
  summary: string
  /** The lines on the pricing card, in order. */
  highlights: readonly string[]
}

export type OrganizerPlan = PlanBase<'organizer', OrganizerPlanId> & { limits: OrganizerLimits }
export type VenuePlan = PlanBase<'venue_owner', VenuePlanId> & { limits: VenueLimits }
export type Plan = OrganizerPlan | VenuePlan

export const ORGANIZER_PLANS: readonly OrganizerPlan[] = [
  {
    audience: 'organizer',
    id: 'free',
    name: 'Free',
    priceUsd: 0,
    per: null,
    summary: 'For artists booking their own shows.',
    limits: PLAN_LIMITS.organizer.free,
    highlights: [
      'Unlimited venue search and wishlist',
      '3 saved tour plans',
      '5 new message conversations a month',
      '10 open holds at a time',
      '1 artist profile',
      'Text, conversational and voice tour planner',
    ],
  },
  {
    audience: 'organizer',
    id: 'pro',
    name: 'Pro',
    priceUsd: 29,
    per: 'month',
    summary: 'For working bands and tour managers.',
    limits: PLAN_LIMITS.organizer.pro,
    highlights: ['Everything in Free', '50 saved tour plans', 'Unlimited message conversations', '100 open holds at a time'],
  },
  {
    audience: 'organizer',
    id: 'agency',
    name: 'Agency',
    priceUsd: 99,
    per: 'month',
    summary: 'For booking agencies and labels with a roster.',
    limits: PLAN_LIMITS.organizer.agency,
    highlights: ['Everything in Pro', 'Up to 25 artist profiles', 'Priority support'],
  },
]

export const VENUE_PLANS: readonly VenuePlan[] = [
  {
    audience: 'venue_owner',
    id: 'free',
    name: 'Free',
    priceUsd: 0,
    per: null,
    summary: 'For a single room.',
    limits: PLAN_LIMITS.venue_owner.free,
    highlights: ['1 claimed venue', 'Calendar and ranked holds', 'Booking inquiries and messages', 'Response-time badge on your listing'],
  },
  {
    audience: 'venue_owner',
    id: 'pro',
    name: 'Venue Pro',
    priceUsd: 39,
    per: 'month per venue group',
    summary: 'For owners and talent buyers running several rooms.',
    limits: PLAN_LIMITS.venue_owner.pro,
    highlights: ['Everything in Free', 'Up to 10 venues in one group', 'Venue analytics', 'Empty-date offers to touring acts'],
  },
]

/** Which price list applies to a role: venue owners have their own, everyone else books. */
export function audienceFor(role: Role | string | null | undefined): PlanAudience {
  return roleOf(role) === 'venue_owner' ? 'venue_owner' : 'organizer'
}

/**
 * The plan a user is on. An unknown or missing plan id means Free, so a stale or absent value
 * can never grant more than the free limits.
 */
export function planFor(role: 'venue_owner', planId: string | null | undefined): VenuePlan
export function planFor(role: Exclude<Role, 'venue_owner'>, planId: string | null | undefined): OrganizerPlan
export function planFor(role: Role | string | null | undefined, planId: string | null | undefined): Plan
export function planFor(role: Role | string | null | undefined, planId: string | null | undefined): Plan {
  const plans: readonly Plan[] = audienceFor(role) === 'venue_owner' ? VENUE_PLANS : ORGANIZER_PLANS
  return plans.find((plan) => plan.id === planId) ?? plans[0]!
}

/**
 * The organizer-side limits of a user: an organizer's own plan; a venue owner who plans tours or
 * messages other venues gets the organizer Free limits (a venue plan does not buy organizer
 * features, so signing up as an owner is no way around them).
 */
export function organizerLimitsFor(role: Role | string | null | undefined, planId: string | null | undefined): OrganizerLimits {
  return audienceFor(role) === 'venue_owner' ? PLAN_LIMITS.organizer.free : planFor('organizer', planId).limits
}

/** The venue-side limits: a venue owner's plan; anyone else (an organizer filing a claim) starts on Free. */
export function venueLimitsFor(role: Role | string | null | undefined, planId: string | null | undefined): VenueLimits {
  return audienceFor(role) === 'venue_owner' ? planFor('venue_owner', planId).limits : PLAN_LIMITS.venue_owner.free
}

export { UPGRADE_PATH, UPGRADE_PHRASE } from './upgrade'

/** True while `used` is below `limit`, so one more is allowed. */
export function withinLimit(limit: number, used: number) {
  return used < limit
}

/** How many more are allowed; Infinity when unlimited. */
export function remaining(limit: number, used: number) {
  return Math.max(0, limit - used)
}

export function formatLimit(limit: number) {
  return limit === UNLIMITED ? 'Unlimited' : String(limit)
}

export function formatPrice(plan: Pick<Plan, 'priceUsd'>) {
  return formatUsd(plan.priceUsd)
}
