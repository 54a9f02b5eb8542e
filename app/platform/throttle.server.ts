import { and, eq, gt, lt, sql } from 'drizzle-orm'
import { db } from '~/db/client.server'
import { throttleEvents } from '~/db/schema'
import { DomainError } from '~/core/errors'

// The one throttle for what a person can repeat (sign-ins, sign-ups, mails, messages), kept as
// rows so a limit holds across every instance. Limits per account and address, per account and
// per address are separate, so neither a stranger nor a shared network can lock an owner out.
// The analytics beacon's window is not here: a table write per beacon would cost more than it saves.

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0]

export type ThrottleAction =
  | 'login'
  | 'signup'
  | 'password-reset'
  | 'inquiry'
  | 'contact'
  | 'conversation'
  | 'booking-request'
  | 'booking-cancel'
  | 'calendar-subscribe'
  | 'claim'

export type ThrottleRule = {
  windowMs: number
  /** Attempts for one account from one address. */
  perAccountAddress?: number
  /** Attempts for one account from anywhere. */
  perAccount?: number
  /** Attempts from one address, for any account. */
  perAddress?: number
  message: string
  /** The message goes on with how long to wait ('… 5 minutes and try again.'). */
  saysWhen?: true
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const TRY_LATER = 'Too many attempts. Please try again later.'

export const THROTTLES: Record<ThrottleAction, ThrottleRule> = {
  // Five wrong passwords for one account from one address; thirty from one address over any
  // accounts. The owner on another address still signs in.
  login: { windowMs: 15 * MINUTE, perAccountAddress: 5, perAddress: 30, message: 'Too many failed attempts. Please try again later.' },
  signup: { windowMs: HOUR, perAccount: 3, perAddress: 10, message: 'Too many sign-ups from here. Please try again later.' },
  // Three mails an hour to one address at most, and ten asked for from one network.
  'password-reset': { windowMs: HOUR, perAccount: 3, perAddress: 10, message: 'Too many reset requests. Please try again later.' },
  inquiry: {
    windowMs: HOUR,
    perAccount: 20,
    perAddress: 50,
    message: 'You have asked many questions in the last hour. Please try again later.',
  },
  contact: {
    windowMs: HOUR,
    perAccount: 5,
    perAddress: 20,
    message: 'You have sent several messages in the last hour. Please try again later.',
  },
  conversation: { windowMs: HOUR, perAccount: 30, perAddress: 60, message: TRY_LATER },
  // What mails someone else (docs/security.md, "Mails to others"): the account is the sender and
  // the recipient together (an organizer and a venue), so one sender cannot flood one owner, and
  // from one address over every venue. Five requests, or five cancellations, at one venue in an
  // hour are more than booking needs.
  'booking-request': {
    windowMs: HOUR,
    perAccount: 5,
    perAddress: 60,
    message: 'You have sent this venue several booking requests in the last hour. To spare its owner a flood of mail, please wait',
    saysWhen: true,
  },
  'booking-cancel': {
    windowMs: HOUR,
    perAccount: 5,
    perAddress: 60,
    message: 'You have cancelled several booking requests at this venue in the last hour. To spare its owner a flood of mail, please wait',
    saysWhen: true,
  },
  // Each press fetches the feed (up to 2 MB): per venue, whoever presses.
  'calendar-subscribe': {
    windowMs: HOUR,
    perAccount: 10,
    message: 'This venue’s calendar was subscribed or synced several times in the last hour. Please wait',
    saysWhen: true,
  },
  // A claim mails every admin.
  claim: {
    windowMs: HOUR,
    perAccount: 5,
    perAddress: 20,
    message: 'You have sent several claims in the last hour. Please wait',
    saysWhen: true,
  },
}

/** A rule's message, with when to try again for the rules that say when. */
function refusalMessage(rule: ThrottleRule, retryAfterSeconds: number) {
  if (!rule.saysWhen) return rule.message
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
  return `${rule.message} ${minutes === 1 ? 'a minute' : `${minutes} minutes`} and try again.`
}

/**
 * Who an attempt is for and from. `account` is an email (lower case) or a user id; `ip` is the
 * client address the server resolved (context.ip); without one (a call from a script or a job)
 * only the account's limit applies.
 */
export type Attempt = { account: string; ip?: string | null }

/**
 * The machine itself: a developer, the end-to-end tests, or a reverse proxy whose forwarded
 * addresses are not trusted (TRUST_PROXY unset). Its address stands for everyone, so it has no
 * per-address limit (one stranger would lock out every user); the per-account limits still hold.
 */
export function isLoopbackAddress(ip: string) {
  return ip === '::1' || ip === 'localhost' || /^(::ffff:)?127\./.test(ip)
}

function windowStart(rule: ThrottleRule, now: Date) {
  return new Date(now.getTime() - rule.windowMs)
}

/** The attempts in the window: for the account from this address, for the account, from the address. */
export async function attemptCounts(
  action: ThrottleAction,
  { account, ip }: Attempt,
  now = new Date(),
  reader: Pick<typeof db, 'select'> = db,
) {
  const since = windowStart(THROTTLES[action], now)
  const [byAccount] = await reader
    .select({
      account: sql<number>`count(*)::int`,
      pair: sql<number>`count(*) filter (where ${throttleEvents.ip} = ${ip ?? ''})::int`,
    })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.action, action), eq(throttleEvents.account, account), gt(throttleEvents.createdAt, since)))
  const [byAddress] = ip
    ? await reader
        .select({ n: sql<number>`count(*)::int` })
        .from(throttleEvents)
        .where(and(eq(throttleEvents.action, action), eq(throttleEvents.ip, ip), gt(throttleEvents.createdAt, since)))
    : [{ n: 0 }]
  return { pair: ip ? (byAccount?.pair ?? 0) : 0, account: byAccount?.account ?? 0, address: byAddress?.n ?? 0 }
}

/** Whether another attempt would go over one of the rule's limits. */
export async function isThrottled(action: ThrottleAction, attempt: Attempt, now = new Date(), reader: Pick<typeof db, 'select'> = db) {
  const rule = THROTTLES[action]
  const counts = await attemptCounts(action, attempt, now, reader)
  return (
    (rule.perAccountAddress !== undefined && counts.pair >= rule.perAccountAddress) ||
    (rule.perAccount !== undefined && counts.account >= rule.perAccount) ||
    (rule.perAddress !== undefined && Boolean(attempt.ip) && !isLoopbackAddress(attempt.ip!) && counts.address >= rule.perAddress)
  )
}

/** Counts one attempt. Now and then, rows older than a day go (no limit looks back that far). */
export async function recordAttempt(action: ThrottleAction, { account, ip }: Attempt, now = new Date()) {
  await db.insert(throttleEvents).values({ action, account, ip: ip ?? '', createdAt: now })
  if (Math.random() < 0.01) await db.delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(now.getTime() - 24 * HOUR)))
}

export function throttledError(action: ThrottleAction, retryAfterSeconds = THROTTLES[action].windowMs / 1000) {
  return new DomainError(refusalMessage(THROTTLES[action], retryAfterSeconds), {
    status: 429,
    code: 'TOO_MANY_ATTEMPTS',
    retryAfterSeconds: Math.ceil(retryAfterSeconds),
  })
}

/** Seconds until the account's oldest attempt in the window leaves it (the window, at most). */
async function secondsUntilRoom(action: ThrottleAction, { account }: Attempt, now: Date, reader: Pick<typeof db, 'select'>) {
  const rule = THROTTLES[action]
  const [row] = await reader
    .select({ oldest: sql<string | null>`min(${throttleEvents.createdAt})` })
    .from(throttleEvents)
    .where(
      and(eq(throttleEvents.action, action), eq(throttleEvents.account, account), gt(throttleEvents.createdAt, windowStart(rule, now))),
    )
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime()
  return Math.max(1, Math.min(rule.windowMs, oldest + rule.windowMs - now.getTime()) / 1000)
}

/**
 * Refuses with a 429 over the limit, else counts this attempt, under advisory locks on the account
 * and address so attempts at once cannot all pass one count. Given `within`, the attempt counts
 * only if that transaction commits: a refused booking mails nobody.
 */
export async function takeAttempt(action: ThrottleAction, attempt: Attempt, now = new Date(), within?: Tx) {
  const take = async (tx: Tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`throttle:${action}`}), hashtext(${attempt.account}))`)
    if (attempt.ip) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`throttle-ip:${action}`}), hashtext(${attempt.ip}))`)
    if (await isThrottled(action, attempt, now, tx)) throw throttledError(action, await secondsUntilRoom(action, attempt, now, tx))
    await tx.insert(throttleEvents).values({ action, account: attempt.account, ip: attempt.ip ?? '', createdAt: now })
  }
  await (within ? take(within) : db.transaction(take))
  // Inside the caller's transaction, on its connection: the embedded database runs one transaction at a time.
  if (Math.random() < 0.01)
    await (within ?? db).delete(throttleEvents).where(lt(throttleEvents.createdAt, new Date(now.getTime() - 24 * HOUR)))
}

/**
 * Forgets an account's attempts: from one address (a successful sign-in there), or from
 * everywhere (a password reset, which proved the owner).
 */
export async function clearAttempts(action: ThrottleAction, account: string, ip?: string) {
  await db
    .delete(throttleEvents)
    .where(
      and(eq(throttleEvents.action, action), eq(throttleEvents.account, account), ip === undefined ? undefined : eq(throttleEvents.ip, ip)),
    )
}
