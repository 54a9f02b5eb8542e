import { expect, test } from 'vitest'
import {
  bucketKey,
  bucketKeys,
  bucketLabel,
  customReportSchema,
  queryObject,
  readChoice,
  TIME_RANGES,
} from '~/features/analytics/analytics'

test('buckets are UTC; weeks start on Monday; a window lists every bucket it touches', () => {
  const sunday = new Date('2026-11-22T23:30:00Z')
  expect(bucketKey(sunday, 'week')).toBe('2026-11-16')
  expect(bucketKey(sunday, 'hour')).toBe('2026-11-22T23:00')
  expect(bucketKey(sunday, 'month')).toBe('2026-11-01')
  expect(bucketKeys(new Date('2026-11-21T10:15:00Z'), new Date('2026-11-22T10:15:00Z'), 'hour')).toHaveLength(25)
  expect(bucketKeys(new Date('2025-11-22T00:00:00Z'), new Date('2026-11-21T00:00:00Z'), 'month')).toHaveLength(13)
  expect(bucketLabel('2026-11-16', 'week')).toBe('Week of Nov 16')
  expect(bucketLabel('2026-11-22T23:00', 'hour')).toBe('23:00 Nov 22')
})

test('the report schema refuses unknown keys, values, and combinations the metric does not support', () => {
  expect(customReportSchema.parse({ metric: 'revenue', dimension: 'state', state: 'tx' })).toEqual({
    metric: 'revenue',
    dimension: 'state',
    range: '30d',
    state: 'TX',
  })
  for (const bad of [
    { metric: 'revenue', dimension: 'status' },
    { metric: 'bookings', dimension: 'day', status: 'answered' },
    { metric: 'inquiries', dimension: 'day', status: 'accepted' },
    { metric: 'signups', dimension: 'role', venueType: 'club' },
    { metric: 'events', dimension: 'day', limit: '5' },
    { metric: 'events', dimension: 'day', state: 'Texas' },
  ]) {
    expect(customReportSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
  }
})

test('query helpers: empty values are dropped, repeats kept for the schema to refuse, unknown choices flagged', () => {
  expect(queryObject(new URLSearchParams('a=1&b=&c=2&c=3&rt=7d'), ['rt'])).toEqual({ a: '1', c: ['2', '3'] })
  expect(readChoice(new URLSearchParams('timeRange=7d'), 'timeRange', TIME_RANGES, '30d')).toEqual({ value: '7d', invalid: false })
  expect(readChoice(new URLSearchParams('timeRange=2w'), 'timeRange', TIME_RANGES, '30d')).toEqual({ value: '30d', invalid: true })
  expect(readChoice(new URLSearchParams(''), 'timeRange', TIME_RANGES, '30d')).toEqual({ value: '30d', invalid: false })
})
