import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { NOTIFICATION_KINDS } from '../../core/notification-kinds'
import { id, createdAt, inList } from './columns'
import { bookingRef } from './bookings'
import { userRef } from './users'
import { venueRef } from './venues'

// Messages between users and the in-app notifications the domain writes.

// Messaging (issue 6). One conversation per pair of users and venue context; the pair is stored
// ordered (user_a_id < user_b_id) so "start or reopen" is one unique lookup whichever side starts.
// Unread counts live on the conversation, one per side, and change in the same transaction as
// the message that raises them.

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userAId: userRef('user_a_id'),
    userBId: userRef('user_b_id'),
    /** Who started it: what the plan's monthly new-conversation limit counts. */
    startedById: userRef.orNull('started_by_id'),
    venueId: venueRef.orNull(),
    bookingId: bookingRef.orNull(),
    lastMessage: text('last_message'),
    /** When its first message was sent: a conversation counts against a plan only from then. */
    firstMessageAt: timestamp('first_message_at', { withTimezone: true }),
    unreadA: integer('unread_a').notNull().default(0),
    unreadB: integer('unread_b').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_venue_key').on(t.userAId, t.userBId, sql`coalesce(${t.venueId}, '')`),
    index('conversations_user_a_idx').on(t.userAId, t.updatedAt),
    index('conversations_user_b_idx').on(t.userBId, t.updatedAt),
    index('conversations_started_idx').on(t.startedById, t.createdAt),
    index('conversations_started_first_idx').on(t.startedById, t.firstMessageAt),
    check('conversations_pair_check', sql`${t.userAId} < ${t.userBId}`),
    check('conversations_unread_check', sql`${t.unreadA} >= 0 and ${t.unreadB} >= 0`),
  ],
)

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: userRef.orNull('sender_id'),
    content: text('content').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.id)],
)

export type Conversation = typeof conversations.$inferSelect
export type MessageRow = typeof messages.$inferSelect

export const NOTIFICATION_TYPES = ['success', 'error', 'warning', 'info'] as const

/**
 * Where a notification's email stands: none (in-app only), pending (due at mail_after), sending
 * (claimed by one job run), sent, batched (told in another mail of the same conversation),
 * skipped (email off, read in time, or no address) and failed (gave up after retries).
 */
export const MAIL_STATES = ['none', 'pending', 'sending', 'sent', 'batched', 'skipped', 'failed'] as const

/** In-app notifications (docs/product.md §3); the domain writes them, the bell and the socket show them. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: userRef(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull().default('info'),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Where the notification leads, a same-site path. */
    link: text('link'),
    read: boolean('read').notNull().default(false),
    /** What it is about, for the user's email settings; null: in-app only (account and admin notices). */
    kind: text('kind', { enum: NOTIFICATION_KINDS }),
    /** The conversation of a new-message notification: mails about one conversation are batched. */
    conversationId: text('conversation_id'),
    mailState: text('mail_state', { enum: MAIL_STATES }).notNull().default('none'),
    mailAfter: timestamp('mail_after', { withTimezone: true }),
    mailAttempts: integer('mail_attempts').notNull().default(0),
    mailSentAt: timestamp('mail_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // The mail job reads only notifications whose mail is due or in flight.
    index('notifications_mail_due_idx')
      .on(t.mailAfter)
      .where(sql`${t.mailState} in ('pending', 'sending')`),
    index('notifications_conversation_mail_idx')
      .on(t.userId, t.conversationId, t.mailSentAt)
      .where(sql`${t.conversationId} is not null`),
    check('notifications_kind_check', sql`${t.kind} is null or ${t.kind} in (${inList(NOTIFICATION_KINDS)})`),
    check('notifications_mail_state_check', sql`${t.mailState} in (${inList(MAIL_STATES)})`),
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.read} = false`),
    check('notifications_type_check', sql`${t.type} in (${inList(NOTIFICATION_TYPES)})`),
  ],
)

export type Notification = typeof notifications.$inferSelect
