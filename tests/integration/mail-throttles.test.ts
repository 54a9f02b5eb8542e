// Issue 37, item 3: what makes another person receive a mail is throttled per sender and
// recipient. A Free organizer requesting and cancelling bookings at one venue in a loop sent its
// owner 40 mails in about a minute; now the owner gets a bounded number, through the real outbox
// job and SMTP server, and the organizer a 429 that says when to try again (Retry-After in the API).
// The throttle itself is atomic: attempts at once count one by one.
import { describe, expect, test } from 'vitest'
import { displayName } from '~/features/accounts/user'
import { action as apiBookings } from '~/routes/api+/v1.bookings._index'
import { cancelBooking, createBooking } from '~/features/bookings/bookings.server'
import { runJobs } from '~/server/jobs.server'
import { GROUP_MAIL_WINDOW_MS } from '~/features/notifications/notification-mail.server'
import { THROTTLES, takeAttempt } from '~/platform/throttle.server'
import { bearer } from '../support/api'
import { bookingBody } from '../support/bookings'
import { useTestDatabase } from '../support/db'
import { header, part, useSmtpServer } from '../support/smtp'
import { createTestUser, jsonRequest } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()
const inbox = useSmtpServer()

const LOOPS = 40
const tooMany = {
  status: 429,
  code: 'TOO_MANY_ATTEMPTS',
  message: expect.stringMatching(/please wait (a minute|\d+ minutes) and try again\.$/),
}

describe(`mails to others`, () => {
  test(`${LOOPS} requests and cancellations in a loop send the owner a bounded number of mails`, async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const now = new Date()
    const refusals: unknown[] = []
    for (let i = 0; i < LOOPS; i++) {
      try {
        const { booking } = await createBooking(organizer.user, bookingBody(venue.id), { now })
        await cancelBooking(organizer.user, booking.id, 'Changed plans', { now })
      } catch (error) {
        refusals.push(error)
      }
    }
    await runJobs(new Date(now.getTime() + 60_000))
    const mails = inbox.filter((mail) => mail.to.includes(owner!.user.email))
    const bound = THROTTLES['booking-request'].perAccount! + THROTTLES['booking-cancel'].perAccount!
    console.info(`${LOOPS} request-and-cancel loops: ${mails.length} mails to the owner, ${refusals.length} refused`)
    expect(mails.length).toBeGreaterThan(0)
    expect(mails.length).toBeLessThanOrEqual(bound)
    expect(refusals.length).toBeGreaterThan(0)
    for (const refusal of refusals) expect(refusal).toMatchObject(tooMany)
    // Another venue is another owner's inbox: the organizer may still ask there.
    const { venue: other } = await createTestVenue()
    await expect(createBooking(organizer.user, bookingBody(other.id), { now })).resolves.toMatchObject({ created: true })
  }, 120_000)

  test('changes within the throttle reach the owner as one grouped mail, then one per window', async () => {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const now = new Date()
    const loops = THROTTLES['booking-request'].perAccount! - 1
    for (let i = 0; i < loops; i++) {
      const { booking } = await createBooking(organizer.user, bookingBody(venue.id), { now })
      await cancelBooking(organizer.user, booking.id, 'Changed plans', { now })
    }
    await runJobs(new Date(now.getTime() + 60_000))
    const toOwner = () => inbox.filter((mail) => mail.to.includes(owner!.user.email))
    expect(toOwner()).toHaveLength(1)
    const mail = toOwner()[0]!
    expect(header(mail.raw, 'Subject')).toBe(`${loops * 2} changes from ${displayName(organizer.user)} at ${venue.name}`)
    const text = part(mail.raw, 'text/plain')!
    expect(text.match(/^- New booking request: /gm)).toHaveLength(loops)
    expect(text.match(/^- Booking cancelled: /gm)).toHaveLength(loops)
    // The organizer is told nothing here: their own changes are not mailed to them.
    expect(inbox.filter((m) => m.to.includes(organizer.user.email))).toHaveLength(0)

    // One more request and cancellation soon after wait for the window, then go out as one mail.
    const later = new Date(now.getTime() + 2 * 60_000)
    const { booking } = await createBooking(organizer.user, bookingBody(venue.id), { now: later })
    await cancelBooking(organizer.user, booking.id, 'Changed plans again', { now: later })
    await runJobs(new Date(later.getTime() + 60_000))
    expect(toOwner()).toHaveLength(1)
    await runJobs(new Date(now.getTime() + 2 * 60_000 + GROUP_MAIL_WINDOW_MS))
    expect(toOwner()).toHaveLength(2)
    expect(header(toOwner()[1]!.raw, 'Subject')).toBe(`2 changes from ${displayName(organizer.user)} at ${venue.name}`)
  }, 120_000)

  test('the API answers 429 with Retry-After', async () => {
    const { venue } = await createTestVenue()
    const organizer = await createTestUser('organizer')
    const ask = (i: number) =>
      apiBookings({
        request: jsonRequest('http://localhost/api/v1/bookings', bookingBody(venue.id, { guests: 10 + i }), {
          headers: bearer(organizer.token),
        }),
        params: {},
        context: {},
      }) as Promise<Response>
    const answers: Response[] = []
    for (let i = 0; i < THROTTLES['booking-request'].perAccount! + 1; i++) {
      const answer = await ask(i)
      answers.push(answer)
      // Each asks another night: only the throttle refuses.
      if (answer.status === 201) {
        const { data } = (await answer.json()) as { data: { id: string } }
        await cancelBooking(organizer.user, data.id, 'Testing')
      }
    }
    const last = answers.at(-1)!
    expect(last.status).toBe(429)
    const seconds = Number(last.headers.get('Retry-After'))
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(3600)
    const body = (await last.json()) as { error: { fields: { body: string[] } } }
    expect(body.error.fields.body[0]).toMatch(/several booking requests in the last hour/)
  })

  test('attempts at once count one by one', async () => {
    const account = `race-${Date.now()}`
    const results = await Promise.allSettled(Array.from({ length: 16 }, () => takeAttempt('booking-request', { account })))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(THROTTLES['booking-request'].perAccount!)
  })
})
