const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]
const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** '3 hours ago', 'yesterday', 'just now'; 'Unknown time' for an invalid date (docs/product.md §2). */
export function relativeTime(value: string | Date | null | undefined, now = Date.now()) {
  const time = value instanceof Date ? value.getTime() : value ? Date.parse(value) : NaN
  if (!Number.isFinite(time)) return 'Unknown time'
  const seconds = Math.round((time - now) / 1000)
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit)
  }
  return 'just now'
}
