import { recordEvent } from '~/platform/analytics-events.server'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import { GoogleStrategy, type GoogleProfile } from 'remix-auth-google'
import { db } from '~/db/client.server'
import { sessions, users, type User } from '~/db/schema'
import { env } from '~/env.server'
import { DomainError } from '~/core/errors'
import { notify } from '../notifications/notifications.server'

/** docs/product.md §4: the dummy auth's rejection, when the provider is not configured. */
export const GOOGLE_NOT_CONFIGURED = 'The identity provider is not configured. OAuth is unavailable.'

/** Section 8's Google texts. */
export const GOOGLE_MESSAGES = {
  closed: 'Sign-in was cancelled. Please try again.',
  cancelled: 'Sign-in popup was cancelled. Please try again.',
  blocked: 'Popup was blocked by your browser. Please allow popups and try again.',
  network: 'Network error. Please check your connection and try again.',
  signInFailed: 'Failed to sign in with Google',
  signUpFailed: 'Failed to sign up with Google',
  signUpSuccess: 'Google sign-up successful!',
  signInSuccess: 'Login successful!',
} as const

export function googleMissingFields() {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env()
  return [!GOOGLE_CLIENT_ID && 'GOOGLE_CLIENT_ID', !GOOGLE_CLIENT_SECRET && 'GOOGLE_CLIENT_SECRET'].filter((field): field is string =>
    Boolean(field),
  )
}

export function isGoogleConfigured() {
  return googleMissingFields().length === 0
}

/** Called once at start: names the missing fields so an operator sees why Google is off. */
export function reportGoogleConfiguration() {
  const missing = googleMissingFields()
  if (missing.length) console.error(`[auth] Google sign-in is unavailable: missing ${missing.join(', ')}. ${GOOGLE_NOT_CONFIGURED}`)
}

export type GoogleIdentity = {
  sub: string
  email: string
  emailVerified: boolean
  givenName?: string
  familyName?: string
  picture?: string
}

/**
 * remix-auth-google hard-codes Google's URLs; this subclass takes them from the environment so
 * the same code runs against a local OpenID Connect server in tests.
 */
class ConfigurableGoogleStrategy<U> extends GoogleStrategy<U> {
  constructor(...args: ConstructorParameters<typeof GoogleStrategy<U>>) {
    super(...args)
    const { GOOGLE_AUTHORIZATION_URL, GOOGLE_TOKEN_URL } = env()
    this.authorizationURL = GOOGLE_AUTHORIZATION_URL
    this.tokenURL = GOOGLE_TOKEN_URL
  }

  protected override async userProfile(accessToken: string): Promise<GoogleProfile> {
    const response = await fetch(env().GOOGLE_USERINFO_URL, { headers: { Authorization: `Bearer ${accessToken}` } })
    if (!response.ok) throw new Error(`userinfo answered ${response.status}`)
    const raw = (await response.json()) as GoogleProfile['_json']
    return {
      provider: 'google',
      id: raw.sub,
      displayName: raw.name,
      name: { familyName: raw.family_name, givenName: raw.given_name },
      emails: [{ value: raw.email }],
      photos: [{ value: raw.picture }],
      _json: raw,
    }
  }
}

/**
 * Only the boolean true proves the address: a missing claim, the string "false" (truthy) or any
 * other value does not, so such an identity never links to an existing account by email.
 */
export function isVerifiedClaim(value: unknown) {
  return value === true
}

export function createGoogleStrategy<U>(callbackURL: string, verify: (identity: GoogleIdentity) => Promise<U>) {
  const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = env()
  return new ConfigurableGoogleStrategy<U>(
    { clientID: GOOGLE_CLIENT_ID!, clientSecret: GOOGLE_CLIENT_SECRET!, callbackURL, prompt: 'select_account' },
    async ({ profile }) =>
      verify({
        sub: profile.id,
        email: profile._json.email ?? profile.emails[0]?.value,
        emailVerified: isVerifiedClaim(profile._json.email_verified),
        givenName: profile._json.given_name,
        familyName: profile._json.family_name,
        picture: profile._json.picture,
      }),
  )
}

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined
let jwksUrl: string | undefined

/** Verifies a Google ID token against the provider's published keys, issuer and our client id. */
export async function verifyGoogleIdToken(idToken: string): Promise<GoogleIdentity> {
  if (!isGoogleConfigured()) throw new DomainError(GOOGLE_NOT_CONFIGURED, { status: 503, code: 'OAUTH_UNAVAILABLE' })
  const { GOOGLE_JWKS_URL, GOOGLE_ISSUER, GOOGLE_CLIENT_ID } = env()
  if (!jwks || jwksUrl !== GOOGLE_JWKS_URL) {
    jwks = createRemoteJWKSet(new URL(GOOGLE_JWKS_URL))
    jwksUrl = GOOGLE_JWKS_URL
  }
  let payload: JWTPayload & Record<string, unknown>
  try {
    // Google issues tokens with either form of its issuer.
    const issuers = [GOOGLE_ISSUER, GOOGLE_ISSUER.replace(/^https:\/\//, '')]
    // requiredClaims: a token without an expiry would be good forever; jose checks exp only when present.
    ;({ payload } = await jwtVerify(idToken, jwks, { issuer: issuers, audience: GOOGLE_CLIENT_ID!, requiredClaims: ['exp'] }))
  } catch {
    throw new DomainError('The Google token is invalid or expired.', { status: 401, code: 'INVALID_TOKEN' })
  }
  if (typeof payload.sub !== 'string' || typeof payload.email !== 'string') {
    throw new DomainError('The Google token carries no email address.', { status: 401, code: 'INVALID_TOKEN' })
  }
  return {
    sub: payload.sub,
    email: payload.email,
    emailVerified: isVerifiedClaim(payload.email_verified),
    givenName: typeof payload.given_name === 'string' ? payload.given_name : undefined,
    familyName: typeof payload.family_name === 'string' ? payload.family_name : undefined,
    picture: typeof payload.picture === 'string' ? payload.picture : undefined,
  }
}

/**
 * The account for a Google identity: the one already linked, else the one with the same
 * (verified) email, which gets linked, else a new account with the chosen role.
 */
export async function findOrCreateGoogleUser(
  identity: GoogleIdentity,
  role: 'organizer' | 'venue_owner',
): Promise<{ user: User; created: boolean }> {
  const [linked] = await db.select().from(users).where(eq(users.googleId, identity.sub)).limit(1)
  if (linked) return { user: linked, created: false }
  // An address Google has not verified proves nothing: it may neither open an existing account
  // nor claim the address for a new one (its owner could not register, and would share the
  // account with this Google login after a password reset).
  if (!identity.emailVerified) {
    throw new DomainError('This Google account email is not verified.', { status: 401, code: 'EMAIL_NOT_VERIFIED' })
  }
  const email = identity.email.toLowerCase()
  const [byEmail] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1)
  if (byEmail) return { user: await linkGoogleIdentity(byEmail, identity), created: false }
  const [user] = await db
    .insert(users)
    .values({
      email,
      googleId: identity.sub,
      role,
      firstName: identity.givenName ?? null,
      lastName: identity.familyName ?? null,
      profilePicture: identity.picture ?? null,
      emailVerifiedAt: new Date(),
    })
    .returning()
  await recordEvent({ name: 'user_registration', userId: user!.id, properties: { role: user!.role, method: 'google' } })
  return { user: user!, created: true }
}

const PASSWORD_REMOVED =
  'Your Google account is now linked. The password this account had was removed because its email address had never been confirmed; set a new one on your profile page if you want one.'

/**
 * Links a Google identity to the account with its verified email. An unproven password account may
 * have been pre-registered by someone else, so Google's proof wins: its password and sessions go
 * and the owner is told how to set a new one. A proven account keeps its password.
 */
async function linkGoogleIdentity(account: User, identity: GoogleIdentity): Promise<User> {
  const unproven = account.emailVerifiedAt === null && account.passwordHash !== null
  return db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({
        googleId: identity.sub,
        profilePicture: account.profilePicture ?? identity.picture ?? null,
        emailVerifiedAt: account.emailVerifiedAt ?? new Date(),
        ...(unproven ? { passwordHash: null } : {}),
      })
      .where(and(eq(users.id, account.id), isNull(users.googleId)))
      .returning()
    if (!user) return account // linked by a concurrent sign-in meanwhile
    if (unproven) {
      await tx.delete(sessions).where(eq(sessions.userId, user.id))
      await notify(user.id, { type: 'warning', title: 'Google sign-in linked', message: PASSWORD_REMOVED, link: '/profile' }, tx)
    }
    return user
  })
}
