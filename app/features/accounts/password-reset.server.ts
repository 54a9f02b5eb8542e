import { randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { passwordResetTokens, sessions, users } from '~/db/schema'
import { publicOrigin } from '~/env.server'
import { findUserByEmail } from './auth.server'
import { DomainError } from '~/core/errors'
import { sendMail } from '../../platform/mail.server'
import { assertNotCommonPassword } from './common-passwords.server'
import { hashPassword } from './password.server'
import { hashToken } from './session.server'
import { clearAttempts, takeAttempt } from '../../platform/throttle.server'

export const RESET_TTL_MS = 60 * 60 * 1000
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Please ask for a new one.'

/**
 * Mails a single-use reset link valid for one hour. Answers the same whether or not the address
 * has an account, so the form cannot be used to probe for accounts. Throttled per email typed and
 * per client address (the throttle's password-reset rule), counted before the lookup, so the limit
 * says nothing about whether the account exists either.
 */
export async function requestPasswordReset(email: string, { ip }: { ip?: string } = {}) {
  await takeAttempt('password-reset', { account: email.trim().toLowerCase(), ip })
  const user = await findUserByEmail(email)
  if (!user || user.disabledAt) return
  const token = randomBytes(32).toString('base64url')
  await db
    .insert(passwordResetTokens)
    .values({ userId: user.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) })
  // The configured origin, never the request's Host: a forged Host would send the token elsewhere.
  const link = `${publicOrigin()}/reset-password?${new URLSearchParams({ token })}`
  // A failed send is logged, not thrown: a 500 for known addresses only would reveal them.
  await sendMail({
    to: user.email,
    subject: 'Reset your Stagepass password',
    text: [
      `Hi ${user.firstName ?? 'there'},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Stagepass account.',
      `Open this link within one hour to choose a new one:`,
      '',
      link,
      '',
      'If you did not ask for this, ignore this mail: your password stays as it is.',
    ].join('\n'),
  }).catch((error: unknown) => console.error('[mail] the password reset mail could not be sent:', error))
}

async function liveToken(token: string) {
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return row ?? null
}

export async function isResetTokenValid(token: string) {
  return Boolean(await liveToken(token))
}

/**
 * Uses the token once: sets the password, burns the token and every other reset token of the
 * account (an older mail's link must not reset the new password), and signs out every session.
 */
export async function resetPassword(token: string, newPassword: string) {
  assertNotCommonPassword(newPassword)
  const passwordHash = await hashPassword(newPassword)
  const user = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning()
    if (!used) throw new DomainError(INVALID_RESET_LINK, { status: 400, code: 'INVALID_TOKEN' })
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: used.usedAt })
      .where(and(eq(passwordResetTokens.userId, used.userId), isNull(passwordResetTokens.usedAt)))
    const [user] = await tx.update(users).set({ passwordHash, emailVerifiedAt: new Date() }).where(eq(users.id, used.userId)).returning()
    await tx.delete(sessions).where(eq(sessions.userId, used.userId))
    return user!
  })
  // The link proved the owner: a lock from earlier failed attempts on this email no longer applies.
  await clearAttempts('login', user.email.toLowerCase())
  return user
}
