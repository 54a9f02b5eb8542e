import { parseWithZod } from '@conform-to/zod/v4'
import { calendarEditSchema, daysInMonth, describeCalendarChange, parseMonth } from '~/lib/calendar-editor'
import { availabilityPreview } from './availability.server'
import { setCalendarDays } from './calendar.server'
import { DomainError } from '~/lib/errors'
import { type Actor } from './policy.server'

// Server halves of <CalendarEditor>, for the route that mounts it (the owner's venue editor):
//   loader: `await calendarEditorData(venue.id, url.searchParams.get('month'))`
//   action: on intent 'calendar', `return calendarEditorAction(user, venue.id, formData)`

export async function calendarEditorData(venueId: string, monthParam: string | null) {
  const month = parseMonth(monthParam)
  const days = await availabilityPreview(venueId, new Date(`${month}-01T00:00:00Z`), daysInMonth(month))
  return { month, days }
}

export type CalendarEditorResult = { ok: true; message: string; changed: string[] } | { ok: false; errors: Record<string, string[]> }

export async function calendarEditorAction(actor: Actor, venueId: string, formData: FormData): Promise<CalendarEditorResult> {
  const submission = parseWithZod(formData, { schema: calendarEditSchema })
  if (submission.status !== 'success') {
    return { ok: false, errors: Object.fromEntries(Object.entries(submission.error ?? {}).map(([k, v]) => [k, v ?? []])) }
  }
  const { op, dates, price } = submission.value
  const change =
    op === 'block'
      ? { blocked: true }
      : op === 'unblock'
        ? { blocked: false }
        : op === 'price'
          ? { priceOverride: price! }
          : { priceOverride: null }
  try {
    const { changed, unchanged } = await setCalendarDays(actor, venueId, dates, change)
    return { ok: true, message: describeCalendarChange(op, changed, unchanged, price), changed }
  } catch (error) {
    if (error instanceof DomainError && error.status === 400) return { ok: false, errors: { [error.field ?? 'dates']: [error.message] } }
    throw error
  }
}
