// Analytics vocabulary shared by the API, the dashboards' GET forms and the browser helper.
// Nothing here touches the server; the queries are in the .server modules beside it, and events are
// recorded by app/platform/analytics-events.server.ts.
import { z } from 'zod'
import { text } from '../../core/fields'
import { MS_PER_DAY } from '../../core/dates'
import { ANALYTICS_EVENT_NAMES, BOOKING_STATUSES, INQUIRY_STATUSES, ROLES, VENUE_TYPES, type AnalyticsEventName } from '../../core/domain'

export const EVENT_LABELS: Record<AnalyticsEventName, string> = {
  search: 'Searches',
  venue_view: 'Venue views',
  venue_favorite: 'Saved to wishlist',
  venue_inquiry: 'Inquiries',
  venue_booking: 'Booking requests',
  user_registration: 'Sign-ups',
}

export type Unit = 'hour' | 'day' | 'week' | 'month' | 'year'

export const TIME_RANGES = ['24h', '7d', '30d', '90d', '1y'] as const
export type TimeRange = (typeof TIME_RANGES)[number]
export const TIME_RANGE_LABELS: Record<TimeRange, string> = {
  '24h': 'Last 24 hours',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '1y': 'Last 12 months',
}

/** A time range is a window ending now, drawn in buckets of `unit`. */
export const RANGE_SPEC: Record<TimeRange, { ms: number; unit: Unit }> = {
  '24h': { ms: MS_PER_DAY, unit: 'hour' },
  '7d': { ms: 7 * MS_PER_DAY, unit: 'day' },
  '30d': { ms: 30 * MS_PER_DAY, unit: 'day' },
  '90d': { ms: 90 * MS_PER_DAY, unit: 'week' },
  '1y': { ms: 365 * MS_PER_DAY, unit: 'month' },
}

export const PERIODS = ['day', 'week', 'month', 'year'] as const
export type Period = (typeof PERIODS)[number]
export const PERIOD_LABELS: Record<Period, string> = {
  day: 'Daily (30 days)',
  week: 'Weekly (12 weeks)',
  month: 'Monthly (12 months)',
  year: 'Yearly (5 years)',
}

/** A period is the bucket size; the window is as many buckets as make a readable chart. */
export const PERIOD_SPEC: Record<Period, { ms: number; unit: Unit }> = {
  day: { ms: 30 * MS_PER_DAY, unit: 'day' },
  week: { ms: 12 * 7 * MS_PER_DAY, unit: 'week' },
  month: { ms: 365 * MS_PER_DAY, unit: 'month' },
  year: { ms: 5 * 365 * MS_PER_DAY, unit: 'year' },
}

const rangeMessage = `timeRange must be one of ${TIME_RANGES.join(', ')}`
const periodMessage = `period must be one of ${PERIODS.join(', ')}`
export const timeRangeSchema = z.enum(TIME_RANGES, { error: rangeMessage })
export const periodSchema = z.enum(PERIODS, { error: periodMessage })

// ---------------------------------------------------------------------------------------------
// The custom report: a metric measured over a dimension, in a range, with optional filters.

export const REPORT_METRICS = ['events', 'views', 'searches', 'bookings', 'revenue', 'inquiries', 'signups'] as const
export type ReportMetric = (typeof REPORT_METRICS)[number]
export const REPORT_METRIC_LABELS: Record<ReportMetric, string> = {
  events: 'Events (all kinds)',
  views: 'Venue views',
  searches: 'Searches',
  bookings: 'Booking requests',
  revenue: 'Revenue (accepted, $)',
  inquiries: 'Inquiries',
  signups: 'Sign-ups',
}

export const REPORT_DIMENSIONS = ['day', 'week', 'month', 'venue', 'city', 'state', 'venueType', 'eventName', 'status', 'role'] as const
export type ReportDimension = (typeof REPORT_DIMENSIONS)[number]
export const REPORT_DIMENSION_LABELS: Record<ReportDimension, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  venue: 'Venue',
  city: 'City',
  state: 'State',
  venueType: 'Venue type',
  eventName: 'Event name',
  status: 'Status',
  role: 'Role',
}

export const REPORT_FILTERS = ['status', 'state', 'venueType', 'eventName', 'role'] as const
export type ReportFilter = (typeof REPORT_FILTERS)[number]

const TIME_DIMENSIONS: ReportDimension[] = ['day', 'week', 'month']
const VENUE_DIMENSIONS: ReportDimension[] = ['venue', 'city', 'state', 'venueType']

/** Which dimensions and filters each metric supports; anything else is a 400. */
export const REPORT_SUPPORT: Record<ReportMetric, { dimensions: ReportDimension[]; filters: ReportFilter[] }> = {
  events: { dimensions: [...TIME_DIMENSIONS, ...VENUE_DIMENSIONS, 'eventName'], filters: ['eventName', 'state', 'venueType'] },
  views: { dimensions: [...TIME_DIMENSIONS, ...VENUE_DIMENSIONS], filters: ['state', 'venueType'] },
  searches: { dimensions: TIME_DIMENSIONS, filters: [] },
  bookings: { dimensions: [...TIME_DIMENSIONS, ...VENUE_DIMENSIONS, 'status'], filters: ['status', 'state', 'venueType'] },
  revenue: { dimensions: [...TIME_DIMENSIONS, ...VENUE_DIMENSIONS], filters: ['state', 'venueType'] },
  inquiries: { dimensions: [...TIME_DIMENSIONS, ...VENUE_DIMENSIONS, 'status'], filters: ['status', 'state', 'venueType'] },
  signups: { dimensions: [...TIME_DIMENSIONS, 'role'], filters: ['role'] },
}

/** The statuses a report may filter by: bookings' and inquiries'. */
export const REPORT_STATUSES = [...new Set([...BOOKING_STATUSES, ...INQUIRY_STATUSES])] as [string, ...string[]]

export const customReportSchema = z
  .object({
    metric: z.enum(REPORT_METRICS, { error: `metric must be one of ${REPORT_METRICS.join(', ')}` }),
    dimension: z.enum(REPORT_DIMENSIONS, { error: `dimension must be one of ${REPORT_DIMENSIONS.join(', ')}` }),
    range: timeRangeSchema.default('30d'),
    status: z.enum(REPORT_STATUSES, { error: 'Unknown status' }).optional(),
    state: text({ max: 2, tooLong: 'state must be a two-letter state code' })
      .regex(/^[A-Za-z]{2}$/, 'state must be a two-letter state code')
      .transform((s) => s.toUpperCase())
      .optional(),
    venueType: z.enum(VENUE_TYPES, { error: 'Unknown venue type' }).optional(),
    eventName: z.enum(ANALYTICS_EVENT_NAMES, { error: 'Unknown event name' }).optional(),
    role: z.enum(ROLES, { error: 'Unknown role' }).optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const support = REPORT_SUPPORT[value.metric]
    if (!support.dimensions.includes(value.dimension)) {
      ctx.addIssue({
        code: 'custom',
        path: ['dimension'],
        message: `${value.metric} cannot be broken down by ${value.dimension}; use one of ${support.dimensions.join(', ')}`,
      })
    }
    for (const filter of REPORT_FILTERS) {
      if (value[filter] !== undefined && !support.filters.includes(filter)) {
        ctx.addIssue({ code: 'custom', path: [filter], message: `${value.metric} cannot be filtered by ${filter}` })
      }
    }
    if (value.status) {
      const allowed: readonly string[] = value.metric === 'inquiries' ? INQUIRY_STATUSES : BOOKING_STATUSES
      if (!allowed.includes(value.status))
        ctx.addIssue({ code: 'custom', path: ['status'], message: `status for ${value.metric} must be one of ${allowed.join(', ')}` })
    }
  })
export type CustomReportParams = z.infer<typeof customReportSchema>

/**
 * Reads a query string into a plain object for a schema: empty values are dropped (a GET form
 * sends every field), a repeated key is kept as an array so the schema rejects it.
 */
export function queryObject(params: URLSearchParams, drop: string[] = []) {
  const out: Record<string, string | string[]> = {}
  for (const key of new Set(params.keys())) {
    if (drop.includes(key)) continue
    const values = params.getAll(key).filter((v) => v !== '')
    if (values.length === 0) continue
    out[key] = values.length === 1 ? values[0]! : values
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Buckets. The SQL side truncates in UTC with the same units; keys are 'YYYY-MM-DD' (hours
// 'YYYY-MM-DDTHH:00'), so the series of a window can be filled with zeros where nothing happened.

export function truncate(date: Date, unit: Unit) {
  const d = new Date(date.getTime())
  switch (unit) {
    case 'hour':
      d.setUTCMinutes(0, 0, 0)
      return d
    case 'day':
      d.setUTCHours(0, 0, 0, 0)
      return d
    case 'week': {
      d.setUTCHours(0, 0, 0, 0)
      d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7))
      return d
    }
    case 'month':
      return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1))
    case 'year':
      return new Date(Date.UTC(d.getUTCFullYear(), 0, 1))
  }
}

function step(date: Date, unit: Unit) {
  const d = new Date(date.getTime())
  if (unit === 'hour') d.setUTCHours(d.getUTCHours() + 1)
  else if (unit === 'day') d.setUTCDate(d.getUTCDate() + 1)
  else if (unit === 'week') d.setUTCDate(d.getUTCDate() + 7)
  else if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + 1)
  else d.setUTCFullYear(d.getUTCFullYear() + 1)
  return d
}

export function bucketKey(date: Date, unit: Unit) {
  const iso = truncate(date, unit).toISOString()
  return unit === 'hour' ? `${iso.slice(0, 13)}:00` : iso.slice(0, 10)
}

/** The keys of every bucket from `from` to `to`, oldest first. */
export function bucketKeys(from: Date, to: Date, unit: Unit) {
  const keys: string[] = []
  for (let t = truncate(from, unit); t.getTime() <= to.getTime(); t = step(t, unit)) keys.push(bucketKey(t, unit))
  return keys
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

export function bucketLabel(key: string, unit: Unit) {
  const month = MONTHS[Number(key.slice(5, 7)) - 1]
  const day = Number(key.slice(8, 10))
  switch (unit) {
    case 'hour':
      return `${key.slice(11, 16)} ${month} ${day}`
    case 'day':
      return `${month} ${day}`
    case 'week':
      return `Week of ${month} ${day}`
    case 'month':
      return `${month} ${key.slice(0, 4)}`
    case 'year':
      return key.slice(0, 4)
  }
}

export type SeriesPoint = { key: string; label: string; value: number }

/** A page's range/period query parameter: the value, or the fallback and `invalid` (the page answers 400). */
export function readChoice<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], fallback: T) {
  const raw = params.get(name)
  if (raw === null || raw === '') return { value: fallback, invalid: false }
  return (allowed as readonly string[]).includes(raw) ? { value: raw as T, invalid: false } : { value: fallback, invalid: true }
}
