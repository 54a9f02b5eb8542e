import { recordEvent } from '~/platform/analytics-events.server'
import { sql } from 'drizzle-orm'
import { db, isUniqueViolation } from '~/db/client.server'
import { users, type User } from '~/db/schema'
import type { RegisterInput } from '~/features/accounts/auth-schemas'
import { DomainError } from '~/core/errors'
import { assertNotCommonPassword } from './common-passwords.server'
import { hashPassword, verifyPassword } from './password.server'
import { clearAttempts, isThrottled, recordAttempt, takeAttempt, THROTTLES } from '../../platform/throttle.server'

export const LOGIN_MESSAGES = {
  noAccount: 'No account found with this email address.',
  wrongPassword: 'Incorrect password. Please try again.',
  invalidEmail: 'Please enter a valid email address.',
  throttled: 'Too many failed attempts. Please try again later.',
  disabled: 'This account has been disabled. Please contact us.',
  default: 'Invalid credentials. Please try again.',
} as const

export const MAX_LOGIN_FAILURES = THROTTLES.login.perAccountAddress!
export const LOGIN_WINDOW_MS = THROTTLES.login.windowMs

// Computed once so a missing account costs as much time as a wrong password.
let dummyHash: Promise<string> | undefined

async function recordFailure(email: string, ip: string) {
  await recordAttempt('login', { account: email, ip })
}

export async function findUserByEmail(email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return user ?? null
}

/**
 * Checks an email and password with the messages of docs/product.md §8. Five failures for one email
 * from one address within 15 minutes lock that email from that address, and thirty from one
 * address over any emails lock the address (the throttle's login rule): a stranger cannot lock
 * the owner out from everywhere. The counts live in the database, so they hold across instances.
 */
export async function verifyLogin({ email, password, ip }: { email: string; password: string; ip: string }): Promise<User> {
  const normalized = email.trim().toLowerCase()
  if (await isThrottled('login', { account: normalized, ip }))
    throw new DomainError(LOGIN_MESSAGES.throttled, { status: 429, code: 'TOO_MANY_ATTEMPTS' })
  const user = await findUserByEmail(normalized)
  if (!user?.passwordHash) {
    await verifyPassword(password, await (dummyHash ??= hashPassword('timing-equaliser')))
    await recordFailure(normalized, ip)
    // A Google-only account has no password: point to the button rather than claim no account.
    if (user)
      throw new DomainError('This account signs in with Google. Use the Google button below.', {
        status: 401,
        code: 'USE_GOOGLE',
        field: 'password',
      })
    throw new DomainError(LOGIN_MESSAGES.noAccount, { status: 401, code: 'NO_ACCOUNT', field: 'email' })
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    await recordFailure(normalized, ip)
    throw new DomainError(LOGIN_MESSAGES.wrongPassword, { status: 401, code: 'WRONG_PASSWORD', field: 'password' })
  }
  if (user.disabledAt) throw new DomainError(LOGIN_MESSAGES.disabled, { status: 403, code: 'ACCOUNT_DISABLED' })
  await clearAttempts('login', normalized, ip)
  return user
}

export async function registerUser(
  input: Pick<RegisterInput, 'email' | 'password' | 'firstName' | 'lastName' | 'phone' | 'role'> & { consentToCommunications: boolean },
  { ip }: { ip?: string } = {},
) {
  assertNotCommonPassword(input.password)
  await takeAttempt('signup', { account: input.email.toLowerCase(), ip })
  if (await findUserByEmail(input.email)) throw emailTaken()
  const passwordHash = await hashPassword(input.password)
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        passwordHash,
        role: input.role,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
        consentToCommunications: input.consentToCommunications,
      })
      .returning()
    await recordEvent({ name: 'user_registration', userId: user!.id, properties: { role: user!.role, method: 'password' } })
    return user!
  } catch (error) {
    // Two sign-ups with one email at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken()
    throw error
  }
}

function emailTaken() {
  return new DomainError('An account with this email already exists. Try logging in instead.', {
    status: 409,
    code: 'EMAIL_TAKEN',
    field: 'email',
  })
}
