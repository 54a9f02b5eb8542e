// Every decode of a user's file answers a 4xx with a message, never a 5xx (docs/security-input.md,
// 'Files'): damaged and truncated JPEG, PNG and WebP files through the real upload routes (the
// profile picture, a venue photo, an artist's photo) on the whole server, and damaged calendar
// files through the feed path. The header check passed such a PNG, and the decode after it
// answered 500 'vipspng: libpng read error'. The suite prints what it sent and the 5xx it saw.
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest'
import { db } from '~/db/client.server'
import { throttleEvents } from '~/db/schema'
import { createArtistProfile } from '~/features/artists/artist-profiles.server'
import { subscribeVenueCalendar } from '~/features/calendars/calendar-sync.server'
import { startAppServer, type AppServer } from '../support/app-server'
import { useTempDataDir } from '../support/data-dir'
import { useTestDatabase } from '../support/db'
import { listen } from '../support/sockets'
import type { TestAccount } from '../support/users'
import { createTestVenue } from '../support/venues'

useTestDatabase()
useTempDataDir('upload-fuzz')

let server: AppServer
let owner: TestAccount
let venueId: string
let artistId: string
const originals: Record<string, Buffer> = {}

beforeAll(async () => {
  server = await startAppServer()
  const made = await createTestVenue()
  owner = made.owner!
  venueId = made.venue.id
  artistId = (await createArtistProfile(owner.user, { name: 'Fuzz Band' })).id
  // Noise, so each format's compressed data is long enough to damage in the middle.
  const raw = Buffer.from(Array.from({ length: 96 * 64 * 3 }, (_, i) => (i * 7919) % 251))
  const image = () => sharp(raw, { raw: { width: 96, height: 64, channels: 3 } })
  originals.jpeg = await image().jpeg().toBuffer()
  originals.png = await image().png().toBuffer()
  originals.webp = await image().webp().toBuffer()
}, 120_000)

afterAll(async () => {
  await server?.close()
})

/** The upload forms: path, intent, the file field. */
const ROUTES = [
  { name: 'profile picture', path: () => '/profile', intent: 'picture', field: 'picture' },
  { name: 'venue photo', path: () => `/venues/${venueId}/edit`, intent: 'upload-photo', field: 'photo' },
  { name: 'artist photo', path: () => `/artist-profiles/edit/${artistId}`, intent: 'photo', field: 'photo' },
] as const

/** A damaged copy: cut short, bytes overwritten, a run zeroed, or a run repeated, all after the first 32 bytes (the header stays). */
const damage = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0.05, max: 0.98, noNaN: true }) }),
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.double({ min: 0.1, max: 0.95, noNaN: true }),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 64 }),
  }),
  fc.record({
    kind: fc.constant('zero' as const),
    at: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
    length: fc.integer({ min: 1, max: 400 }),
  }),
  fc.record({
    kind: fc.constant('repeat' as const),
    at: fc.double({ min: 0.1, max: 0.9, noNaN: true }),
    length: fc.integer({ min: 1, max: 200 }),
  }),
)
type Damage = typeof damage extends fc.Arbitrary<infer T> ? T : never

function damaged(original: Buffer, how: Damage) {
  const at = Math.max(32, Math.floor(original.length * how.at))
  switch (how.kind) {
    case 'truncate':
      return original.subarray(0, at)
    case 'flip': {
      const copy = Buffer.from(original)
      copy.set(how.bytes.subarray(0, Math.max(0, copy.length - at)), Math.min(at, copy.length))
      return copy
    }
    case 'zero': {
      const copy = Buffer.from(original)
      copy.fill(0, at, Math.min(copy.length, at + how.length))
      return copy
    }
    case 'repeat':
      return Buffer.concat([original.subarray(0, at), original.subarray(at - Math.min(at, how.length), at), original.subarray(at)])
  }
}

async function upload(route: (typeof ROUTES)[number], file: Buffer, type: string) {
  const body = new FormData()
  body.set('intent', route.intent)
  body.set(route.field, new Blob([new Uint8Array(file)], { type: `image/${type}` }), `upload.${type}`)
  const response = await fetch(`${server.origin}${route.path()}`, {
    method: 'POST',
    body,
    headers: { Cookie: owner.cookie },
    redirect: 'manual',
  })
  return { status: response.status, text: await response.text() }
}

describe('damaged uploads', () => {
  test('a PNG with a valid header and damaged pixel data is a 422 that says so, on every upload route', async () => {
    const png = Buffer.from(originals.png!)
    // Past the IHDR chunk, inside the IDAT data: the header check still reads a PNG.
    const data = png.indexOf('IDAT') + 4
    png.fill(0xff, data + 8, data + 400)
    expect((await sharp(png).metadata()).format).toBe('png')
    for (const route of ROUTES) {
      const answer = await upload(route, png, 'png')
      expect(answer.status, route.name).toBe(422)
      expect(answer.text, route.name).toContain('This image could not be read: it may be damaged or cut short.')
    }
  })

  test(
    'damaged and truncated JPEG, PNG and WebP files: every answer is a 4xx or a success, never a 5xx (fuzz)',
    { timeout: 240_000 },
    async () => {
      const statuses: Record<string, number> = {}
      let sent = 0
      let failures = 0
      onTestFinished(() =>
        console.log(`upload fuzz: ${sent} damaged files sent, ${failures} answered 5xx, statuses ${JSON.stringify(statuses)}`),
      )
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...ROUTES), fc.constantFrom('jpeg', 'png', 'webp'), damage, async (route, type, how) => {
          const answer = await upload(route, damaged(originals[type]!, how), type)
          sent += 1
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
          if (answer.status >= 500) failures += 1
          expect(answer.status, `${route.name} ${type} ${JSON.stringify(how)}`).toBeLessThan(500)
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 90) },
      )
      expect(failures).toBe(0)
    },
  )
})

describe('damaged calendar files', () => {
  test('truncated and damaged feeds are refused in words or read, never thrown', { timeout: 120_000 }, async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const fair = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'BEGIN:VEVENT',
      'UID:a@x',
      'DTSTART;VALUE=DATE:20270105',
      'DTEND;VALUE=DATE:20270107',
      'RRULE:FREQ=WEEKLY;COUNT=10',
      'EXDATE;VALUE=DATE:20270112',
      'END:VEVENT',
      'BEGIN:VEVENT',
      'UID:b@x',
      'DTSTART;TZID=Europe/Paris:20270301T200000',
      'DURATION:PT3H',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n')
    let body = fair
    const feeds = await listen((_req, res) => res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(body))
    process.env.CALENDAR_FETCH_ALLOW_PRIVATE = 'true'
    globalThis.__stagepassEnv = undefined
    const outcomes = { read: 0, refused: 0 }
    try {
      await fc.assert(
        fc.asyncProperty(fc.double({ min: 0.02, max: 0.98, noNaN: true }), fc.string({ maxLength: 12 }), async (at, noise) => {
          const cut = Math.floor(fair.length * at)
          body = noise.length % 2 ? fair.slice(0, cut) : `${fair.slice(0, cut)}${noise}${fair.slice(cut + noise.length)}`
          // Twelve subscriptions in a row would meet the per-venue throttle (docs/security.md), which
          // is not what this test is about.
          await db.delete(throttleEvents)
          const outcome = await subscribeVenueCalendar(owner.user, venueId, `${feeds.origin}/feed.ics`)
          outcomes[outcome.ok ? 'read' : 'refused'] += 1
          if (!outcome.ok) expect(outcome.error.length).toBeGreaterThan(10)
        }),
        { numRuns: 12 },
      )
    } finally {
      console.log(`calendar fuzz: ${outcomes.read + outcomes.refused} damaged feeds sent, ${JSON.stringify(outcomes)}, 0 thrown`)
      warn.mockRestore()
      await feeds.close()
      delete process.env.CALENDAR_FETCH_ALLOW_PRIVATE
      globalThis.__stagepassEnv = undefined
    }
  })
})
