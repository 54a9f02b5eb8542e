import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { isId } from '~/core/domain'
import { users } from '~/db/schema'
import { publicOrigin } from '~/env.server'
import { isNotificationKind, NOTIFICATION_KINDS, notificationKindsFor, type NotificationKind } from '~/core/notification-kinds'
import { DomainError } from '~/core/errors'
import { authSecret } from '../../platform/secrets.server'
import type { Actor } from '../accounts/policy.server'

// Per kind of notification, a user gets it in the app only or also by email (the default). The
// setting changes on /profile, or through the one-click unsubscribe link every mail carries: that
// link works without signing in, because it is signed for one user and one kind and can do
// nothing but turn that one kind's email off.

/** Every kind the user currently gets by email. */
export async function emailKinds(actor: Pick<NonNullable<Actor>, 'id'>): Promise<NotificationKind[]> {
  const [row] = await db.select({ off: users.emailOff }).from(users).where(eq(users.id, actor.id))
  const off = new Set(row?.off ?? [])
  return NOTIFICATION_KINDS.filter((kind) => !off.has(kind))
}

/** The kinds the user's role can receive and whether each comes by email: /profile's settings. */
export async function emailSettings(actor: NonNullable<Actor>): Promise<{ kinds: NotificationKind[]; on: NotificationKind[] }> {
  const [row] = await db.select({ off: users.emailOff }).from(users).where(eq(users.id, actor.id))
  const off = new Set(row?.off ?? [])
  const kinds = notificationKindsFor(actor.role)
  return { kinds, on: kinds.filter((kind) => !off.has(kind)) }
}

/**
 * /profile's form: of the kinds the role is shown, exactly those named come by email; the others
 * stay in the app. Kinds the role is not shown keep their setting.
 */
export async function setEmailKinds(actor: NonNullable<Actor>, kinds: readonly unknown[]) {
  const shown = notificationKindsFor(actor.role)
  const on = new Set(kinds.filter(isNotificationKind).filter((kind) => shown.includes(kind)))
  const [row] = await db.select({ off: users.emailOff }).from(users).where(eq(users.id, actor.id))
  const keptOff = (row?.off ?? []).filter((kind) => !shown.includes(kind as NotificationKind))
  const off = [...keptOff, ...shown.filter((kind) => !on.has(kind))]
  await db.update(users).set({ emailOff: off, updatedAt: new Date() }).where(eq(users.id, actor.id))
  return shown.filter((kind) => on.has(kind))
}

async function signature(userId: string, kind: NotificationKind) {
  return createHmac('sha256', await authSecret())
    .update(`unsubscribe:${userId}:${kind}`)
    .digest('base64url')
}

/** The one-click link for one user and one kind, always on the configured public origin. */
export async function unsubscribeUrl(userId: string, kind: NotificationKind) {
  const url = new URL('/unsubscribe', publicOrigin())
  url.searchParams.set('u', userId)
  url.searchParams.set('k', kind)
  url.searchParams.set('t', await signature(userId, kind))
  return url.toString()
}

export const INVALID_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Change your email settings on your profile instead.'

/** Checks a link's parts; returns the kind it is for, or throws 400 for anything forged or cut short. */
export async function verifyUnsubscribe(params: { u?: unknown; k?: unknown; t?: unknown }) {
  const { u, k, t } = params
  if (typeof u !== 'string' || !isId(u) || !isNotificationKind(k) || typeof t !== 'string' || t.length > 100) {
    throw new DomainError(INVALID_UNSUBSCRIBE_LINK, { code: 'INVALID_LINK' })
  }
  const expected = Buffer.from(await signature(u, k))
  const given = Buffer.from(t)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new DomainError(INVALID_UNSUBSCRIBE_LINK, { code: 'INVALID_LINK' })
  }
  return { userId: u, kind: k }
}

/** Turns one kind's email off for the link's user (RFC 8058 one-click); nothing else changes. */
export async function unsubscribe(params: { u?: unknown; k?: unknown; t?: unknown }) {
  const { userId, kind } = await verifyUnsubscribe(params)
  await db
    .update(users)
    .set({ emailOff: sql`array_append(${users.emailOff}, ${kind}::text)` })
    .where(sql`${users.id} = ${userId} and not (${kind}::text = any(${users.emailOff}))`)
  return kind
}
