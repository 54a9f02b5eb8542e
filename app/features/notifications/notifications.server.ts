import { and, count, desc, eq } from 'drizzle-orm'
import { db, type Database } from '~/db/client.server'
import { notifications, type Notification } from '~/db/schema'
import type { NotificationKind } from '~/core/notification-kinds'
import { publish } from '~/platform/realtime-bus.server'
import { DomainError } from '~/core/errors'

export type NotificationInput = {
  type?: Notification['type']
  title: string
  message: string
  link?: string | null
  /** What it is about; with a kind it may also go out by email (the user's /profile settings). */
  kind?: NotificationKind
  /** A new message's conversation: its mail waits to see whether the message is read in time. */
  conversationId?: string
  /** The moment it happens, when the caller runs on a given clock (tests, jobs). */
  at?: Date
}

/** A new message is mailed only if still unread this long after it was sent. */
export const MESSAGE_MAIL_DELAY_MS = 10 * 60 * 1000

type Executor = Pick<Database, 'insert' | 'execute'>

/**
 * Writes a notification for a user. Pass the transaction when the notification belongs to a
 * multi-step change, so it exists exactly when the change does. The socket frame is published
 * through the same executor: it reaches the user's sockets when (and only if) the change commits.
 */
export async function notify(userId: string, input: NotificationInput, executor: Executor = db) {
  const [row] = await executor
    .insert(notifications)
    .values({
      userId,
      type: input.type ?? 'info',
      title: input.title,
      message: input.message,
      link: input.link ?? null,
      kind: input.kind ?? null,
      conversationId: input.conversationId ?? null,
      // Whether the user wants it by email is read when the mail job gets to it, so a setting
      // changed (or an unsubscribe) in between is respected.
      ...(input.kind ? { mailState: 'pending' as const, mailAfter: mailDue(input) } : {}),
    })
    .returning()
  await publish({ userIds: [userId], frame: { type: 'notification', notification: toPublicNotification(row!) } }, executor)
  return row!
}

/** When the mail is due; null: at the next run of the mail job. */
function mailDue(input: NotificationInput) {
  if (input.conversationId) return new Date((input.at ?? new Date()).getTime() + MESSAGE_MAIL_DELAY_MS)
  return input.at ?? null
}

/** The same as notify(); the name the realtime design refers to. */
export const createNotification = notify

export async function listNotifications(actor: { id: string }, limit = 50) {
  return db.select().from(notifications).where(eq(notifications.userId, actor.id)).orderBy(desc(notifications.id)).limit(limit)
}

/** All of the user's notifications, read or not: what 'Clear all' would delete. */
export async function countNotifications(actor: { id: string }) {
  return db.$count(notifications, eq(notifications.userId, actor.id))
}

export async function unreadCount(actor: { id: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, actor.id), eq(notifications.read, false)))
  return row?.n ?? 0
}

/** The notification shape of docs/product.md §3, for the API and the panel. */
export function toPublicNotification(row: Notification) {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    read: row.read,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }
}
export type PublicNotification = ReturnType<typeof toPublicNotification>

function notFound() {
  return new DomainError('Resource not found', { status: 404, code: 'NOT_FOUND' })
}

/** Users see and touch only their own notifications: another's id is simply not found. */
export async function markNotificationRead(actor: { id: string }, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning()
  if (!row) throw notFound()
  return row
}

export async function markAllNotificationsRead(actor: { id: string }) {
  await db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, actor.id), eq(notifications.read, false)))
}

export async function deleteNotification(actor: { id: string }, id: string) {
  const [row] = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, actor.id)))
    .returning()
  if (!row) throw notFound()
  return row
}

export async function clearNotifications(actor: { id: string }) {
  await db.delete(notifications).where(eq(notifications.userId, actor.id))
}
