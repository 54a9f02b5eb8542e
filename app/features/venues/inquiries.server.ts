import { recordEvent } from '~/platform/analytics-events.server'
import { and, desc, eq, inArray, isNull, lte } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { isId } from '~/core/domain'
import { inquiries, users, venues } from '~/db/schema'
import { answerSchema, inquirySchema } from '~/features/venues/owner-schemas'
import { venuePath } from '~/features/venues/venue-urls'
import { DomainError } from '~/core/errors'
import { takeAttempt } from '../../platform/throttle.server'
import { notify } from '../notifications/notifications.server'
import { canEditVenue, type Actor, requireActor, forbidden } from '../accounts/policy.server'
import { listedVenue } from './venues.server'

export const HOUR_MS = 60 * 60 * 1000
export const INQUIRY_TTL_MS = 72 * HOUR_MS
export const REMINDER_AFTER_MS = 24 * HOUR_MS

/** Asks a venue a question; the venue's owner (when it has one) is notified. */
export async function createInquiry(actor: Actor, venueId: string, input: unknown, now = new Date(), { ip }: { ip?: string } = {}) {
  const user = requireActor(actor)
  // Only a listed venue takes questions; an unlisted one is "not found", as everywhere public.
  const venue = await listedVenue(venueId)
  if (venue.ownerId === user.id) throw new DomainError('You cannot ask your own venue a question.', { status: 400, code: 'OWN_VENUE' })
  const body = inquirySchema.parse(input)
  await takeAttempt('inquiry', { account: user.id, ip }, now)
  const inquiry = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({
        venueId: venue.id,
        askerId: user.id,
        question: body.question,
        date: body.date ?? null,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INQUIRY_TTL_MS),
      })
      .returning()
    if (venue.ownerId) {
      await notify(
        venue.ownerId,
        {
          title: 'New question',
          message: `Someone asked ${venue.name}: “${body.question.slice(0, 120)}”`,
          link: '/dashboard/venue#inquiries',
          kind: 'question_asked',
          at: now,
        },
        tx,
      )
    }
    return row!
  })
  await recordEvent({ name: 'venue_inquiry', userId: user.id, venueId: venue.id, properties: { inquiryId: inquiry.id }, at: now })
  return inquiry
}

/** Answers an open inquiry: the venue's owner, or an admin. The asker is notified. */
export async function answerInquiry(actor: Actor, inquiryId: string, input: unknown, now = new Date()) {
  const user = requireActor(actor)
  const [row] = isId(inquiryId)
    ? await db
        .select({
          inquiry: inquiries,
          venue: {
            id: venues.id,
            name: venues.name,
            ownerId: venues.ownerId,
            slug: venues.slug,
            citySlug: venues.citySlug,
            stateCode: venues.stateCode,
          },
        })
        .from(inquiries)
        .innerJoin(venues, eq(venues.id, inquiries.venueId))
        .where(eq(inquiries.id, inquiryId))
        .limit(1)
    : []
  if (!row) throw new DomainError('Inquiry not found', { status: 404, code: 'NOT_FOUND' })
  if (!canEditVenue(user, row.venue)) forbidden()
  const { answer } = answerSchema.parse(input)
  // Expire lazily first, so a late answer never counts as answered in time.
  await runInquiryJobs(now)
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(inquiries)
      .set({ status: 'answered', answer, answeredAt: now })
      .where(and(eq(inquiries.id, row.inquiry.id), eq(inquiries.status, 'open')))
      .returning()
    if (!updated) throw new DomainError('This inquiry can no longer be answered.', { status: 409, code: 'INQUIRY_CLOSED' })
    if (updated.askerId) {
      await notify(
        updated.askerId,
        {
          type: 'success',
          title: `${row.venue.name} answered`,
          message: answer.slice(0, 200),
          link: venuePath(row.venue),
          kind: 'question_answered',
          at: now,
        },
        tx,
      )
    }
    return updated
  })
}

const inquiryColumns = {
  id: inquiries.id,
  venueId: inquiries.venueId,
  venueName: venues.name,
  /** For writing its times in the venue's time zone. */
  venueStateCode: venues.stateCode,
  question: inquiries.question,
  date: inquiries.date,
  status: inquiries.status,
  answer: inquiries.answer,
  answeredAt: inquiries.answeredAt,
  expiresAt: inquiries.expiresAt,
  createdAt: inquiries.createdAt,
  askerFirstName: users.firstName,
}

/** The actor's inquiries: those they asked and those their venues received. */
export async function listMyInquiries(actor: Actor) {
  const user = requireActor(actor)
  await runInquiryJobs()
  const base = () =>
    db
      .select(inquiryColumns)
      .from(inquiries)
      .innerJoin(venues, eq(venues.id, inquiries.venueId))
      .leftJoin(users, eq(users.id, inquiries.askerId))
  const [asked, received] = await Promise.all([
    base().where(eq(inquiries.askerId, user.id)).orderBy(desc(inquiries.createdAt)).limit(200),
    base().where(eq(venues.ownerId, user.id)).orderBy(desc(inquiries.createdAt)).limit(200),
  ])
  return { asked, received }
}

/** Open inquiries for the owner's venues (all venues' for an admin is too many: owners only). */
export async function openInquiriesForOwner(actor: Actor, now = new Date()) {
  const user = requireActor(actor)
  await runInquiryJobs(now)
  return db
    .select(inquiryColumns)
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .leftJoin(users, eq(users.id, inquiries.askerId))
    .where(and(eq(venues.ownerId, user.id), eq(inquiries.status, 'open')))
    .orderBy(inquiries.expiresAt)
}

/**
 * The periodic work: open inquiries past expires_at become expired (the asker is told), and
 * open inquiries older than 24 h get one reminder to the owner. Each row changes in a guarded
 * update, so two instances running this at once notify once.
 */
export async function runInquiryJobs(now = new Date()) {
  const expired = await db
    .update(inquiries)
    .set({ status: 'expired' })
    .where(and(eq(inquiries.status, 'open'), lte(inquiries.expiresAt, now)))
    .returning({ id: inquiries.id, askerId: inquiries.askerId, venueId: inquiries.venueId })
  const reminded = await db
    .update(inquiries)
    .set({ reminderSentAt: now })
    .where(
      and(
        eq(inquiries.status, 'open'),
        isNull(inquiries.reminderSentAt),
        lte(inquiries.createdAt, new Date(now.getTime() - REMINDER_AFTER_MS)),
      ),
    )
    .returning({ id: inquiries.id, venueId: inquiries.venueId })
  const venueIds = [...new Set([...expired, ...reminded].map((row) => row.venueId))]
  const venueRows = venueIds.length
    ? await db
        .select({
          id: venues.id,
          name: venues.name,
          ownerId: venues.ownerId,
          slug: venues.slug,
          citySlug: venues.citySlug,
          stateCode: venues.stateCode,
        })
        .from(venues)
        .where(inArray(venues.id, venueIds))
    : []
  const byId = new Map(venueRows.map((venue) => [venue.id, venue]))
  for (const row of expired) {
    const venue = byId.get(row.venueId)
    if (row.askerId && venue) {
      await notify(row.askerId, {
        type: 'warning',
        title: 'No answer yet',
        message: `${venue.name} did not answer your question within 72 hours.`,
        link: venuePath(venue),
        kind: 'question_answered',
        at: now,
      })
    }
  }
  for (const row of reminded) {
    const venue = byId.get(row.venueId)
    if (venue?.ownerId) {
      await notify(venue.ownerId, {
        type: 'warning',
        title: 'A question is waiting',
        message: `A question to ${venue.name} has waited a day; it expires 72 hours after it was asked.`,
        link: '/dashboard/venue#inquiries',
        kind: 'question_asked',
        at: now,
      })
    }
  }
  return { expired: expired.length, reminded: reminded.length }
}
