import { todayIso } from '~/core/dates'
import { createHash } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { z } from 'zod'
import { db } from '~/db/client.server'
import { analyticsEvents, venues } from '~/db/schema'
import { ANALYTICS_EVENT_NAMES, type AnalyticsEventName } from '~/core/domain'
import { objectId, text } from '~/core/fields'
import { DomainError } from '~/core/errors'

// First-party analytics events, recorded by the server where they happen so the figures hold with
// JavaScript off; the browser's beacons are stored as 'client' and not counted
// (docs/decisions/010-first-party-analytics.md). In platform/ so any subject may record one.

/** An event's properties: at most 20 flat keys, the JSON at most 2 KB (the database checks too). */
const MAX_PROPERTIES_BYTES = 2048
/** The whole beacon body. */
const MAX_EVENT_BODY_BYTES = 4096

type Properties = Record<string, string | number | boolean | null>

export type EventInput = {
  name: AnalyticsEventName
  userId?: string | null
  venueId?: string | null
  anonId?: string | null
  properties?: Properties
  source?: 'server' | 'client'
  at?: Date
}

/**
 * A visit's anonymous id: a hash of IP, user agent and the UTC day. It groups one visitor's
 * events for the funnel without a cookie, and rotates daily, so nothing identifies a person.
 */
export function anonymousId(request: { headers: Pick<Headers, 'get'> }, ip: string | undefined, now = new Date()) {
  const agent = request.headers.get('User-Agent') ?? ''
  return createHash('sha256')
    .update(`${ip ?? 'unknown'}|${agent}|${todayIso(now)}`)
    .digest('hex')
    .slice(0, 24)
}

/** Keeps properties small: string values cut to 200 characters, the whole object within the cap. */
export function boundProperties(properties: Properties = {}): Properties {
  const out: Properties = {}
  for (const [key, value] of Object.entries(properties).slice(0, 20)) {
    out[key.slice(0, 40)] = typeof value === 'string' ? value.slice(0, 200) : value
  }
  return JSON.stringify(out).length <= MAX_PROPERTIES_BYTES ? out : {}
}

/**
 * Records one event. A failure to record never breaks the action that caused it (a booking must
 * not fail because its analytics row could not be written); it is logged as a warning.
 */
export async function recordEvent(input: EventInput) {
  try {
    await db.insert(analyticsEvents).values({
      name: input.name,
      source: input.source ?? 'server',
      userId: input.userId ?? null,
      venueId: input.venueId ?? null,
      anonId: input.anonId ?? null,
      properties: boundProperties(input.properties),
      ...(input.at ? { createdAt: input.at } : {}),
    })
  } catch (error) {
    console.warn('[analytics] could not record event', input.name, error instanceof Error ? error.message : error)
  }
}

// ---------------------------------------------------------------------------------------------
// The beacon endpoint's validation and rate limit.

const propertyValue = z.union([text({ max: 200, trim: false }), z.number().finite(), z.boolean(), z.null()])

export const beaconSchema = z
  .object({
    name: z.enum(ANALYTICS_EVENT_NAMES, { error: `name must be one of ${ANALYTICS_EVENT_NAMES.join(', ')}` }),
    venueId: objectId('venueId must be a venue id').optional(),
    properties: z
      .record(text({ max: 40, trim: false }), propertyValue)
      .refine((value) => Object.keys(value).length <= 20, 'At most 20 properties')
      .refine((value) => JSON.stringify(value).length <= MAX_PROPERTIES_BYTES, `Properties must be at most ${MAX_PROPERTIES_BYTES} bytes`)
      .optional(),
  })
  .strict()

/** A batch from the helper's queue, or a single event. */
export const beaconBodySchema = z.union([beaconSchema, z.object({ events: z.array(beaconSchema).min(1).max(20) }).strict()])

/** Reads the beacon body (sendBeacon posts text/plain), refusing oversized ones before parsing. */
export async function readBeacon(request: Request) {
  const declared = Number(request.headers.get('Content-Length') ?? '0')
  if (declared > MAX_EVENT_BODY_BYTES) throw tooLarge()
  const text = await request.text()
  if (Buffer.byteLength(text) > MAX_EVENT_BODY_BYTES) throw tooLarge()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new DomainError('Request body must be valid JSON', { status: 400, code: 'INVALID_JSON' })
  }
  const parsed = beaconBodySchema.safeParse(body)
  if (!parsed.success) throw parsed.error
  return 'events' in parsed.data ? parsed.data.events : [parsed.data]
}

function tooLarge() {
  return new DomainError(`Event payload must be at most ${MAX_EVENT_BODY_BYTES} bytes`, { status: 400, code: 'PAYLOAD_TOO_LARGE' })
}

/**
 * A fixed-window counter per key (user id, else IP), in memory. Unlike the login limiter (rows in
 * login_failures, shared by every instance), losing or splitting this count across instances
 * only lets a few more analytics beacons through, so a table write per beacon is not worth it.
 */
/** The browser's beacons, stored as source 'client'. A venue id that names no venue is dropped rather than failing the foreign key. */
export async function recordBeacons(events: Awaited<ReturnType<typeof readBeacon>>, who: { userId: string | null; anonId: string | null }) {
  const ids = [...new Set(events.flatMap((event) => (event.venueId ? [event.venueId] : [])))]
  const known = new Set(
    ids.length ? (await db.select({ id: venues.id }).from(venues).where(inArray(venues.id, ids))).map((row) => row.id) : [],
  )
  for (const event of events) {
    await recordEvent({
      name: event.name,
      venueId: event.venueId && known.has(event.venueId) ? event.venueId : null,
      properties: event.properties,
      ...who,
      source: 'client',
    })
  }
}

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>()
  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private maxKeys = 10_000,
  ) {}

  /** Takes `cost` from the key's window; false when that would go over the limit. */
  take(key: string, cost = 1, now = Date.now()) {
    let entry = this.windows.get(key)
    if (!entry || now - entry.start >= this.windowMs) {
      if (this.windows.size >= this.maxKeys) this.sweep(now)
      entry = { start: now, count: 0 }
      this.windows.set(key, entry)
    }
    if (entry.count + cost > this.limit) return false
    entry.count += cost
    return true
  }

  private sweep(now: number) {
    for (const [key, entry] of this.windows) if (now - entry.start >= this.windowMs) this.windows.delete(key)
    // Still full: drop the oldest keys rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break
      this.windows.delete(key)
    }
  }

  reset() {
    this.windows.clear()
  }
}

/**
 * 120 events a minute per user or IP: a page sends one or two, so only a script hammering the
 * endpoint hits it. Generous on purpose: visitors behind one NAT share an IP, and a refused beacon
 * shows as a console error in their browser.
 */
export const beaconLimiter = new RateLimiter(120, 60_000)
