import { and, eq, inArray, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { bookings, conversations, notifications, users, venues, type Notification } from '~/db/schema'
import { publicOrigin } from '~/env.server'
import { displayName } from '~/core/words'
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '~/core/notification-kinds'
import { sendMail, type Mail } from '../../platform/mail.server'
import { unsubscribeUrl } from './notification-settings.server'

// The mail side of notifications: this job mails what is due to users who want that kind. Unread
// messages and an organizer's changes at one venue are grouped into one mail a window
// (docs/notifications.md, "Grouping of booking changes"); its lease keeps it to one instance.

const HOUR_MS = 60 * 60 * 1000
/** A claim older than this belongs to a run that died mid-send: the row is tried again. */
const STALE_CLAIM_MS = 10 * 60 * 1000
const MAX_ATTEMPTS = 5
const BATCH = 50
/** One mail at most per owner, organizer and venue in this window; the changes in between wait and go out together. */
export const GROUP_MAIL_WINDOW_MS = 15 * 60 * 1000
/** The kinds of an organizer's changes to a booking that the venue's owner is mailed about. */
const GROUPED_KINDS = new Set<string>(['booking_request', 'booking_cancelled', 'booking_change'])
const BOOKING_LINK = /^\/bookings\/([A-Za-z0-9_-]{1,64})$/

type Row = Pick<Notification, 'id' | 'userId' | 'title' | 'message' | 'link' | 'kind' | 'conversationId' | 'mailAttempts'>

/** A header value from user text: one line, bounded. */
export const headerText = (value: string) => value.replace(/[\r\n\u2028\u2029]+/g, ' ').slice(0, 200)

export const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** A notification's same-site path on the configured public origin; anything else goes to /notifications. */
export function absoluteLink(link: string | null) {
  const path = link && link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') ? link : '/notifications'
  return new URL(path, publicOrigin()).toString()
}

/** The mail for one notification: plain text and HTML, the link, and the one-click unsubscribe headers. */
export function composeMail(
  row: Pick<Row, 'title' | 'message' | 'link'>,
  to: { email: string; kind: NotificationKind; unsubscribe: string },
  extra?: string,
): Mail {
  const link = absoluteLink(row.link)
  const profile = new URL('/profile#email', publicOrigin()).toString()
  const why = `You get this email because "${NOTIFICATION_KIND_LABELS[to.kind]}" is set to email on your Stagepass profile.`
  const text = [
    row.message,
    ...(extra ? [extra] : []),
    '',
    `Open it on Stagepass: ${link}`,
    '',
    '--',
    why,
    `Stop these emails: ${to.unsubscribe}`,
    `All email settings: ${profile}`,
  ].join('\n')
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#171717">
<h1 style="font-size:18px">${escapeHtml(row.title)}</h1>
<p style="white-space:pre-line">${escapeHtml(row.message)}</p>${extra ? `\n<p>${escapeHtml(extra)}</p>` : ''}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:8px 14px;background:#4338ca;color:#fff;border-radius:6px;text-decoration:none">Open on Stagepass</a></p>
<hr><p style="font-size:12px;color:#525252">${escapeHtml(why)} <a href="${escapeHtml(to.unsubscribe)}">Stop these emails</a> · <a href="${escapeHtml(profile)}">All email settings</a></p>
</body></html>`
  return {
    to: to.email,
    subject: headerText(row.title),
    text,
    html,
    headers: { 'List-Unsubscribe': `<${to.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  }
}

/** Claims the due notifications for this run: skip-locked, so a second run picks none of them. */
async function claimDue(now: Date) {
  const stale = new Date(now.getTime() - STALE_CLAIM_MS)
  return db
    .update(notifications)
    .set({ mailState: 'sending', mailAfter: now })
    .where(
      inArray(
        notifications.id,
        sql`(select id from ${notifications}
          where (${notifications.mailState} = 'pending'
                 and (${notifications.mailAfter} is null or ${notifications.mailAfter} <= ${now.toISOString()}::timestamptz))
             or (${notifications.mailState} = 'sending' and ${notifications.mailAfter} <= ${stale.toISOString()}::timestamptz)
          order by ${notifications.mailAfter} nulls first limit ${BATCH} for update skip locked)`,
      ),
    )
    .returning({
      id: notifications.id,
      userId: notifications.userId,
      title: notifications.title,
      message: notifications.message,
      link: notifications.link,
      kind: notifications.kind,
      conversationId: notifications.conversationId,
      mailAttempts: notifications.mailAttempts,
    })
}

const settle = (ids: string[], set: Partial<typeof notifications.$inferInsert>) =>
  ids.length ? db.update(notifications).set(set).where(inArray(notifications.id, ids)) : Promise.resolve()

/** How many messages of the conversation the user has not read, and when they were last mailed about it. */
async function conversationState(userId: string, conversationId: string) {
  const [conversation] = await db
    .select({
      unread: sql<number>`case when ${conversations.userAId} = ${userId} then ${conversations.unreadA} else ${conversations.unreadB} end`,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
  const [last] = await db
    .select({ at: sql<string | null>`max(${notifications.mailSentAt})` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.conversationId, conversationId), eq(notifications.mailState, 'sent')))
  return { unread: Number(conversation?.unread ?? 0), lastMailed: last?.at ? new Date(last.at) : null }
}

type Group = { key: string; organizer: string; venue: string; organizerId: string; venueId: string; rows: Row[] }

/**
 * The claimed rows that tell a venue's owner about an organizer's change to a booking there, by
 * owner, organizer and venue. The booking is the one the notification links to, so no column is needed.
 */
async function bookingChangeGroups(due: Row[]) {
  const ids = [
    ...new Set(
      due.flatMap((row) => (row.kind && GROUPED_KINDS.has(row.kind) ? [BOOKING_LINK.exec(row.link ?? '')?.[1] ?? []] : [])).flat(),
    ),
  ]
  const groups = new Map<string, Group>()
  if (ids.length === 0) return { groups, groupOf: new Map<string, Group>() }
  const found = await db
    .select({
      id: bookings.id,
      organizerId: bookings.organizerId,
      venueId: bookings.venueId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      venue: venues.name,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.organizerId))
    .innerJoin(venues, eq(venues.id, bookings.venueId))
    .where(inArray(bookings.id, ids))
  const byBooking = new Map(
    found.map(({ firstName, lastName, email, ...booking }) => [
      booking.id,
      { ...booking, organizer: displayName({ firstName, lastName, email }) },
    ]),
  )
  const groupOf = new Map<string, Group>()
  for (const row of due) {
    const booking = row.kind && GROUPED_KINDS.has(row.kind) ? byBooking.get(BOOKING_LINK.exec(row.link ?? '')?.[1] ?? '') : undefined
    // Only the other side of the organizer: what the organizer is told stays one mail each.
    if (!booking || booking.organizerId === row.userId) continue
    const key = `${row.userId}|${booking.organizerId}|${booking.venueId}`
    const group = groups.get(key) ?? {
      key,
      organizer: booking.organizer,
      venue: booking.venue,
      organizerId: booking.organizerId,
      venueId: booking.venueId,
      rows: [],
    }
    group.rows.push(row)
    groups.set(key, group)
    groupOf.set(row.id, group)
  }
  return { groups, groupOf }
}

/** When the owner was last mailed about this organizer's changes at this venue. */
async function lastGroupMail(userId: string, group: Group) {
  const [last] = await db
    .select({ at: sql<string | null>`max(${notifications.mailSentAt})` })
    .from(notifications)
    // The id cut out of the link, so the booking is found by its primary key.
    .innerJoin(bookings, sql`${bookings.id} = substr(${notifications.link}, ${'/bookings/'.length + 1})`)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.mailState, 'sent'),
        sql`${notifications.link} like '/bookings/%'`,
        eq(bookings.organizerId, group.organizerId),
        eq(bookings.venueId, group.venueId),
      ),
    )
  return last?.at ? new Date(last.at) : null
}

/** One notification for several changes: the subject counts them, the text lists each. */
function groupedRow(group: Group, rows: Row[]): Pick<Row, 'title' | 'message' | 'link'> {
  return {
    title: `${rows.length} changes from ${group.organizer} at ${group.venue}`,
    message: rows.map((row) => `- ${row.title}: ${row.message}`).join('\n'),
    link: '/bookings',
  }
}

/** Sends every notification mail that is due; returns how many were sent, skipped and postponed. */
export async function deliverMail(now = new Date()) {
  const due = await claimDue(now)
  const result = { sent: 0, skipped: 0, batched: 0, postponed: 0, failed: 0 }
  if (due.length === 0) return result
  const recipients = await db
    .select({ id: users.id, email: users.email, off: users.emailOff, disabledAt: users.disabledAt })
    .from(users)
    .where(inArray(users.id, [...new Set(due.map((row) => row.userId))]))
  const byId = new Map(recipients.map((user) => [user.id, user]))
  const conversationsDone = new Set<string>()
  const { groupOf } = await bookingChangeGroups(due)
  const groupsDone = new Set<string>()
  for (const row of due) {
    const user = byId.get(row.userId)
    const kind = row.kind
    if (!kind || !user || user.disabledAt || user.off.includes(kind)) {
      await settle([row.id], { mailState: 'skipped' })
      result.skipped++
      continue
    }
    let extra: string | undefined
    let content: Pick<Row, 'title' | 'message' | 'link'> = row
    let folded: string[] = []
    const group = groupOf.get(row.id)
    if (group) {
      if (groupsDone.has(group.key)) continue
      groupsDone.add(group.key)
      const members = group.rows.filter((member) => member.kind && !user.off.includes(member.kind))
      const ids = members.map((member) => member.id)
      const lastMailed = await lastGroupMail(row.userId, group)
      if (lastMailed && now.getTime() - lastMailed.getTime() < GROUP_MAIL_WINDOW_MS) {
        await settle(ids, { mailState: 'pending', mailAfter: new Date(lastMailed.getTime() + GROUP_MAIL_WINDOW_MS) })
        result.postponed += ids.length
        continue
      }
      if (members.length > 1) content = groupedRow(group, members)
      folded = ids.filter((id) => id !== row.id)
    }
    if (row.conversationId) {
      const key = `${row.userId}:${row.conversationId}`
      if (conversationsDone.has(key)) {
        await settle([row.id], { mailState: 'batched' })
        result.batched++
        continue
      }
      const { unread, lastMailed } = await conversationState(row.userId, row.conversationId)
      if (unread === 0) {
        // Read within the 10 minutes (or since): no mail.
        await settle([row.id], { mailState: 'skipped' })
        result.skipped++
        continue
      }
      if (lastMailed && now.getTime() - lastMailed.getTime() < HOUR_MS) {
        await settle([row.id], { mailState: 'pending', mailAfter: new Date(lastMailed.getTime() + HOUR_MS) })
        result.postponed++
        continue
      }
      conversationsDone.add(key)
      if (unread > 1) extra = `You have ${unread} unread messages in this conversation.`
    }
    try {
      await sendMail(composeMail(content, { email: user.email, kind, unsubscribe: await unsubscribeUrl(user.id, kind) }, extra))
      await settle([row.id], { mailState: 'sent', mailSentAt: now, mailAttempts: row.mailAttempts + 1 })
      await settle(folded, { mailState: 'batched' })
      result.sent++
      result.batched += folded.length
      if (row.conversationId) {
        // Older pending mails of the same conversation were told in this one.
        await db
          .update(notifications)
          .set({ mailState: 'batched' })
          .where(
            and(
              eq(notifications.userId, row.userId),
              eq(notifications.conversationId, row.conversationId),
              inArray(notifications.mailState, ['pending', 'sending']),
              sql`${notifications.id} <> ${row.id}`,
            ),
          )
      }
    } catch (error) {
      const attempts = row.mailAttempts + 1
      console.error(`[mail] notification ${row.id} (attempt ${attempts}) failed:`, error)
      await settle(
        [row.id, ...folded],
        attempts >= MAX_ATTEMPTS
          ? { mailState: 'failed', mailAttempts: attempts }
          : { mailState: 'pending', mailAttempts: attempts, mailAfter: new Date(now.getTime() + 2 ** attempts * 60_000) },
      )
      result.failed++
    }
  }
  return result
}
