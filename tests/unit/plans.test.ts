import { describe, expect, it } from 'vitest'
import {
  ORGANIZER_PLANS,
  PLAN_LIMITS,
  UNLIMITED,
  VENUE_PLANS,
  audienceFor,
  formatLimit,
  formatPrice,
  planFor,
  remaining,
  withinLimit,
} from '~/features/plans/plans'

describe('planFor', () => {
  it('finds organizer plans for every non-owner role', () => {
    expect(planFor('organizer', 'pro')).toMatchObject({ audience: 'organizer', name: 'Pro', priceUsd: 29 })
    expect(planFor('event_organizer', 'agency')).toMatchObject({ name: 'Agency', priceUsd: 99 })
    expect(planFor('user', 'free').limits).toBe(PLAN_LIMITS.organizer.free)
    expect(planFor('admin', 'pro').audience).toBe('organizer')
  })

  it('finds venue plans for venue owners', () => {
    expect(planFor('venue_owner', 'pro')).toMatchObject({ audience: 'venue_owner', name: 'Venue Pro', priceUsd: 39 })
    expect(planFor('venue_owner', 'free').limits.claimedVenues).toBe(1)
  })

  it('falls back to Free for a missing or unknown plan id', () => {
    expect(planFor('organizer', null).id).toBe('free')
    expect(planFor('organizer', undefined).id).toBe('free')
    expect(planFor('organizer', 'platinum').id).toBe('free')
    // Agency is an organizer plan; an owner with that id gets the owner's Free.
    expect(planFor('venue_owner', 'agency')).toMatchObject({ audience: 'venue_owner', id: 'free' })
  })

  it('maps roles to audiences case-insensitively', () => {
    expect(audienceFor('VENUE_OWNER')).toBe('venue_owner')
    expect(audienceFor(null)).toBe('organizer')
  })
})

describe('PLAN_LIMITS', () => {
  it('holds the published organizer limits', () => {
    expect(PLAN_LIMITS.organizer.free).toMatchObject({ savedTourPlans: 3, newConversationsPerMonth: 5, openHolds: 10 })
    expect(PLAN_LIMITS.organizer.pro).toMatchObject({
      savedTourPlans: 50,
      newConversationsPerMonth: UNLIMITED,
      openHolds: 100,
    })
    expect(PLAN_LIMITS.organizer.agency).toMatchObject({ artistProfiles: 25, prioritySupport: true })
  })

  it('gives every paid tier at least what the tier below has', () => {
    const [free, pro, agency] = [PLAN_LIMITS.organizer.free, PLAN_LIMITS.organizer.pro, PLAN_LIMITS.organizer.agency]
    for (const key of Object.keys(free) as Array<keyof typeof free>) {
      expect(Number(pro[key]), key).toBeGreaterThanOrEqual(Number(free[key]))
      expect(Number(agency[key]), key).toBeGreaterThanOrEqual(Number(pro[key]))
    }
    expect(PLAN_LIMITS.venue_owner.pro.claimedVenues).toBe(10)
  })

  it('is what the pricing cards show', () => {
    for (const plan of ORGANIZER_PLANS) expect(plan.limits).toBe(PLAN_LIMITS.organizer[plan.id])
    for (const plan of VENUE_PLANS) expect(plan.limits).toBe(PLAN_LIMITS.venue_owner[plan.id])
  })
})

describe('limit helpers', () => {
  it('allows one more only below the limit', () => {
    expect(withinLimit(3, 2)).toBe(true)
    expect(withinLimit(3, 3)).toBe(false)
    expect(withinLimit(UNLIMITED, 1_000_000)).toBe(true)
  })

  it('counts what is left, never below zero', () => {
    expect(remaining(10, 4)).toBe(6)
    expect(remaining(10, 12)).toBe(0)
    expect(remaining(UNLIMITED, 5)).toBe(UNLIMITED)
  })

  it('formats limits and prices', () => {
    expect(formatLimit(UNLIMITED)).toBe('Unlimited')
    expect(formatLimit(50)).toBe('50')
    expect(formatPrice({ priceUsd: 0 })).toBe('$0')
    expect(formatPrice({ priceUsd: 29 })).toBe('$29')
  })
})
