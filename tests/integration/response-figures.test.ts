import { eq, sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookingEvents, bookings, inquiries, venueFacets, venues } from '~/db/schema'
import { addDays, todayIso } from '~/core/dates'
import { describeResponse, replyBadge } from '~/core/response-figures'
import { parseSearchParams } from '~/features/search/search-params'
import { loader as dashboardLoader } from '~/routes/_owner+/dashboard.venue'
import { ownerResponseStats, refreshResponseFigures } from '~/features/venues/response-figures.server'
import { searchVenues } from '~/features/search/search.server'
import { cardData, venueById } from '~/features/venues/venues.server'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const HOUR = 3_600_000
const now = new Date()
const ago = (hours: number) => new Date(now.getTime() - hours * HOUR)

/** A request made `madeHoursAgo`, answered by the owner `answeredAfter` hours later (or never). */
async function request(
  venueId: string,
  ownerId: string,
  madeHoursAgo: number,
  answeredAfter: number | null,
  kind: 'accepted' | 'declined' = 'declined',
) {
  const organizer = await createTestUser('organizer')
  const start = addDays(todayIso(now), 40 + Math.floor(Math.random() * 300))
  const [booking] = await db
    .insert(bookings)
    .values({
      venueId,
      organizerId: organizer.user.id,
      startDate: start,
      endDate: start,
      status: answeredAfter === null ? 'expired' : kind,
      eventType: 'Concert',
      guests: 50,
      offerAmount: 500,
      createdAt: ago(madeHoursAgo),
    })
    .returning()
  await db
    .insert(bookingEvents)
    .values({ bookingId: booking!.id, actorId: organizer.user.id, kind: 'requested', createdAt: ago(madeHoursAgo) })
  if (answeredAfter !== null)
    await db.insert(bookingEvents).values({ bookingId: booking!.id, actorId: ownerId, kind, createdAt: ago(madeHoursAgo - answeredAfter) })
  return booking!
}

async function question(venueId: string, madeHoursAgo: number, answeredAfter: number | null) {
  await db.insert(inquiries).values({
    venueId,
    question: 'Is there a backline?',
    createdAt: ago(madeHoursAgo),
    expiresAt: ago(madeHoursAgo - 72),
    status: answeredAfter === null ? 'expired' : 'answered',
    answeredAt: answeredAfter === null ? null : ago(madeHoursAgo - answeredAfter),
  })
}

const search = async (query: string) => {
  const parsed = parseSearchParams(new URLSearchParams(query))
  if (!parsed.success) throw new Error(parsed.message)
  return (await searchVenues(parsed.params)).venues.map((v) => v.id)
}

describe('reply figures: booking requests count beside questions', () => {
  test('rate and typical reply time over requests and questions; the badge, the projection and search follow', async () => {
    const fast = await createTestVenue()
    const slow = await createTestVenue()
    const silent = await createTestVenue()
    const fresh = await createTestVenue()
    // Fast: a request declined after 2 h, a question answered after 5 h, a request never answered.
    await request(fast.venue.id, fast.owner!.user.id, 100, 2)
    await question(fast.venue.id, 90, 5)
    await request(fast.venue.id, fast.owner!.user.id, 120, null)
    // A young request still waiting is undecided: it does not count yet.
    await request(fast.venue.id, fast.owner!.user.id, 3, null)
    // Slow: accepted after 30 h, three times (fewer tell too little for a badge).
    for (const age of [200, 190, 180]) await request(slow.venue.id, slow.owner!.user.id, age, 30, age === 200 ? 'accepted' : 'declined')
    // Silent: two of three unanswered, so no typical time.
    await request(silent.venue.id, silent.owner!.user.id, 100, 1)
    await request(silent.venue.id, silent.owner!.user.id, 100, null)
    await question(silent.venue.id, 100, null)

    const stats = await ownerResponseStats(fast.owner!.user.id, now)
    expect(stats).toEqual({ considered: 3, rate: 2 / 3, medianMs: 5 * HOUR })
    expect(describeResponse(stats)).toBe('Responds to 67% of requests and questions, usually within 5 hours')

    expect(await refreshResponseFigures(now)).toBeGreaterThanOrEqual(3)
    // A second run with nothing new writes nothing.
    expect(await refreshResponseFigures(now)).toBe(0)
    const card = async (id: string) => cardData((await venueById(id))!)
    expect(replyBadge(await card(fast.venue.id))).toBe('Usually replies within 5 hours')
    expect(replyBadge(await card(slow.venue.id))).toBe('Usually replies within 30 hours')
    expect(replyBadge(await card(silent.venue.id))).toBeNull()
    expect(replyBadge(await card(fresh.venue.id))).toBe('New on Stagepass')
    const [facet] = await db.select().from(venueFacets).where(eq(venueFacets.id, fast.venue.id))
    expect(facet!.replyHours).toBe(5)

    const ours = new Set([fast.venue.id, slow.venue.id, silent.venue.id, fresh.venue.id])
    const mine = (list: string[]) => list.filter((id) => ours.has(id))
    expect(mine(await search('state=TX&sort=responsive&limit=100')).slice(0, 2)).toEqual([fast.venue.id, slow.venue.id])
    expect(mine(await search('q=Test Hall&sort=responsive&limit=100')).slice(0, 2)).toEqual([fast.venue.id, slow.venue.id])
    expect(mine(await search('sort=responsive&limit=100')).slice(0, 2)).toEqual([fast.venue.id, slow.venue.id])
    expect(mine(await search('state=TX&replyWithinDay=on&limit=100'))).toEqual([fast.venue.id])
    expect(mine(await search('q=Test Hall&replyWithinDay=YES&limit=100'))).toEqual([fast.venue.id])
  })

  test('figures are measured per venue, and too few say nothing', async () => {
    // One owner, three rooms: one answers within the hour, one after 40 hours, one twice only.
    const quick = await createTestVenue()
    const ownerId = quick.owner!.user.id
    const slow = await createTestVenue({ ownerId })
    const few = await createTestVenue({ ownerId })
    for (const age of [150, 140, 130]) {
      await request(quick.venue.id, ownerId, age, 1, age === 150 ? 'accepted' : 'declined')
      await request(slow.venue.id, ownerId, age, 40)
    }
    for (const age of [150, 140]) await request(few.venue.id, ownerId, age, 1)
    await refreshResponseFigures(now)
    const card = async (id: string) => cardData((await venueById(id))!)
    expect(replyBadge(await card(quick.venue.id))).toBe('Usually replies within 1 hour')
    expect(replyBadge(await card(slow.venue.id))).toBe('Usually replies within 40 hours')
    expect(replyBadge(await card(few.venue.id))).toBeNull()
    const [row] = await db.select().from(venues).where(eq(venues.id, quick.venue.id))
    expect(row).toMatchObject({ replyConsidered: 3, replyHours: 1, replyRate: 100, recentBookings: 1 })
  })

  test('an unclaimed venue has no figures, even when someone once answered there', async () => {
    const { venue, owner } = await createTestVenue()
    await request(venue.id, owner!.user.id, 100, 1)
    await db.update(venues).set({ claimed: false }).where(eq(venues.id, venue.id))
    await refreshResponseFigures(now)
    const [row] = await db
      .execute(sql`select reply_considered, reply_hours from venues where id = ${venue.id}`)
      .then((r) => (r as unknown as { rows: { reply_considered: number; reply_hours: number | null }[] }).rows)
    expect(row).toEqual({ reply_considered: 0, reply_hours: null })
  })
})

describe('the owner sees their figures and tips on /dashboard/venue', () => {
  const load = async (cookie: string) =>
    (await dashboardLoader(routeArgs(new Request('http://localhost/dashboard/venue', { headers: { Cookie: cookie } }), {}))) as unknown as {
      replies: { badge: string | null; tips: string[]; stats: { considered: number } }
    }

  test('a new owner is New on Stagepass; a slow one is told to reply within a day', async () => {
    const { owner } = await createTestVenue()
    const fresh = await load(owner!.cookie)
    expect(fresh.replies.badge).toBe('New on Stagepass')
    expect(fresh.replies.tips.join(' ')).toMatch(/figures appear after your first answered/)
    const slow = await createTestVenue()
    await request(slow.venue.id, slow.owner!.user.id, 200, 40)
    await request(slow.venue.id, slow.owner!.user.id, 150, 30)
    await request(slow.venue.id, slow.owner!.user.id, 140, 30)
    const page = await load(slow.owner!.cookie)
    expect(page.replies.stats.considered).toBe(3)
    expect(page.replies.badge).toBe('Usually replies within 30 hours')
    expect(page.replies.tips.join(' ')).toMatch(/Reply within a day/)
  })
})
