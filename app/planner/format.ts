// How the planner writes days and money: 'Thu, Mar 4', '$1,200'. Calendar dates are nights, not
// instants, so they are formatted in UTC and no time zone moves them. The engine's messages and the
// planner pages share these; they live here, not in lib/format, so the planner pages do not load
// the search pages' formatting chunk for two functions.
const dayOfWeek = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })

export function formatDay(iso: string): string {
  return dayOfWeek.format(new Date(`${iso}T12:00:00Z`))
}

// Money is written by the one formatter of app/core/money.ts (a negative sum as '-$1,200').
export { formatUsd } from '~/core/money'
