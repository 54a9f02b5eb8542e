// Today's date on its own, for pages that need nothing else of app/core/dates.ts (the search form's
// date picker): a shared module becomes a chunk of its own, and the whole date module would cost
// those pages part of their JavaScript budget (docs/benchmarks.md).

/** Today's date in UTC: what the server means by "today" (bookings, holds, analytics). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10)
}
