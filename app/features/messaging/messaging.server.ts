import { and, asc, count, desc, eq, gt, gte, or, sql } from 'drizzle-orm'
import { isId } from '~/core/domain'
import { alias } from 'drizzle-orm/pg-core'
import { db } from '~/db/client.server'
import { bookings, conversations, messages, users, venues, type Conversation, type MessageRow } from '~/db/schema'
import { MESSAGING_TEXTS, sendMessageSchema, startConversationSchema } from '~/features/messaging/messaging-schemas'
import { takeAttempt } from '../../platform/throttle.server'
import { displayName } from '~/features/accounts/user'
import { publish } from '~/platform/realtime-bus.server'
import { DomainError } from '~/core/errors'
import type { SignedInActor } from '../accounts/policy.server'
import { notify } from '../notifications/notifications.server'
import { assertAllowance, organizerLimits, takeAllowance, type Tx } from '../plans/plan-limits.server'
import { listedVenue } from '../venues/venues.server'

// One-to-one messaging (docs/product.md §3, 4 and 8): only the two participants read or write. A
// Free plan meters conversations started, counted at the first message, never at opening a
// thread; replies and an owner writing about their own venue are free.

export type ConversationSummary = {
  id: string
  otherParty: { id: string; name: string; role: string }
  venue: { id: string; name: string } | null
  bookingId: string | null
  lastMessage: string | null
  updatedAt: string
  unreadCount: number
}

export type PublicMessage = {
  id: string
  conversationId: string
  senderId: string | null
  content: string
  metadata: Record<string, unknown> | null
  createdAt: string
}

export function toPublicMessage(row: MessageRow): PublicMessage {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    metadata: row.metadata ?? null,
    createdAt: row.createdAt.toISOString(),
  }
}

const notFound = () => new DomainError('Conversation not found', { status: 404, code: 'NOT_FOUND' })
const accessDenied = () => new DomainError(MESSAGING_TEXTS.accessDenied, { status: 403, code: 'ACCESS_DENIED' })

function orderedPair(a: string, b: string) {
  return a < b ? ([a, b] as const) : ([b, a] as const)
}

function sideOf(conversation: Conversation, userId: string): 'a' | 'b' | null {
  if (conversation.userAId === userId) return 'a'
  if (conversation.userBId === userId) return 'b'
  return null
}

/** The conversation, if the actor takes part in it: unknown is 404, someone else's is 403. */
export async function getConversation(actor: SignedInActor, id: string) {
  if (!isId(id)) throw notFound()
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id)).limit(1)
  if (!row) throw notFound()
  if (!sideOf(row, actor.id)) throw accessDenied()
  return row
}

const other = alias(users, 'other_party')

/** The actor's conversations, most recent first, in the product's shape plus the other party. */
export async function listConversations(
  actor: SignedInActor,
  { limit = 100, id }: { limit?: number; id?: string } = {},
): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      conversation: conversations,
      other: { id: other.id, email: other.email, firstName: other.firstName, lastName: other.lastName, role: other.role },
      venueName: venues.name,
    })
    .from(conversations)
    .innerJoin(
      other,
      sql`${other.id} = case when ${conversations.userAId} = ${actor.id} then ${conversations.userBId} else ${conversations.userAId} end`,
    )
    .leftJoin(venues, eq(venues.id, conversations.venueId))
    .where(and(or(eq(conversations.userAId, actor.id), eq(conversations.userBId, actor.id)), id ? eq(conversations.id, id) : undefined))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(limit)
  return rows.map(({ conversation: c, other: o, venueName }) => ({
    id: c.id,
    otherParty: { id: o.id, name: displayName(o), role: o.role },
    venue: c.venueId && venueName ? { id: c.venueId, name: venueName } : null,
    bookingId: c.bookingId,
    lastMessage: c.lastMessage,
    updatedAt: c.updatedAt.toISOString(),
    unreadCount: c.userAId === actor.id ? c.unreadA : c.unreadB,
  }))
}

/** At most this many unread conversations are handed to the header ("99+" past 99). */
export const UNREAD_CONVERSATIONS_LIMIT = 100

/**
 * The Messages badge: ids of the actor's conversations with unread messages, newest first, at most
 * UNREAD_CONVERSATIONS_LIMIT. Ids, not a count, so the browser adds a live message's conversation
 * once; `opening` (read in this request) is left out.
 */
export async function unreadConversationIds(
  actor: { id: string },
  { opening = null, limit = UNREAD_CONVERSATIONS_LIMIT }: { opening?: string | null; limit?: number } = {},
) {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      or(
        and(eq(conversations.userAId, actor.id), gt(conversations.unreadA, 0)),
        and(eq(conversations.userBId, actor.id), gt(conversations.unreadB, 0)),
      ),
    )
    .orderBy(desc(conversations.updatedAt))
    .limit(limit)
  return rows.map((row) => row.id).filter((id) => id !== opening)
}

/** About a venue the actor owns: an owner writing about their own business, never metered. */
const aboutOwnVenue = (actorId: string) =>
  sql`exists (select 1 from ${venues} v where v.id = ${conversations.venueId} and v.owner_id = ${actorId})`

/**
 * Conversations the actor started whose first message went out since the first of this month
 * (UTC): what the plan meters. Opening a thread without writing counts nothing.
 */
export async function conversationsStartedThisMonth(actor: { id: string }, now = new Date(), reader: Pick<typeof db, 'select'> = db) {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const [row] = await reader
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.startedById, actor.id), gte(conversations.firstMessageAt, monthStart), sql`not ${aboutOwnVenue(actor.id)}`))
  return row?.n ?? 0
}

/** How many new conversations the actor's plan allows a month (Infinity when unmetered). */
export async function newConversationLimit(actor: SignedInActor, reader?: Pick<typeof db, 'select'>) {
  return (await organizerLimits(actor, reader))?.newConversationsPerMonth ?? Number.POSITIVE_INFINITY
}

/** What the plan's monthly conversation limit counts, for takeAllowance. */
const startedThisMonth = (actor: SignedInActor, now: Date) => (reader: Tx) => conversationsStartedThisMonth(actor, now, reader)

async function resolveCounterpart(actor: SignedInActor, input: { recipientId?: string; venueId?: string; bookingId?: string }) {
  if (input.bookingId) {
    const [booking] = await db
      .select({ organizerId: bookings.organizerId, venueId: bookings.venueId, ownerId: venues.ownerId })
      .from(bookings)
      .innerJoin(venues, eq(venues.id, bookings.venueId))
      .where(eq(bookings.id, input.bookingId))
      .limit(1)
    if (!booking) throw new DomainError('Booking not found', { status: 404, code: 'NOT_FOUND' })
    if (booking.organizerId !== actor.id && booking.ownerId !== actor.id) throw accessDenied()
    const recipientId = booking.organizerId === actor.id ? booking.ownerId : booking.organizerId
    if (!recipientId)
      throw new DomainError('This venue has no owner on Stagepass yet, so there is no one to message.', { status: 409, code: 'NO_OWNER' })
    return { recipientId, venueId: booking.venueId, bookingId: input.bookingId }
  }
  if (input.venueId) {
    // A new conversation about a venue needs the venue to be public; its bookings keep theirs.
    const venue = await listedVenue(input.venueId)
    const recipientId = input.recipientId ?? venue.ownerId
    if (!recipientId)
      throw new DomainError('This venue has no owner on Stagepass yet, so there is no one to message.', { status: 409, code: 'NO_OWNER' })
    return { recipientId, venueId: input.venueId, bookingId: null }
  }
  return { recipientId: input.recipientId!, venueId: null, bookingId: null }
}

/**
 * Who a new conversation would be with, and the one already there if any: for the compose page
 * (/messages/new), which writes nothing until a message is sent.
 */
export async function conversationDraft(actor: SignedInActor, input: unknown) {
  const body = startConversationSchema.parse(input)
  const target = await resolveCounterpart(actor, body)
  if (target.recipientId === actor.id) throw new DomainError('You cannot message yourself', { status: 400, code: 'SELF_MESSAGE' })
  const [userAId, userBId] = orderedPair(actor.id, target.recipientId)
  const [[recipient], [existing], [venue]] = await Promise.all([
    db
      .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, target.recipientId)),
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(
        and(
          eq(conversations.userAId, userAId),
          eq(conversations.userBId, userBId),
          sql`coalesce(${conversations.venueId}, '') = ${target.venueId ?? ''}`,
        ),
      )
      .limit(1),
    target.venueId ? db.select({ name: venues.name }).from(venues).where(eq(venues.id, target.venueId)) : Promise.resolve([]),
  ])
  if (!recipient) throw new DomainError('User not found', { status: 404, code: 'NOT_FOUND' })
  // Over the month's allowance, say so before anything is written, not after.
  let overLimit: string | null = null
  if (!existing && !(await ownsVenue(actor, target.venueId))) {
    try {
      await assertAllowance(actor, 'newConversationsPerMonth', startedThisMonth(actor, new Date()))
    } catch (error) {
      if (!(error instanceof DomainError)) throw error
      overLimit = error.message
    }
  }
  return { existingId: existing?.id ?? null, recipientName: displayName(recipient), venueName: venue?.name ?? null, overLimit, ...target }
}

/**
 * Starts a conversation, or reopens the one the actor already has with that person about that
 * venue. A conversation counts against the plan when its first message is sent (sendMessage);
 * starting one when the month's allowance is already used up is refused at once, with a 403 that
 * says to upgrade. With `content`, the first message is sent too.
 */
export async function startConversation(actor: SignedInActor, input: unknown, { now = new Date(), ip }: { now?: Date; ip?: string } = {}) {
  const body = startConversationSchema.parse(input)
  const target = await resolveCounterpart(actor, body)
  if (target.recipientId === actor.id) throw new DomainError('You cannot message yourself', { status: 400, code: 'SELF_MESSAGE' })
  const [recipient] = await db.select({ id: users.id }).from(users).where(eq(users.id, target.recipientId)).limit(1)
  if (!recipient) throw new DomainError('User not found', { status: 404, code: 'NOT_FOUND' })
  const [userAId, userBId] = orderedPair(actor.id, target.recipientId)

  const findExisting = async () => {
    const [row] = await db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.userAId, userAId),
          eq(conversations.userBId, userBId),
          sql`coalesce(${conversations.venueId}, '') = ${target.venueId ?? ''}`,
        ),
      )
      .limit(1)
    return row
  }

  let conversation = await findExisting()
  let created = false
  if (!conversation) {
    // Per hour, per account and per address (the throttle), before the plan's monthly limit.
    await takeAttempt('conversation', { account: actor.id, ip }, now)
    if (!(await ownsVenue(actor, target.venueId))) await assertAllowance(actor, 'newConversationsPerMonth', startedThisMonth(actor, now))
    const [row] = await db
      .insert(conversations)
      .values({ userAId, userBId, startedById: actor.id, venueId: target.venueId, bookingId: target.bookingId })
      .onConflictDoNothing()
      .returning()
    // Two starts at once: the other insert won, and this one reopens it.
    conversation = row ?? (await findExisting())
    created = Boolean(row)
  }
  if (!conversation) throw new DomainError(MESSAGING_TEXTS.start, { status: 500, code: 'UNKNOWN_ERROR' })
  const message = body.content
    ? await sendMessage(actor, conversation.id, { content: body.content, metadata: body.metadata }, { now })
    : null
  return { conversation: message ? await getConversation(actor, conversation.id) : conversation, created, message }
}

async function ownsVenue(actor: SignedInActor, venueId: string | null) {
  if (!venueId) return false
  const [row] = await db.select({ ownerId: venues.ownerId }).from(venues).where(eq(venues.id, venueId)).limit(1)
  return row?.ownerId === actor.id
}

export async function listMessages(actor: SignedInActor, conversationId: string, limit = 200) {
  await getConversation(actor, conversationId)
  // The latest `limit`, oldest first.
  const rows = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(desc(messages.id)).limit(limit)
  return rows.reverse().map(toPublicMessage)
}

/**
 * Appends a message, its unread count, notification and realtime frame in one transaction (the frame
 * leaves when it commits). A started conversation counts against the plan at its first message,
 * under the starter's allowance lock, so two first messages count one by one.
 */
export async function sendMessage(actor: SignedInActor, conversationId: string, input: unknown, { now = new Date() }: { now?: Date } = {}) {
  const { content, metadata } = sendMessageSchema.parse(input)
  const conversation = await getConversation(actor, conversationId)
  const side = sideOf(conversation, actor.id)!
  const recipientId = side === 'a' ? conversation.userBId : conversation.userAId
  const [sender] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, actor.id))
    .limit(1)
  const senderName = sender ? displayName(sender) : 'Someone'
  const opening = conversation.firstMessageAt === null && conversation.startedById === actor.id
  const metered = opening && !(await ownsVenue(actor, conversation.venueId))
  return db.transaction(async (tx) => {
    if (metered) await takeAllowance(tx, actor, 'newConversationsPerMonth', startedThisMonth(actor, now))
    const [row] = await tx
      .insert(messages)
      .values({ conversationId, senderId: actor.id, content, metadata: metadata ?? null })
      .returning()
    await tx
      .update(conversations)
      .set({
        lastMessage: content.slice(0, 280),
        updatedAt: row!.createdAt,
        firstMessageAt: sql`coalesce(${conversations.firstMessageAt}, ${row!.createdAt.toISOString()}::timestamptz)`,
        // Replying means having read the thread: the sender's side is read, the other side gains one.
        ...(side === 'a'
          ? { unreadA: 0, unreadB: sql`${conversations.unreadB} + 1` }
          : { unreadB: 0, unreadA: sql`${conversations.unreadA} + 1` }),
      })
      .where(eq(conversations.id, conversationId))
    await notify(
      recipientId,
      {
        title: `New message from ${senderName}`,
        message: content.slice(0, 200),
        link: `/messages/${conversationId}`,
        kind: 'message',
        conversationId,
        at: now,
      },
      tx,
    )
    const message = toPublicMessage(row!)
    await publish({ userIds: [recipientId, actor.id], frame: { type: 'message', message } }, tx)
    return message
  })
}

/** Marks the actor's side read: its unreadCount becomes 0. */
export async function markConversationRead(actor: SignedInActor, conversationId: string) {
  const conversation = await getConversation(actor, conversationId)
  const side = sideOf(conversation, actor.id)!
  const [row] = await db
    .update(conversations)
    .set(side === 'a' ? { unreadA: 0 } : { unreadB: 0 })
    .where(eq(conversations.id, conversationId))
    .returning()
  return { id: row!.id, unreadCount: 0 }
}

/** For the thread view: the conversation in summary shape (other party, venue) and its messages. */
export async function openThread(actor: SignedInActor, conversationId: string) {
  const conversation = await getConversation(actor, conversationId)
  const [summary] = await listConversations(actor, { id: conversation.id })
  const thread = await db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.id)).limit(500)
  return { conversation: summary!, messages: thread.map(toPublicMessage) }
}
