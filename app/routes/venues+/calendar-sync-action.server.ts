import { SYNC_INTENTS } from '~/components/calendar/calendar-sync-panel'
import { FEED_RESET_INTENT } from '~/components/calendar/feed-links'
import { resetVenueFeed, venueFeed } from '~/features/calendars/calendar-feeds.server'
import {
  calendarSubscription,
  subscribeVenueCalendar,
  syncVenueCalendarNow,
  unsubscribeVenueCalendar,
} from '~/features/calendars/calendar-sync.server'
import type { Actor } from '~/features/accounts/policy.server'
import { redirectWithToast } from '~/platform/toast.server'
import { actionAttempt } from '~/web/form-errors.server'

// The venue editor's calendar feeds (docs/calendars.md): its own feed's address and the external
// calendar it follows. The rules are in the services; this turns their outcomes into the page's words.

export const CALENDAR_FEED_INTENTS: readonly string[] = [FEED_RESET_INTENT, ...Object.values(SYNC_INTENTS)]

export async function calendarFeedsData(actor: Actor, venueId: string) {
  const [feed, subscription] = await Promise.all([venueFeed(actor, venueId), calendarSubscription(actor, venueId)])
  const status = subscription && {
    url: subscription.url,
    lastSyncedAt: subscription.lastSyncedAt?.toISOString() ?? null,
    lastAttemptAt: subscription.lastAttemptAt?.toISOString() ?? null,
    lastError: subscription.lastError,
    busyDates: subscription.busyDates,
    bookedConflicts: subscription.bookedConflicts,
  }
  return { feed, status }
}

export async function calendarFeedsAction(actor: Actor, venueId: string, intent: string, formData: FormData) {
  const here = `/venues/${venueId}/edit`
  if (intent === FEED_RESET_INTENT) {
    await resetVenueFeed(actor, venueId)
    return redirectWithToast(`${here}#calendar-feed`, {
      type: 'success',
      description: 'Your calendar feed has a new address. Calendars subscribed to the old one must subscribe again.',
    })
  }
  if (intent === SYNC_INTENTS.unsubscribe) {
    await unsubscribeVenueCalendar(actor, venueId)
    return redirectWithToast(`${here}#calendar-sync`, {
      type: 'success',
      description: 'Stopped following that calendar: the dates it blocked are open again.',
    })
  }
  const typed = String(formData.get('url') ?? '').slice(0, 2100)
  // The sync form gets the address as typed back with a refusal.
  return actionAttempt(
    async () => {
      const outcome =
        intent === SYNC_INTENTS.subscribe ? await subscribeVenueCalendar(actor, venueId, typed) : await syncVenueCalendarNow(actor, venueId)
      if (!outcome.ok)
        return redirectWithToast(`${here}#calendar-sync`, {
          type: 'error',
          description: `The calendar could not be synced. ${outcome.error}.`,
        })
      const blocked = outcome.added === 1 ? '1 date blocked' : `${outcome.added} dates blocked`
      const freed = outcome.removed === 1 ? '1 opened' : `${outcome.removed} opened`
      return redirectWithToast(`${here}#calendar-sync`, { type: 'success', description: `Calendar synced: ${blocked}, ${freed}.` })
    },
    { at: 'url', values: { url: typed }, extra: { intent } },
  )
}
