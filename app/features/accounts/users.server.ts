import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { db } from '~/db/client.server'
import { sessions, users, type User } from '~/db/schema'
import type { profilePatchSchema } from '~/features/accounts/profile-schemas'
import { DomainError } from '~/core/errors'
import { unauthorized } from './policy.server'
import { assertNotCommonPassword } from './common-passwords.server'
import { hashPassword, verifyPassword } from './password.server'
import { storage } from '../../platform/storage.server'

/** The user as the API and the browser see it (docs/product.md §3); never the password hash. */
export function toPublicUser(user: User) {
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    name: [user.firstName, user.lastName].filter(Boolean).join(' ') || null,
    phone: user.phone,
    profilePicture: user.profilePicture,
    googleId: user.googleId,
    consentToCommunications: user.consentToCommunications,
    createdAt: user.createdAt.toISOString(),
  }
}
export type PublicUser = ReturnType<typeof toPublicUser>

export async function getUserById(id: string) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return user ?? null
}

async function requireExisting(actor: { id: string }) {
  const user = await getUserById(actor.id)
  if (!user) throw unauthorized()
  return user
}

export async function updateProfile(actor: { id: string }, input: z.infer<typeof profilePatchSchema>) {
  const existing = await requireExisting(actor)
  const patch: Partial<typeof users.$inferInsert> = {}
  if (input.name !== undefined) {
    const [first, ...rest] = input.name.split(/\s+/)
    patch.firstName = first ?? null
    patch.lastName = rest.join(' ') || null
  }
  if (input.firstName !== undefined) patch.firstName = input.firstName
  if (input.lastName !== undefined) patch.lastName = input.lastName
  if (input.phone !== undefined) patch.phone = input.phone
  if (input.consentToCommunications !== undefined) patch.consentToCommunications = input.consentToCommunications
  if (Object.keys(patch).length === 0) return existing
  const [user] = await db.update(users).set(patch).where(eq(users.id, actor.id)).returning()
  return user!
}

/**
 * Whether venue owners may see the user's name next to their interest ('Fill your empty dates');
 * off by default, and owners then see only anonymous counts (owner-tools.server.ts).
 */
export async function setVisibleToVenues(actor: { id: string }, visible: boolean) {
  await requireExisting(actor)
  await db.update(users).set({ visibleToVenues: visible }).where(eq(users.id, actor.id))
}

/**
 * Changes the password. Accounts that have one must prove it; Google-only accounts may set one.
 * Every other session of the user is signed out.
 */
export async function changePassword(
  actor: { id: string },
  { currentPassword, newPassword }: { currentPassword?: string; newPassword: string },
  keepSessionId?: string,
) {
  const user = await requireExisting(actor)
  if (user.passwordHash && !(await verifyPassword(currentPassword ?? '', user.passwordHash))) {
    throw new DomainError('Your current password is not correct.', { status: 400, code: 'WRONG_PASSWORD', field: 'currentPassword' })
  }
  assertNotCommonPassword(newPassword, 'newPassword')
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(newPassword) })
      .where(eq(users.id, user.id))
    const others = await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))
    for (const session of others) if (session.id !== keepSessionId) await tx.delete(sessions).where(eq(sessions.id, session.id))
  })
}

export async function setProfilePicture(actor: { id: string }, url: string | null) {
  const user = await requireExisting(actor)
  await db.update(users).set({ profilePicture: url }).where(eq(users.id, user.id))
  // Only our own uploads are ours to delete (a Google picture is a URL elsewhere).
  if (user.profilePicture?.startsWith('/uploads/') && user.profilePicture !== url) {
    await storage()
      .delete(user.profilePicture.slice('/uploads/'.length))
      .catch(() => {})
  }
}

/**
 * Deletes the account and its personal data. Rows that belong to others as well keep their
 * shape: foreign keys from shared records are set to null rather than cascading.
 */
export async function deleteAccount(actor: { id: string }) {
  const user = await requireExisting(actor)
  await db.delete(users).where(eq(users.id, user.id))
  if (user.profilePicture?.startsWith('/uploads/')) {
    await storage()
      .delete(user.profilePicture.slice('/uploads/'.length))
      .catch(() => {})
  }
}
