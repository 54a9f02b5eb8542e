import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import {
  analyticsEvents,
  bookings,
  conversations,
  inquiries,
  throttleEvents,
  tourPlans,
  users,
  venueViews,
  wishlistItems,
} from '~/db/schema'
import { seedDemoActivity } from '~/seed/demo-activity.server'
import { emptySeededTables, seed } from '~/seed/seed.server'
import { THROTTLES } from '~/platform/throttle.server'
import { useTestDatabase } from '../support/db'

useTestDatabase()

const NOW = new Date('2026-11-21T15:00:00Z')
let counts: Awaited<ReturnType<typeof seedDemoActivity>>

beforeAll(async () => {
  await seed(db, { venues: 300 })
  counts = await seedDemoActivity(NOW)
}, 60_000)

describe('demo activity', () => {
  it('gives the demo organizer bookings in every state, through the booking rules', async () => {
    const [organizer] = await db.select().from(users).where(eq(users.email, 'organizer@example.com'))
    const rows = await db.select().from(bookings).where(eq(bookings.organizerId, organizer!.id))
    expect(rows).toHaveLength(counts.bookings)
    expect(rows.map((r) => r.status).sort()).toEqual(['accepted', 'accepted', 'accepted', 'declined', 'pending', 'pending'])
    // Requested in the past, never after "now"; one show has already happened.
    for (const row of rows) expect(row.createdAt.getTime()).toBeLessThan(NOW.getTime())
    expect(rows.some((r) => r.status === 'accepted' && r.startDate < NOW.toISOString().slice(0, 10))).toBe(true)
  })

  it('records two months of views that agree with the daily counters, and searches', async () => {
    const views = await db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'venue_view'))
    expect(views).toHaveLength(counts.views)
    expect(counts.views).toBeGreaterThan(1_000)
    const daily = await db.select().from(venueViews)
    expect(daily.reduce((sum, d) => sum + d.count, 0)).toBe(counts.views)
    const oldest = Math.min(...views.map((v) => v.createdAt.getTime()))
    expect(NOW.getTime() - oldest).toBeGreaterThan(55 * 86_400_000)
    expect(Math.max(...views.map((v) => v.createdAt.getTime()))).toBeLessThan(NOW.getTime())
    expect(counts.searches).toBeGreaterThan(400)
  })

  it('leaves a question, a conversation, a saved tour and a wishlist for the organizer', async () => {
    expect((await db.select().from(inquiries)).map((i) => i.status).sort()).toEqual(['answered', 'open'])
    const [conversation] = await db.select().from(conversations)
    expect(conversation).toBeDefined()
    expect(await db.$count(tourPlans)).toBe(1)
    expect(await db.$count(wishlistItems)).toBe(3)
  })

  it('is seeded again however often the data was reseeded within the hour (the throttles start afresh)', async () => {
    // As many questions as the hourly limit allows, already asked by the demo organizer's id.
    const [organizer] = await db.select().from(users).where(eq(users.email, 'organizer@example.com'))
    const asked = Array.from({ length: THROTTLES.inquiry.perAccount! }, () => ({ action: 'inquiry', account: organizer!.id, ip: '' }))
    await db.insert(throttleEvents).values(asked)
    await emptySeededTables(db)
    await seed(db, { venues: 300 })
    const [again] = await db.select().from(users).where(eq(users.email, 'organizer@example.com'))
    expect(again!.id).toBe(organizer!.id)
    expect((await seedDemoActivity()).inquiries).toBe(2)
  })

  it('does nothing without the demo accounts', async () => {
    await db.update(users).set({ email: 'someone-else@example.com' }).where(eq(users.email, 'owner@example.com'))
    try {
      expect(await seedDemoActivity(NOW)).toEqual({ views: 0, searches: 0, bookings: 0, inquiries: 0, messages: 0, plans: 0 })
    } finally {
      await db.update(users).set({ email: 'owner@example.com' }).where(eq(users.email, 'someone-else@example.com'))
    }
  })
})
