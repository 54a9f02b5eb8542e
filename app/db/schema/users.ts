import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { PLAN_REQUEST_STATUSES, ROLES } from '../../core/domain'
import { NOTIFICATION_KINDS } from '../../core/notification-kinds'
import { id, createdAt, updatedAt, inList, referenceTo } from './columns'

// Accounts: users and their sessions, password resets, plan upgrade requests (no billing: an
// admin grants the plan) and the artist profiles a user keeps.

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ROLES }).notNull().default('organizer'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    profilePicture: text('profile_picture'),
    googleId: text('google_id'),
    consentToCommunications: boolean('consent_to_communications').notNull().default(false),
    /** The subscription tier (app/features/plans/plans.ts); unknown values mean Free. */
    plan: text('plan').notNull().default('free'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** When the owner of `email` proved it (Google sign-in, a password-reset link); null if never. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The organizer lets venue owners see their name next to their interest ('Fill your empty
     * dates'). Off by default: without it, owners see only anonymous counts (docs/bookings.md).
     */
    visibleToVenues: boolean('visible_to_venues').notNull().default(false),
    /** Notification kinds this user gets in the app only, never by email (/profile, unsubscribe links). */
    emailOff: text('email_off')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_google_id_key').on(t.googleId),
    check('users_role_check', sql`${t.role} in (${inList(ROLES)})`),
    check('users_email_off_check', sql`${t.emailOff} <@ array[${inList(NOTIFICATION_KINDS)}]::text[]`),
  ],
)

/** A reference to a user (`userRef()`, `userRef.orNull(...)`): columns.ts referenceTo. */
export const userRef = referenceTo(() => users.id, 'user_id')

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: userRef(),
    /** SHA-256 of the opaque token held by the cookie or the API client. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_id_idx').on(t.userId)],
)

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
)

export type User = typeof users.$inferSelect

// Plan upgrades without billing (issue 16): a signed-in user asks for a paid plan from /pricing,
// an admin grants it from /admin/users (which sets users.plan). One open request per user.

export const planRequests = pgTable(
  'plan_requests',
  {
    id: id(),
    userId: userRef(),
    /** The plan id asked for, of the price list that fits the user's role (app/features/plans/plans.ts). */
    plan: text('plan').notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: PLAN_REQUEST_STATUSES }).notNull().default('open'),
    decidedBy: userRef.orNull('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('plan_requests_one_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'open'`),
    index('plan_requests_status_idx').on(t.status, t.createdAt),
    check('plan_requests_status_check', sql`${t.status} in (${inList(PLAN_REQUEST_STATUSES)})`),
  ],
)

export type PlanRequest = typeof planRequests.$inferSelect

// Artist profiles (issue 8): who plays a booked date. Only the owner edits a profile.

export type ArtistLink = { label: string; url: string }

export const artistProfiles = pgTable(
  'artist_profiles',
  {
    id: id(),
    userId: userRef(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    genres: text('genres')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    hometown: text('hometown').notNull().default(''),
    bio: text('bio').notNull().default(''),
    links: jsonb('links').$type<ArtistLink[]>().notNull().default([]),
    /** Typical audience the act draws. */
    drawEstimate: integer('draw_estimate'),
    photoUrl: text('photo_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('artist_profiles_slug_key').on(t.slug),
    index('artist_profiles_user_idx').on(t.userId),
    check('artist_profiles_draw_check', sql`${t.drawEstimate} is null or ${t.drawEstimate} >= 0`),
  ],
)

export type ArtistProfile = typeof artistProfiles.$inferSelect
