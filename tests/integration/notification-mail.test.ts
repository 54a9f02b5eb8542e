import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { db } from '~/db/client.server'
import { jobLeases, notifications, users } from '~/db/schema'
import { publicOrigin } from '~/env.server'
import { NOTIFICATION_KINDS, notificationKindsFor } from '~/core/notification-kinds'
import { action as profileAction, loader as profileLoader } from '~/routes/_account+/profile'
import { loader as bookingLoader } from '~/routes/bookings+/$id'
import { action as unsubscribeAction, loader as unsubscribeLoader } from '~/routes/_auth+/unsubscribe'
import { createBooking } from '~/features/bookings/bookings.server'
import { runJobs, takeLease } from '~/server/jobs.server'
import { markConversationRead, sendMessage, startConversation } from '~/features/messaging/messaging.server'
import { deliverMail } from '~/features/notifications/notification-mail.server'
import { emailKinds, emailSettings, setEmailKinds } from '~/features/notifications/notification-settings.server'
import { bookingBody } from '../support/bookings'
import { createTestVenue } from '../support/venues'
import { useTestDatabase } from '../support/db'
import { header, part, useSmtpServer } from '../support/smtp'
import { createTestUser } from '../support/users'
import { routeArgs } from '../support/api'

useTestDatabase()
const inbox = useSmtpServer()

const MINUTE = 60_000
const after = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE)

const mailsTo = (email: string) => inbox.filter((mail) => mail.to.includes(email))

function linksIn(text: string) {
  return [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => new URL(m[0]))
}

async function bookingRequest() {
  const { venue, owner } = await createTestVenue()
  const organizer = await createTestUser('organizer')
  const now = new Date()
  const { booking } = await createBooking(organizer.user, bookingBody(venue.id), { now })
  return { venue, owner: owner!, organizer, booking, now }
}

describe('booking mail through a real SMTP server', () => {
  test('a request sends the owner one mail, text and HTML, whose link opens the booking', async () => {
    const { venue, owner, booking, now } = await bookingRequest()
    expect(inbox).toHaveLength(0) // mail goes out from the job, never inside the request's transaction
    await runJobs(now)
    const mails = mailsTo(owner.user.email)
    expect(mails).toHaveLength(1)
    const raw = mails[0]!.raw
    expect(header(raw, 'Subject')).toBe('New booking request')
    const text = part(raw, 'text/plain')!
    const html = part(raw, 'text/html')!
    expect(text).toContain(venue.name)
    expect(html).toContain(venue.name)
    const link = linksIn(text).find((url) => url.pathname.startsWith('/bookings/'))!
    expect(link.origin).toBe(publicOrigin())
    expect(link.pathname).toBe(`/bookings/${booking.id}`)
    // The owner, signed in, opens the link: it is their booking's page.
    const page = (await bookingLoader(
      routeArgs(new Request(link, { headers: { Cookie: owner.cookie } }), { id: booking.id }),
    )) as unknown as { booking: { id: string } }
    expect(page.booking.id).toBe(booking.id)
    // One-click unsubscribe headers, the link on the public origin.
    expect(header(raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click')
    const unsubscribe = new URL(header(raw, 'List-Unsubscribe')!.replace(/^<|>$/g, ''))
    expect(unsubscribe.origin).toBe(publicOrigin())
    expect(unsubscribe.searchParams.get('k')).toBe('booking_request')
    // A second run sends nothing more.
    await runJobs(after(now, 5))
    expect(mailsTo(owner.user.email)).toHaveLength(1)
  })

  test('a kind set to in-app only is not mailed, and the notification still shows in the app', async () => {
    const { venue, owner } = await createTestVenue()
    await setEmailKinds(
      owner!.user,
      NOTIFICATION_KINDS.filter((kind) => kind !== 'booking_request'),
    )
    const organizer = await createTestUser('organizer')
    const now = new Date()
    await createBooking(organizer.user, bookingBody(venue.id), { now })
    await deliverMail(now)
    expect(mailsTo(owner!.user.email)).toHaveLength(0)
    const rows = await db.select().from(notifications).where(eq(notifications.userId, owner!.user.id))
    expect(rows.map((row) => [row.title, row.mailState])).toEqual([['New booking request', 'skipped']])
  })
})

describe('one-click unsubscribe', () => {
  async function mailedLink() {
    const { owner, now } = await bookingRequest()
    await runJobs(now)
    const raw = mailsTo(owner.user.email)[0]!.raw
    return { owner, url: header(raw, 'List-Unsubscribe')!.replace(/^<|>$/g, '') }
  }
  const oneClick = (url: string) =>
    unsubscribeAction(
      routeArgs(
        new Request(url, {
          method: 'POST',
          body: 'List-Unsubscribe=One-Click',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        }),
        {},
      ),
    ) as unknown as Promise<{ data: { done: string | null; error: string | null }; init: { status: number } | null }>

  test('the mail program’s POST, without signing in, turns off that kind only', async () => {
    const { owner, url } = await mailedLink()
    const [before] = await db.select().from(users).where(eq(users.id, owner.user.id))
    const reply = await oneClick(url)
    expect(reply.init?.status ?? 200).toBe(200)
    expect(reply.data.done).toMatch(/Booking requests to my venues/)
    expect(await emailKinds(owner.user)).toEqual(NOTIFICATION_KINDS.filter((kind) => kind !== 'booking_request'))
    const [after] = await db.select().from(users).where(eq(users.id, owner.user.id))
    expect({ ...after, emailOff: [], updatedAt: null }).toEqual({ ...before, emailOff: [], updatedAt: null })
    // Twice is the same as once.
    await oneClick(url)
    expect((await db.select().from(users).where(eq(users.id, owner.user.id)))[0]!.emailOff).toEqual(['booking_request'])
  })

  test('opening the link (GET) changes nothing: link scanners do not unsubscribe anyone', async () => {
    const { owner, url } = await mailedLink()
    const page = (await unsubscribeLoader(routeArgs(new Request(url)))) as unknown as {
      data: { label: string | null }
    }
    expect(page.data.label).toMatch(/Booking requests/)
    expect(await emailKinds(owner.user)).toEqual([...NOTIFICATION_KINDS])
  })

  test('a forged, altered or cut link is refused and changes nothing', async () => {
    const { owner, url } = await mailedLink()
    const other = await createTestUser('organizer')
    const variants = [
      url.replace(/t=[^&]+/, 't=AAAA'),
      url.replace(/k=booking_request/, 'k=message'),
      url.replace(/u=[0-9a-f]+/, `u=${other.user.id}`),
      url.replace(/&t=[^&]+/, ''),
      url.replace(/k=booking_request/, 'k=admin'),
    ]
    for (const variant of variants) {
      const reply = await oneClick(variant)
      expect(reply.init?.status).toBe(400)
      expect(reply.data.done).toBeNull()
    }
    expect(await emailKinds(owner.user)).toEqual([...NOTIFICATION_KINDS])
    expect(await emailKinds(other.user)).toEqual([...NOTIFICATION_KINDS])
  })
})

describe('messages: mailed only when unread after 10 minutes, one mail per conversation an hour', () => {
  async function conversation() {
    const { venue, owner } = await createTestVenue()
    const organizer = await createTestUser('organizer', { plan: 'pro' })
    const now = new Date()
    const { conversation } = await startConversation(organizer.user, { recipientId: owner!.user.id, venueId: venue.id }, { now })
    return { owner: owner!, organizer, id: conversation.id, now }
  }

  test('a message read within 10 minutes sends no mail; one left unread is mailed after 10', async () => {
    const { owner, organizer, id, now } = await conversation()
    await sendMessage(organizer.user, id, { content: 'Is the 14th open?' }, { now })
    await runJobs(after(now, 5))
    expect(mailsTo(owner.user.email)).toHaveLength(0)
    await markConversationRead(owner.user, id)
    await runJobs(after(now, 11))
    expect(mailsTo(owner.user.email)).toHaveLength(0)

    await sendMessage(organizer.user, id, { content: 'And the 15th?' }, { now: after(now, 20) })
    await runJobs(after(now, 29))
    expect(mailsTo(owner.user.email)).toHaveLength(0)
    await runJobs(after(now, 31))
    expect(mailsTo(owner.user.email)).toHaveLength(1)
    expect(part(mailsTo(owner.user.email)[0]!.raw, 'text/plain')).toContain('And the 15th?')
  })

  test('a burst of messages is one mail; more within the hour wait for the hour, and are dropped once read', async () => {
    const { owner, organizer, id, now } = await conversation()
    for (let i = 0; i < 3; i++) await sendMessage(organizer.user, id, { content: `Message ${i}` }, { now: after(now, i) })
    await runJobs(after(now, 13))
    expect(mailsTo(owner.user.email)).toHaveLength(1)
    expect(part(mailsTo(owner.user.email)[0]!.raw, 'text/plain')).toContain('3 unread messages')

    await sendMessage(organizer.user, id, { content: 'One more' }, { now: after(now, 20) })
    await runJobs(after(now, 31))
    expect(mailsTo(owner.user.email)).toHaveLength(1) // within the hour of the last mail
    await runJobs(after(now, 74))
    expect(mailsTo(owner.user.email)).toHaveLength(2) // an hour after it, still unread

    await sendMessage(organizer.user, id, { content: 'Last one' }, { now: after(now, 80) })
    await markConversationRead(owner.user, id)
    await runJobs(after(now, 140))
    expect(mailsTo(owner.user.email)).toHaveLength(2)
  })

  test('names and texts from users are escaped in HTML and kept to one line in headers', async () => {
    const { owner, organizer, id, now } = await conversation()
    const [hostile] = await db
      .update(users)
      .set({ firstName: 'Eve\r\nBcc: victim@example.com', lastName: '<script>alert(1)</script>' })
      .where(eq(users.id, owner.user.id))
      .returning()
    await sendMessage(hostile!, id, { content: '<img src=x onerror=alert(1)> & "quotes"' }, { now })
    await runJobs(after(now, 11))
    const mails = mailsTo(organizer.user.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toEqual([organizer.user.email])
    const raw = mails[0]!.raw
    expect(header(raw, 'Bcc')).toBeUndefined()
    expect(header(raw, 'Subject')).toMatch(/^New message from Eve Bcc: victim@example\.com/)
    const html = part(raw, 'text/html')!
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img src=x')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;')
  })
})

describe('the job runner', () => {
  test('a job whose lease another instance holds is skipped, and runs once the lease is free', async () => {
    const { owner, now } = await bookingRequest()
    await db.delete(jobLeases).where(eq(jobLeases.name, 'mail'))
    expect(await takeLease('mail', 'another-instance')).toBe(true)
    expect((await runJobs(now)).mail).toBe('busy')
    expect(mailsTo(owner.user.email)).toHaveLength(0)
    await db
      .update(jobLeases)
      .set({ leasedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobLeases.name, 'mail'))
    expect((await runJobs(now)).mail).toBe('ran')
    expect(mailsTo(owner.user.email)).toHaveLength(1)
  })

  test('two runs at once send each mail once', async () => {
    const { owner, now } = await bookingRequest()
    await Promise.all([deliverMail(now), deliverMail(now), runJobs(now, 'a'), runJobs(now, 'b')])
    expect(mailsTo(owner.user.email)).toHaveLength(1)
  })
})

describe('email settings on /profile', () => {
  const save = (cookie: string, kinds: string[]) => {
    const body = new URLSearchParams([['intent', 'email'], ...kinds.map((kind) => ['email', kind])])
    return profileAction(
      routeArgs(
        new Request('http://localhost/profile', {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookie },
        }),
        {},
      ),
    ) as Promise<Response>
  }

  test('every kind comes by email until the user unticks it; the form saves exactly what is ticked', async () => {
    const { user, cookie } = await createTestUser('organizer')
    const page = (await profileLoader(routeArgs(new Request('http://localhost/profile', { headers: { Cookie: cookie } }), {}))) as {
      email: { kinds: string[]; on: string[] }
    }
    // A booker is not offered the venue side's kinds (requests and questions to my venues, claims).
    const bookerKinds = notificationKindsFor('organizer')
    expect(bookerKinds).not.toContain('booking_request')
    expect(page.email).toEqual({ kinds: bookerKinds, on: bookerKinds })
    // A kind the role is not shown ('claim') is left as it was.
    const response = await save(cookie, ['message', 'booking_answer', 'not-a-kind', 'message', 'claim'])
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/profile#email')
    expect((await emailSettings(user)).on).toEqual(['booking_answer', 'message'])
    await save(cookie, [])
    expect((await emailSettings(user)).on).toEqual([])
    expect(await emailKinds(user)).toEqual(NOTIFICATION_KINDS.filter((kind) => !bookerKinds.includes(kind)))
  })
})
