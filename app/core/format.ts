// The one way the product writes numbers, dates and times (docs/product.md, "Plain language:
// dates, times and plurals"). Calendar dates are nights, formatted in UTC so no zone moves them,
// and nothing reads the runtime's zone, so server and browser write the same text. Client-safe.

import { lookupTable } from './lookup'

export { relativeTime } from './relative-time'

const count = new Intl.NumberFormat('en-US')
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
const weekdayDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })
const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

export function formatCount(value: number) {
  return count.format(value)
}

type Instant = Date | string | number

function toDate(value: Instant) {
  return value instanceof Date ? value : new Date(value)
}

/** A calendar date '2026-12-05', or any instant (then its UTC day): 'Dec 5, 2026'. */
export function formatDate(value: Instant) {
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : toDate(value)
  return Number.isFinite(date.getTime()) ? shortDate.format(date) : 'Unknown date'
}

/** 'Sat, Dec 5' for '2026-12-05' (lists of nights within a season, where the year is plain). */
export function formatDayOfWeek(iso: string) {
  return weekdayDate.format(new Date(`${iso}T12:00:00Z`))
}

/** 'December 2026' for '2026-12' or '2026-12-05'. */
export function formatMonth(isoMonth: string) {
  return monthYear.format(new Date(`${isoMonth.slice(0, 7)}-01T12:00:00Z`))
}

/**
 * A moment, 'Nov 29, 2026, 3:00 PM CST', in `timeZone` (an IANA name; see timeZoneForState) or,
 * without one, in UTC ('Nov 29, 2026, 3:00 PM UTC').
 */
export function formatDateTime(value: Instant, timeZone = 'UTC') {
  const date = toDate(value)
  if (!Number.isFinite(date.getTime())) return 'Unknown time'
  let format = dateTimeFormats.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone,
      timeZoneName: 'short',
    })
    // A handful of zones at most (one per state); the bound keeps a bad caller from growing it.
    if (dateTimeFormats.size < 64) dateTimeFormats.set(timeZone, format)
  }
  return format.format(date)
}

// The zone most of each state's people live in (a venue row has a state, not a zone).
const STATE_TIME_ZONES = lookupTable<string>({
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
  PR: 'America/Puerto_Rico',
})

/** The venue's time zone from its state code ('TN' → 'America/Chicago'); UTC when unknown. */
export function timeZoneForState(stateCode: string | null | undefined) {
  return (stateCode && STATE_TIME_ZONES[stateCode.toUpperCase()]) || 'UTC'
}
