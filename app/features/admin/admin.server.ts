import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { contactMessages, sessions, users, venues } from '~/db/schema'
import { PRODUCT_ROLES, ROLES, type Role, isId } from '~/core/domain'
import { notFound, requireAdmin, type Actor } from '../accounts/policy.server'
import { escapeLike } from '../blog/blog.server'
import { DomainError } from '~/core/errors'
import { notify } from '../notifications/notifications.server'
import { invalidateVenueCaches } from '../venues/venues.server'

// Admin management: users (role, disable), venue moderation (publish, flag) and the contact
// form's messages. Every function checks that the actor is an admin.

export const ADMIN_PAGE_SIZE = 25

type Paging = { page?: number; q?: string }

const pageCount = (n: number) => Math.max(1, Math.ceil(n / ADMIN_PAGE_SIZE))
const like = (term: string) => `%${escapeLike(term)}%`

// --- Users ----------------------------------------------------------------------------------

export async function adminListUsers(actor: Actor, { page = 1, q = '', role }: Paging & { role?: string | null } = {}) {
  requireAdmin(actor)
  const term = q.trim()
  const filters: SQL[] = []
  if (term)
    filters.push(
      or(
        ilike(users.email, like(term)),
        ilike(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`, like(term)),
      )!,
    )
  if (role && (ROLES as readonly string[]).includes(role)) filters.push(eq(users.role, role as Role))
  const where = filters.length ? and(...filters) : undefined
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(users).where(where),
    db
      .select({
        id: users.id,
        email: users.email,
        role: users.role,
        firstName: users.firstName,
        lastName: users.lastName,
        disabledAt: users.disabledAt,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
  ])
  const n = total?.n ?? 0
  return { users: rows, total: n, page, pageCount: pageCount(n) }
}

async function targetUser(id: string) {
  const [user] = isId(id) ? await db.select().from(users).where(eq(users.id, id)).limit(1) : []
  if (!user) throw notFound('User')
  return user
}

/**
 * An admin gives out only the product's roles (PRODUCT_ROLES). Making someone an admin needs
 * `confirmed`: the page asks first (docs/content-and-admin.md), and nothing can skip the question.
 */
export async function setUserRole(actor: Actor, userId: string, role: string, { confirmed = false } = {}) {
  const admin = requireAdmin(actor)
  if (!(PRODUCT_ROLES as readonly string[]).includes(role))
    throw new DomainError('Choose a valid role', { field: 'role', code: 'VALIDATION_ERROR' })
  const user = await targetUser(userId)
  if (role === 'admin' && user.role !== 'admin' && !confirmed)
    throw new DomainError(`Confirm that ${user.email} should be an admin.`, { status: 409, code: 'CONFIRM_ADMIN' })
  if (user.id === admin.id && role !== 'admin') {
    throw new DomainError('You cannot remove your own admin role.', { status: 403, code: 'SELF_DEMOTION' })
  }
  const [row] = await db
    .update(users)
    .set({ role: role as Role })
    .where(eq(users.id, user.id))
    .returning()
  return row!
}

/** Disabling signs the user out everywhere (their sessions are deleted) and refuses new sign-ins. */
export async function setUserDisabled(actor: Actor, userId: string, disabled: boolean, now = new Date()) {
  const admin = requireAdmin(actor)
  const user = await targetUser(userId)
  if (user.id === admin.id && disabled) throw new DomainError('You cannot disable your own account.', { status: 403, code: 'SELF_DISABLE' })
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ disabledAt: disabled ? (user.disabledAt ?? now) : null })
      .where(eq(users.id, user.id))
      .returning()
    if (disabled) await tx.delete(sessions).where(eq(sessions.userId, user.id))
    return row!
  })
}

// --- Venue moderation -----------------------------------------------------------------------

export type VenueModerationFilter = 'all' | 'review' | 'unpublished' | 'flagged' | 'archived'

export async function adminListVenues(
  actor: Actor,
  { page = 1, q = '', filter = 'all' }: Paging & { filter?: VenueModerationFilter } = {},
) {
  requireAdmin(actor)
  const term = q.trim()
  const filters: SQL[] = []
  if (term)
    filters.push(
      or(ilike(venues.name, like(term)), ilike(venues.city, like(term)), eq(venues.slug, term.toLowerCase()), eq(venues.id, term))!,
    )
  if (filter === 'review') filters.push(isNotNull(venues.reviewRequestedAt), isNull(venues.archivedAt))
  if (filter === 'unpublished') filters.push(isNotNull(venues.unpublishedAt))
  if (filter === 'archived') filters.push(isNotNull(venues.archivedAt))
  if (filter === 'flagged') filters.push(isNotNull(venues.flaggedAt))
  const where = filters.length ? and(...filters) : undefined
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(venues).where(where),
    db
      .select({
        id: venues.id,
        name: venues.name,
        slug: venues.slug,
        city: venues.city,
        citySlug: venues.citySlug,
        stateCode: venues.stateCode,
        ownerId: venues.ownerId,
        ownerEmail: users.email,
        unpublishedAt: venues.unpublishedAt,
        flaggedAt: venues.flaggedAt,
        reviewRequestedAt: venues.reviewRequestedAt,
        archivedAt: venues.archivedAt,
      })
      .from(venues)
      .leftJoin(users, eq(users.id, venues.ownerId))
      .where(where)
      .orderBy(desc(venues.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
  ])
  const n = total?.n ?? 0
  return { venues: rows, total: n, page, pageCount: pageCount(n) }
}

async function targetVenue(id: string) {
  const [venue] = isId(id)
    ? await db
        .select({
          id: venues.id,
          name: venues.name,
          ownerId: venues.ownerId,
          unpublishedAt: venues.unpublishedAt,
          flaggedAt: venues.flaggedAt,
          reviewRequestedAt: venues.reviewRequestedAt,
        })
        .from(venues)
        .where(eq(venues.id, id))
        .limit(1)
    : []
  if (!venue) throw notFound('Venue')
  return venue
}

/** Unpublished venues are hidden from search, directories, sitemaps and their public page. */
export async function setVenuePublished(actor: Actor, venueId: string, published: boolean, now = new Date()) {
  requireAdmin(actor)
  const venue = await targetVenue(venueId)
  const [row] = await db
    .update(venues)
    .set({ unpublishedAt: published ? null : (venue.unpublishedAt ?? now) })
    .where(eq(venues.id, venue.id))
    .returning({ id: venues.id, unpublishedAt: venues.unpublishedAt, flaggedAt: venues.flaggedAt })
  invalidateVenueCaches()
  return row!
}

/**
 * An admin approves a new owner's first listing: it goes public, and the owner becomes reviewed
 * (their later listings go live at once, see venue-writes.server.ts).
 */
export async function approveListing(actor: Actor, venueId: string) {
  requireAdmin(actor)
  const venue = await targetVenue(venueId)
  if (!venue.reviewRequestedAt) throw new DomainError('This listing is not waiting for review.', { status: 409, code: 'NOT_IN_REVIEW' })
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(venues)
      .set({ reviewRequestedAt: null, reviewedAt: new Date() })
      .where(eq(venues.id, venue.id))
      .returning({ id: venues.id, listed: venues.listed })
    if (venue.ownerId)
      await notify(
        venue.ownerId,
        {
          type: 'success',
          title: 'Your listing is live',
          message: `${venue.name} passed review and is public now.`,
          link: '/venues/manage',
        },
        tx,
      )
    return row!
  })
  invalidateVenueCaches()
  return row
}

export async function setVenueFlagged(actor: Actor, venueId: string, flagged: boolean, now = new Date()) {
  requireAdmin(actor)
  const venue = await targetVenue(venueId)
  const [row] = await db
    .update(venues)
    .set({ flaggedAt: flagged ? (venue.flaggedAt ?? now) : null })
    .where(eq(venues.id, venue.id))
    .returning({ id: venues.id, unpublishedAt: venues.unpublishedAt, flaggedAt: venues.flaggedAt })
  invalidateVenueCaches()
  return row!
}

// --- Contact messages -----------------------------------------------------------------------

export type MessageFilter = 'open' | 'handled' | 'all'

export async function adminListMessages(actor: Actor, { page = 1, filter = 'open' }: { page?: number; filter?: MessageFilter } = {}) {
  requireAdmin(actor)
  const where =
    filter === 'open' ? isNull(contactMessages.handledAt) : filter === 'handled' ? isNotNull(contactMessages.handledAt) : undefined
  const [[total], rows, [open]] = await Promise.all([
    db.select({ n: count() }).from(contactMessages).where(where),
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.handledAt)),
  ])
  const n = total?.n ?? 0
  return { messages: rows, total: n, open: open?.n ?? 0, page, pageCount: pageCount(n) }
}

export async function setMessageHandled(actor: Actor, messageId: string, handled: boolean, now = new Date()) {
  requireAdmin(actor)
  const [message] = isId(messageId) ? await db.select().from(contactMessages).where(eq(contactMessages.id, messageId)).limit(1) : []
  if (!message) throw notFound('Message')
  const [row] = await db
    .update(contactMessages)
    .set({ handledAt: handled ? (message.handledAt ?? now) : null })
    .where(eq(contactMessages.id, message.id))
    .returning()
  return row!
}
