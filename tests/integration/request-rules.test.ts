import { asc, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { bookingEvents, bookings, holdChallenges, notifications } from '~/db/schema'
import { action as bookingAction, loader as bookingLoader } from '~/routes/bookings+/$id'
import { action as editAction } from '~/routes/venues+/$id.edit'
import { action as apiTransition } from '~/routes/api+/v1.bookings.$id'
import { createBooking } from '~/features/bookings/bookings.server'
import { answerChallenge, challengeHold } from '~/features/bookings/hold-challenges.server'
import { DEFAULT_BOOKING_RULES } from '~/features/bookings/venue-booking-rules'
import { bookingRulesFor, requestExpiry, setBookingRules } from '~/features/bookings/hold-rules.server'
import { runJobs } from '~/server/jobs.server'
import { bookingBody, inDays } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { createTestUser, formRequest, jsonRequest } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()

const HOUR = 3_600_000
const later = (start: Date, hours: number) => new Date(start.getTime() + hours * HOUR)

const titles = async (userId: string) =>
  (await db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(asc(notifications.id))).map((n) => n.title)
const timeline = async (bookingId: string) =>
  (await db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id))).map((e) => e.kind)
const statusOf = async (bookingId: string) => (await db.select().from(bookings).where(eq(bookings.id, bookingId)))[0]!

describe('how long a request holds', () => {
  test('by how far away the show is, never past the venue’s answer window', () => {
    const now = new Date('2026-03-01T12:00:00Z')
    const cases: [string, number][] = [
      ['2026-03-02', 24], // within 7 days: 24 h
      ['2026-03-08', 24],
      ['2026-03-09', 72], // 8–45 days: 3 days, the same as the 72 h window
      ['2026-04-15', 72],
      ['2026-06-01', 72], // later: 7 days, but the venue answers within 72 h
    ]
    for (const [start, hours] of cases)
      expect([start, requestExpiry(DEFAULT_BOOKING_RULES, now, start).getTime() - now.getTime()]).toEqual([start, hours * HOUR])
    const patient = { ...DEFAULT_BOOKING_RULES, responseHours: 168 }
    expect(requestExpiry(patient, now, '2026-06-01').getTime() - now.getTime()).toBe(168 * HOUR)
    expect(requestExpiry(patient, now, '2026-03-20').getTime() - now.getTime()).toBe(72 * HOUR)
  })

  test('a venue sets its own window and lengths, within bounds', async () => {
    const { venue, owner } = await createTestVenue()
    await setBookingRules(owner!.user, venue.id, {
      responseHours: '120',
      holdHoursSoon: '12',
      holdDaysMid: '5',
      holdDays: '10',
      challengeHours: '24',
    })
    const { user } = await createTestUser('organizer')
    const now = new Date()
    const soon = await createBooking(user, bookingBody(venue.id, { startDate: inDays(3) }), { now })
    expect(soon.booking.holdExpiresAt!.getTime() - now.getTime()).toBe(12 * HOUR)
    const far = await createBooking(user, bookingBody(venue.id, { startDate: inDays(90) }), { now })
    expect(far.booking.holdExpiresAt!.getTime() - now.getTime()).toBe(120 * HOUR)
    for (const bad of [{ responseHours: 23 }, { responseHours: 169 }, { holdDays: 0 }, { challengeHours: 1e9 }, { holdHoursSoon: 'x' }]) {
      await expect(setBookingRules(owner!.user, venue.id, { ...DEFAULT_BOOKING_RULES, ...bad })).rejects.toThrow()
    }
  })
})

describe('requests that end, on a controlled clock', () => {
  async function twoHolds() {
    const { venue, owner } = await createTestVenue()
    const first = await createTestUser('organizer')
    const second = await createTestUser('organizer')
    const now = new Date()
    const a = (await createBooking(first.user, bookingBody(venue.id), { now })).booking
    const b = (await createBooking(second.user, bookingBody(venue.id), { now: later(now, 0.01) })).booking
    return { venue, owner: owner!, first, second, a, b, now }
  }

  test('the owner is reminded once at 24 h; the organizer hears 12 h before the end; at 72 h it expires and the next hold moves up', async () => {
    const { owner, first, second, a, now } = await twoHolds()
    await runJobs(later(now, 23.9))
    expect(await titles(owner.user.id)).toEqual(['New booking request', 'New booking request'])
    await runJobs(later(now, 24.1))
    await runJobs(later(now, 30))
    expect(await titles(owner.user.id)).toEqual([
      'New booking request',
      'New booking request',
      'A booking request is waiting',
      'A booking request is waiting',
    ])
    expect(await titles(first.user.id)).toEqual([])
    await runJobs(later(now, 60.5))
    await runJobs(later(now, 61))
    expect(await titles(first.user.id)).toEqual(['Your hold ends soon'])
    await runJobs(later(now, 71.9))
    expect((await statusOf(a.id)).status).toBe('pending')
    await runJobs(later(now, 72))
    expect((await statusOf(a.id)).status).toBe('expired')
    expect(await titles(first.user.id)).toEqual(['Your hold ends soon', 'Hold expired'])
    expect(await timeline(a.id)).toEqual(['requested', 'expired'])
    // The second request expired in the same pass (it was made a moment later, on the same rules).
    expect(await titles(second.user.id)).toContain('Your hold ends soon')
  })
})

describe('hold challenges', () => {
  async function twoHolds(challengeHours = 48) {
    const { venue, owner } = await createTestVenue()
    await setBookingRules(owner!.user, venue.id, { ...DEFAULT_BOOKING_RULES, responseHours: 168, challengeHours })
    const first = await createTestUser('organizer')
    const second = await createTestUser('organizer')
    const now = new Date()
    const a = (await createBooking(first.user, bookingBody(venue.id), { now })).booking
    const b = (await createBooking(second.user, bookingBody(venue.id), { now })).booking
    return { first, second, a, b, now }
  }

  test('the first holder confirms with a firm offer: the hold stands and cannot be challenged again', async () => {
    const { first, second, a, b, now } = await twoHolds()
    const challenge = await challengeHold(second.user, b.id, now)
    expect(challenge.answerBy.getTime()).toBe(now.getTime() + 48 * HOUR)
    expect(await titles(first.user.id)).toEqual(['Your hold was challenged'])
    await answerChallenge(first.user, a.id, 'confirm', later(now, 5))
    expect((await statusOf(a.id)).firmAt).not.toBeNull()
    expect(await titles(second.user.id)).toEqual(['The first hold stands'])
    expect(await timeline(a.id)).toEqual(['requested', 'challenged', 'challenge_confirmed'])
    expect(await timeline(b.id)).toEqual(['requested', 'challenged', 'challenge_confirmed'])
    await expect(challengeHold(second.user, b.id, later(now, 6))).rejects.toMatchObject({ status: 409, code: 'HOLD_IS_FIRM' })
    // The lapse time passes: nothing happens to a confirmed hold.
    await runJobs(later(now, 49))
    expect((await statusOf(a.id)).status).toBe('pending')
  })

  test('the first holder releases the date: the challenger moves up', async () => {
    const { first, second, a, b, now } = await twoHolds()
    await challengeHold(second.user, b.id, now)
    await answerChallenge(first.user, a.id, 'release', later(now, 1))
    expect(await statusOf(a.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Released after a hold challenge.' })
    expect(await titles(second.user.id)).toEqual(['The first hold was released', 'You moved up to first hold'])
    expect(await titles(first.user.id)).toEqual(['Your hold was challenged'])
    expect(await timeline(b.id)).toEqual(['requested', 'challenged', 'challenge_released', 'moved_up'])
  })

  test('no answer within the window: the job releases the hold, once, even with two runners at once', async () => {
    const { first, second, a, b, now } = await twoHolds(24)
    await challengeHold(second.user, b.id, now)
    await runJobs(later(now, 23.9))
    expect((await statusOf(a.id)).status).toBe('pending')
    await Promise.all([runJobs(later(now, 24), 'instance-a'), runJobs(later(now, 24), 'instance-b'), runJobs(later(now, 25))])
    expect((await statusOf(a.id)).status).toBe('expired')
    expect(await titles(first.user.id)).toEqual(['Your hold was challenged', 'Your hold was released'])
    expect(await titles(second.user.id)).toEqual(['The first hold was released', 'You moved up to first hold'])
    expect(await timeline(a.id)).toEqual(['requested', 'challenged', 'challenge_lapsed'])
    await expect(answerChallenge(first.user, a.id, 'confirm', later(now, 26))).rejects.toMatchObject({ code: 'CHALLENGE_CLOSED' })
  })

  test('who may challenge and answer, and when', async () => {
    const { first, second, a, b, now } = await twoHolds()
    const stranger = await createTestUser('organizer')
    await expect(challengeHold(first.user, a.id, now)).rejects.toMatchObject({ code: 'NOTHING_TO_CHALLENGE' })
    await expect(challengeHold(stranger.user, b.id, now)).rejects.toMatchObject({ status: 403 })
    await expect(challengeHold(null, b.id, now)).rejects.toMatchObject({ status: 401 })
    await expect(challengeHold(second.user, 'not-an-id', now)).rejects.toMatchObject({ status: 404 })
    await challengeHold(second.user, b.id, now)
    const third = await createTestUser('organizer')
    const c = (await createBooking(third.user, bookingBody(a.venueId), { now })).booking
    await expect(challengeHold(third.user, c.id, now)).rejects.toMatchObject({ code: 'ALREADY_CHALLENGED' })
    await expect(answerChallenge(second.user, a.id, 'release', now)).rejects.toMatchObject({ status: 403 })
    await expect(answerChallenge(first.user, a.id, 'confirm', later(now, 48))).rejects.toMatchObject({ code: 'CHALLENGE_CLOSED' })
    expect(await db.select().from(holdChallenges).where(eq(holdChallenges.bookingId, a.id))).toHaveLength(1)
  })
})

describe('challenges on the booking page (forms, no JavaScript needed)', () => {
  test('the later holder challenges from their booking; the first holder sees the deadline and confirms', async () => {
    const { venue } = await createTestVenue()
    const first = await createTestUser('organizer')
    const second = await createTestUser('organizer')
    const a = (await createBooking(first.user, bookingBody(venue.id))).booking
    const b = (await createBooking(second.user, bookingBody(venue.id))).booking
    const load = async (id: string, cookie: string) =>
      (await bookingLoader(
        routeArgs(new Request(`http://localhost/bookings/${id}`, { headers: { Cookie: cookie } }), { id }),
      )) as unknown as {
        challenge: { answer: { answerBy: string } | null; canChallenge: boolean; firm: boolean }
      }
    const post = (id: string, cookie: string, intent: string) =>
      bookingAction({
        request: formRequest(`http://localhost/bookings/${id}`, { intent }, { Cookie: cookie }),
        params: { id },
        context: {},
      }) as Promise<Response>
    expect((await load(a.id, first.cookie)).challenge).toEqual({ answer: null, canChallenge: false, firm: false })
    expect((await load(b.id, second.cookie)).challenge.canChallenge).toBe(true)
    expect((await post(b.id, second.cookie, 'challenge-hold')).status).toBe(302)
    expect((await load(b.id, second.cookie)).challenge.canChallenge).toBe(false)
    const seen = (await load(a.id, first.cookie)).challenge
    // Written in the venue's time zone (lib/format.ts), with its abbreviation.
    expect(seen.answer?.answerBy).toMatch(/\d{1,2}:\d{2} [AP]M [A-Z]{2,5}$/)
    // Pressed twice (a double click): the second answer is refused, the first stands.
    expect((await post(a.id, first.cookie, 'confirm-hold')).status).toBe(302)
    const again = (await post(a.id, first.cookie, 'confirm-hold')) as unknown as { init: { status: number } }
    expect(again.init.status).toBe(409)
    expect((await load(a.id, first.cookie)).challenge).toEqual({ answer: null, canChallenge: false, firm: true })
  })
})

describe('booking rules on /venues/{id}/edit', () => {
  test('the owner saves them; out-of-range or garbled numbers are refused field by field, keeping what was typed', async () => {
    const { venue, owner } = await createTestVenue()
    const post = (fields: Record<string, string>, cookie = owner!.cookie) =>
      editAction({
        request: formRequest(`http://localhost/venues/${venue.id}/edit`, { intent: 'booking-rules', ...fields }, { Cookie: cookie }),
        params: { id: venue.id },
        context: {},
      }) as Promise<unknown>
    const good = { responseHours: '96', holdHoursSoon: '24', holdDaysMid: '3', holdDays: '14', challengeHours: '48' }
    const bad = (await post({ ...good, responseHours: '500', holdDays: '7 days' })) as {
      data: { intent: string; result: { error: Record<string, string[]>; initialValue: Record<string, string> } }
      init: { status: number }
    }
    expect(bad.init.status).toBe(400)
    expect(bad.data.intent).toBe('booking-rules')
    expect(Object.keys(bad.data.result.error).sort()).toEqual(['holdDays', 'responseHours'])
    expect(bad.data.result.error.responseHours).toEqual(['Enter a whole number from 24 to 168'])
    expect(bad.data.result.initialValue.holdDays).toBe('7 days')
    expect(await bookingRulesFor(venue.id)).toEqual(DEFAULT_BOOKING_RULES)
    const saved = (await post(good)) as Response
    expect(saved.status).toBe(302)
    expect(await bookingRulesFor(venue.id)).toEqual({
      responseHours: 96,
      holdHoursSoon: 24,
      holdDaysMid: 3,
      holdDays: 14,
      challengeHours: 48,
    })
    const stranger = await createTestUser('venue_owner')
    await expect(post(good, stranger.cookie)).rejects.toMatchObject({ status: 403 })
  })
})

describe('challenges through the JSON API', () => {
  test('the same rules as the pages: challenge, a refused second challenge, release', async () => {
    const { venue } = await createTestVenue()
    const first = await createTestUser('organizer')
    const second = await createTestUser('organizer')
    const a = (await createBooking(first.user, bookingBody(venue.id))).booking
    const b = (await createBooking(second.user, bookingBody(venue.id))).booking
    const post = (id: string, token: string, action: string) =>
      apiTransition({
        request: jsonRequest(`http://localhost/api/v1/bookings/${id}`, { action }, { headers: { Authorization: `Bearer ${token}` } }),
        params: { id },
        context: {},
      }) as Promise<Response>
    const made = await post(b.id, second.token, 'challenge')
    expect(made.status).toBe(200)
    expect(((await made.json()) as { data: { challenge: { bookingId: string; status: string } } }).data.challenge).toMatchObject({
      bookingId: a.id,
      status: 'open',
    })
    const again = await post(b.id, second.token, 'challenge')
    expect(again.status).toBe(409)
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('ALREADY_CHALLENGED')
    expect((await post(a.id, second.token, 'release-hold')).status).toBe(403)
    const released = await post(a.id, first.token, 'release-hold')
    expect(((await released.json()) as { data: { challenge: { status: string } } }).data.challenge.status).toBe('released')
    expect((await statusOf(a.id)).status).toBe('cancelled')
  })
})
