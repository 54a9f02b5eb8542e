const count = new Intl.NumberFormat('en-US')
// Calendar dates (yyyy-mm-dd) are nights, not instants: formatted in UTC so no time zone moves them.
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })

export function formatCount(value: number) {
  return count.format(value)
}

/** 'Dec 5, 2026' for '2026-12-05'. */
export function formatDate(iso: string) {
  return shortDate.format(new Date(`${iso}T00:00:00Z`))
}
