/**
 * Every code a refusal can carry, the API's `error.code` and what pages choose a screen or a
 * message by (never the message text, which may be reworded). Adding a code is adding it here.
 */
export const ERROR_CODES = [
  // Generic
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'INVALID_PARAMS',
  'NOT_FOUND',
  'VENUE_NOT_FOUND',
  'AUTH_ERROR',
  'FORBIDDEN',
  'ACCESS_DENIED',
  'PLAN_LIMIT',
  'RATE_LIMITED',
  'TOO_MANY_ATTEMPTS',
  'SERVER_ERROR',
  'UNKNOWN_ERROR',
  // HTTP transport
  'BODY_TIMEOUT',
  'DATABASE_UNAVAILABLE',
  'FORBIDDEN_ORIGIN',
  'METHOD_NOT_ALLOWED',
  'OVERLOADED',
  'PAYLOAD_TOO_LARGE',
  'UNKNOWN_HOST',
  'UNSUPPORTED_MEDIA_TYPE',
  // Accounts
  'ACCOUNT_DISABLED',
  'COMMON_PASSWORD',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'INVALID_TOKEN',
  'NO_ACCOUNT',
  'OAUTH_UNAVAILABLE',
  'SELF_DEMOTION',
  'CONFIRM_ADMIN',
  'SELF_DISABLE',
  'USE_GOOGLE',
  'WRONG_PASSWORD',
  // Plans
  'PLAN_MISMATCH',
  'REQUEST_OPEN',
  'SAME_PLAN',
  // Venues, claims and inquiries
  'ALREADY_CLAIMED',
  'ALREADY_OFFERED',
  'BAD_PHOTO_INDEX',
  'CLAIM_DECIDED',
  'CLAIM_EXISTS',
  'INQUIRY_CLOSED',
  'NOT_IN_REVIEW',
  'NOT_LISTED',
  'NO_OWNER',
  'OWN_VENUE',
  'SLUG_TAKEN',
  'VENUE_HAS_BOOKINGS',
  // Bookings and tours
  'ALREADY_REQUESTED',
  'ARTIST_PROFILE',
  'CHANGE_ANSWERED',
  'CHANGE_OPEN',
  'DATE_IN_PAST',
  'DATE_NOT_OPEN',
  'DATE_TAKEN',
  'DATE_UNAVAILABLE',
  'DECIDED',
  'IDEMPOTENCY_MISMATCH',
  'MULTI_BOOKING_FAILED',
  'NOTHING_TO_HOLD',
  'NOTHING_SELECTED',
  'NOTHING_TO_RELEASE',
  'PLAN_CHANGED',
  'NOT_ACCEPTED',
  'NOT_CANCELLABLE',
  'NOT_PENDING',
  'NO_CHANGE',
  'OVER_CAPACITY',
  'SHOW_PASSED',
  'TOO_MANY_STOPS',
  // Hold challenges
  'ALREADY_CHALLENGED',
  'CHALLENGE_CLOSED',
  'HOLD_IS_FIRM',
  'NOTHING_TO_CHALLENGE',
  // Notification mail
  'INVALID_LINK',
  // Messaging
  'SELF_MESSAGE',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** The status text of a missing venue's 404: the error screen picks 'Venue Not Found' by it. */
export const VENUE_NOT_FOUND_STATUS = 'Venue Not Found'

// Marks every DomainError, so that one made by another copy of this module is known too: the
// server build bundles its own copy, beside the one server.ts (and the tests) import.
const DOMAIN_ERROR = Symbol.for('stagepass.DomainError')

type DomainErrorOptions = {
  status?: number
  code?: ErrorCode
  field?: string
  /** The HTTP status text of a page's answer: VENUE_NOT_FOUND_STATUS shows the venue's own screen. */
  statusText?: string
  /** A 429's Retry-After, in seconds: the JSON API sends it as the header. */
  retryAfterSeconds?: number
}

/**
 * A domain failure the caller can show: `field` ties it to a form field, `status` to an HTTP
 * answer, `code` to the API's error code and to what a page decides by.
 */
export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true
  constructor(
    message: string,
    readonly options: DomainErrorOptions = {},
  ) {
    super(message)
    this.name = 'DomainError'
  }
  get status() {
    return this.options.status ?? 400
  }
  get code(): ErrorCode {
    return this.options.code ?? 'BAD_REQUEST'
  }
  get field() {
    return this.options.field
  }
}

/** A DomainError from this module or another copy of it (where `instanceof` cannot tell). */
export function isDomainError(error: unknown): error is DomainError {
  return typeof error === 'object' && error !== null && (error as { [DOMAIN_ERROR]?: unknown })[DOMAIN_ERROR] === true
}

/** What a page or the API says while the database does not answer (a 503 with Retry-After). */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not answering. Please try again in a moment.'

/** The refusal of any loader or action while the database is out: the client should come back. */
export function databaseUnavailable(retryAfterSeconds: number) {
  return new DomainError(DATABASE_UNAVAILABLE_MESSAGE, { status: 503, code: 'DATABASE_UNAVAILABLE', retryAfterSeconds })
}
