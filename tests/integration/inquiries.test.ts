import { addDays, todayIso } from '~/core/dates'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { db } from '~/db/client.server'
import { describeResponse } from '~/core/response-figures'
import { ownerResponseStats } from '~/features/venues/response-figures.server'
import { inquiries, notifications } from '~/db/schema'
import {
  HOUR_MS,
  answerInquiry,
  createInquiry,
  listMyInquiries,
  openInquiriesForOwner,
  runInquiryJobs,
} from '~/features/venues/inquiries.server'
import { useTestDatabase } from '../support/db'
import { createTestUser, type TestUser } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()

let owner: TestUser
let otherOwner: TestUser
let organizer: TestUser
let venueId: string

beforeAll(async () => {
  owner = (await createTestUser('venue_owner')).user
  otherOwner = (await createTestUser('venue_owner')).user
  organizer = (await createTestUser('organizer')).user
  venueId = (await createTestVenue({ by: owner })).venue.id
})

/** A night inside the date horizon (a year back, three years ahead), whenever the tests run. */
const askedDate = addDays(todayIso(), 200)
const question = { question: 'Do you have a piano on stage?', date: askedDate }
const notes = (userId: string) => db.select().from(notifications).where(eq(notifications.userId, userId))

describe('inquiries', () => {
  it('validates, stores a 72 h expiry and notifies the owner', async () => {
    await expect(createInquiry(organizer, venueId, { question: 'short' })).rejects.toThrow()
    await expect(createInquiry(null, venueId, question)).rejects.toMatchObject({ status: 401 })
    const now = new Date('2030-01-01T10:00:00Z')
    const row = await createInquiry(organizer, venueId, question, now)
    expect(row).toMatchObject({ status: 'open', date: askedDate })
    expect(row.expiresAt.getTime() - now.getTime()).toBe(72 * HOUR_MS)
    expect((await notes(owner.id)).some((n) => n.title === 'New question')).toBe(true)
  })

  it('only the venue owner (or an admin) answers; another owner cannot answer or see it', async () => {
    const row = await createInquiry(organizer, venueId, question)
    await expect(answerInquiry(otherOwner, row.id, { answer: 'Yes we do' })).rejects.toMatchObject({ status: 403 })
    await expect(answerInquiry(organizer, row.id, { answer: 'Yes we do' })).rejects.toMatchObject({ status: 403 })
    expect((await openInquiriesForOwner(otherOwner)).some((i) => i.id === row.id)).toBe(false)
    expect((await listMyInquiries(otherOwner)).received.some((i) => i.id === row.id)).toBe(false)
    const answered = await answerInquiry(owner, row.id, { answer: 'Yes, a Steinway.' })
    expect(answered.status).toBe('answered')
    expect((await notes(organizer.id)).some((n) => n.message === 'Yes, a Steinway.')).toBe(true)
    await expect(answerInquiry(owner, row.id, { answer: 'Again' })).rejects.toMatchObject({ status: 409 })
    const mine = await listMyInquiries(organizer)
    expect(mine.asked.some((i) => i.id === row.id)).toBe(true)
  })

  it('reminds the owner once after 24 h and expires at 72 h, telling the asker', async () => {
    const t0 = new Date('2031-02-01T00:00:00Z')
    const row = await createInquiry(organizer, venueId, question, t0)
    // Older open inquiries of other tests expire in the first run; count from after it.
    await runInquiryJobs(new Date(t0.getTime() - HOUR_MS))
    const before = (await notes(owner.id)).filter((n) => n.title === 'A question is waiting').length
    const expiredBefore = (await notes(organizer.id)).filter((n) => n.title === 'No answer yet').length
    await runInquiryJobs(new Date(t0.getTime() + 23 * HOUR_MS))
    expect((await db.select().from(inquiries).where(eq(inquiries.id, row.id)))[0]!.reminderSentAt).toBeNull()
    await runInquiryJobs(new Date(t0.getTime() + 24 * HOUR_MS))
    await runInquiryJobs(new Date(t0.getTime() + 30 * HOUR_MS))
    expect((await notes(owner.id)).filter((n) => n.title === 'A question is waiting').length).toBe(before + 1)
    await runInquiryJobs(new Date(t0.getTime() + 71 * HOUR_MS))
    expect((await db.select().from(inquiries).where(eq(inquiries.id, row.id)))[0]!.status).toBe('open')
    await runInquiryJobs(new Date(t0.getTime() + 72 * HOUR_MS))
    expect((await db.select().from(inquiries).where(eq(inquiries.id, row.id)))[0]!.status).toBe('expired')
    expect((await notes(organizer.id)).filter((n) => n.title === 'No answer yet').length).toBe(expiredBefore + 1)
    await expect(answerInquiry(owner, row.id, { answer: 'Too late' }, new Date(t0.getTime() + 73 * HOUR_MS))).rejects.toMatchObject({
      status: 409,
    })
  })
})

describe('response rate', () => {
  it('describes the figures in words', () => {
    expect(describeResponse({ considered: 0, rate: null, medianMs: null })).toBe('New on Stagepass')
    expect(describeResponse({ considered: 4, rate: 0.75, medianMs: 3 * HOUR_MS })).toBe(
      'Responds to 75% of requests and questions, usually within 3 hours',
    )
    expect(describeResponse({ considered: 1, rate: 1, medianMs: 0.5 * HOUR_MS })).toBe(
      'Responds to 100% of requests and questions, usually within an hour',
    )
    expect(describeResponse({ considered: 3, rate: 0.33, medianMs: null })).toBe('Responds to 33% of requests and questions')
  })

  it('reads real rows: young open inquiries do not count, answers after 72 h are not in time', async () => {
    const { user: fresh } = await createTestUser('venue_owner')
    const { venue } = await createTestVenue({ by: fresh })
    const now = new Date()
    expect(describeResponse(await ownerResponseStats(fresh.id, now))).toBe('New on Stagepass')
    const ago = (h: number) => new Date(now.getTime() - h * HOUR_MS)
    await db.insert(inquiries).values([
      {
        venueId: venue.id,
        askerId: organizer.id,
        question: 'q one here',
        createdAt: ago(100),
        expiresAt: ago(28),
        status: 'answered',
        answeredAt: ago(99),
      },
      { venueId: venue.id, askerId: organizer.id, question: 'q two here', createdAt: ago(100), expiresAt: ago(28), status: 'expired' },
      {
        venueId: venue.id,
        askerId: organizer.id,
        question: 'q three here',
        createdAt: ago(2),
        expiresAt: new Date(now.getTime() + 70 * HOUR_MS),
      },
    ])
    const stats = await ownerResponseStats(fresh.id, now)
    expect(stats).toMatchObject({ considered: 2, rate: 0.5, medianMs: HOUR_MS })
  })
})
