// Hostile values for the route fuzz (tests/integration/route-fuzz.test.ts and
// hostile-dates.test.ts): dates over the whole ISO range and beyond, control characters, long
// strings, case and percent-encoding variants of paths; a watch on the event loop; and a tally of
// what the suites sent and how many answers were 5xx, printed at the end of each file.
import { monitorEventLoopDelay } from 'node:perf_hooks'
import fc from 'fast-check'
import { addDays, todayIso } from '~/core/dates'

const pad = (n: number, width: number) => String(n).padStart(width, '0')

/** Dates no calendar check should let through, or edge cases it must get right. */
export const EDGE_DATES = [
  '9999-12-31',
  '9999-12-30',
  '0000-01-01',
  '0001-01-01',
  '1969-12-31',
  '1970-01-01',
  '+010000-01-01',
  '+275760-09-13',
  '275760-09-13',
  '-271821-04-20',
  '-000001-01-01',
  '2028-02-29',
  '2027-02-29',
  '2100-02-29',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '2026-03-01T00:00:00+14:00',
  '2026-03-01T00:00:00-12:00',
  '2026-03-01T23:59:59.999Z',
  '2026-03-01Z',
  ' 2027-03-01 ',
  '2027-03-01\u0000',
  '2027-03-01\n2027-03-02',
  '２０２７-０３-０１',
  '1e309',
  'NaN',
  '',
]

/**
 * Any date from years 0000 to 9999 (months 0-13, days 0-32: invalid ones too), the edges above,
 * the horizon's edges (a year back, three years ahead, a day either side), and the same with a
 * time and a zone after them.
 */
export const hostileDate: fc.Arbitrary<string> = (() => {
  const anyYear = fc
    .record({ y: fc.integer({ min: 0, max: 9999 }), m: fc.integer({ min: 0, max: 13 }), d: fc.integer({ min: 0, max: 32 }) })
    .map(({ y, m, d }) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`)
  const nearHorizon = fc.integer({ min: -400, max: 3 * 365 + 40 }).map((n) => addDays(todayIso(), n))
  const zone = fc.constantFrom('T00:00:00+14:00', 'T23:59:59-12:00', 'T12:00:00Z', 'Z', '+01:00')
  const base = fc.oneof(anyYear, fc.constantFrom(...EDGE_DATES), nearHorizon)
  return fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.tuple(base, zone).map(([d, z]) => d + z) })
})()

/** A month parameter (YYYY-MM) over the same range. */
export const hostileMonth: fc.Arbitrary<string> = fc.oneof(
  fc.record({ y: fc.integer({ min: 0, max: 9999 }), m: fc.integer({ min: 0, max: 13 }) }).map(({ y, m }) => `${pad(y, 4)}-${pad(m, 2)}`),
  fc.constantFrom('+010000-01', '275760-09', '9999-12', '0000-01', todayIso().slice(0, 7)),
)

/** Control characters a name or text must never carry into a mail, a header or the database. */
export const CONTROL_CHARACTERS = ['\u0000', '\r', '\n', '\r\n', '\u000b', '\u000c', '\u001b', '\u007f', '\u0008']

/** A string with a control character somewhere in it (NUL most often: PostgreSQL refuses it). */
export const withControl: fc.Arbitrary<string> = fc
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.oneof({ weight: 3, arbitrary: fc.constant('\u0000') }, { weight: 2, arbitrary: fc.constantFrom(...CONTROL_CHARACTERS) }),
    fc.string({ maxLength: 20 }),
  )
  .map(([a, c, b]) => `${a}${c}${b}`)

/** Long strings: past every field's maximum, up to a megabyte (built, not generated, to stay fast). */
export const longString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom(101, 257, 2_001, 5_001, 100_001, 1_000_000), fc.constantFrom('x', 'é', '😀', '=1+1', ' '))
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)))

/** The same path as Remix routes it: other cases, percent-encoded letters, doubled slashes. */
export function pathVariants(path: string): string[] {
  const encode = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  return [
    path.toUpperCase(),
    path.replace(/\/([a-z])/g, (_m, c: string) => `/${c.toUpperCase()}`),
    path.replace(/\/([a-z])/, (_m, c: string) => `/${encode(c)}`),
    path.replace(/\/([a-z])/g, (_m, c: string) => `/${encode(c.toUpperCase())}`),
    path.replace(/\//g, '//'),
    `${path}/`,
  ].filter((variant) => variant !== path)
}

/**
 * The longest the event loop may go without a turn during a fuzz run. A runaway date walk never
 * ends (the file hangs until Vitest's timeout fails it) or runs for many seconds; an honest
 * request's queries run in the database's own process and block nothing here, so the limit leaves
 * room for a loaded CI machine.
 */
export const STALL_LIMIT_MS = 5000

/**
 * Watches the event loop while the fuzz runs: a heartbeat timer that must keep firing, and Node's
 * event-loop delay histogram. One request that loops (a date walk past 9999-12-31) or computes for
 * seconds shows as a long gap; a loop that never ends hangs the file until Vitest's timeout fails it.
 */
export function watchEventLoop(intervalMs = 20) {
  const histogram = monitorEventLoopDelay({ resolution: 10 })
  histogram.enable()
  let last = performance.now()
  let longestGapMs = 0
  let beats = 0
  const timer = setInterval(() => {
    const now = performance.now()
    longestGapMs = Math.max(longestGapMs, now - last)
    last = now
    beats += 1
  }, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      histogram.disable()
      longestGapMs = Math.max(longestGapMs, performance.now() - last)
      return { beats, longestGapMs: Math.round(longestGapMs), maxDelayMs: Math.round(histogram.max / 1e6) }
    },
  }
}

/** What a fuzz file sent and how the app answered, printed once at the end ("[fuzz] ..."). */
export class FuzzTally {
  sent = 0
  serverErrors = 0
  readonly byStatus = new Map<number, number>()
  constructor(readonly label: string) {}

  count(status: number) {
    this.sent += 1
    if (status >= 500) this.serverErrors += 1
    this.byStatus.set(status, (this.byStatus.get(status) ?? 0) + 1)
  }

  summary() {
    const statuses = [...this.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`)
    return `[fuzz] ${this.label}: ${this.sent} hostile requests, ${this.serverErrors} answered 5xx (${statuses.join(', ')})`
  }
}
