import { Form } from '@remix-run/react'
import { usePendingCheck } from '~/hooks/pending'
import { Button } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { formatDate } from '~/core/format'

export type SyncStatus = {
  url: string
  lastSyncedAt: string | null
  lastAttemptAt: string | null
  lastError: string | null
  busyDates: number
  bookedConflicts: string[]
} | null

export const SYNC_INTENTS = { subscribe: 'calendar-subscribe', sync: 'calendar-sync-now', unsubscribe: 'calendar-unsubscribe' } as const

const stamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
/** In UTC, so the server's render and the browser's agree. */
const when = (iso: string) => `${stamp.format(new Date(iso))} UTC`

/**
 * The venue editor's external calendar: the address of a feed to follow (a Google Calendar secret
 * address, say), 'Sync now', and what the last sync did or why it failed.
 */
export function CalendarSyncPanel({ status, error, typed }: { status: SyncStatus; error?: string; typed?: string }) {
  const isPending = usePendingCheck()
  const pending = (intent: string) => isPending({ fields: { intent } })
  return (
    <div className="space-y-4">
      <p className="text-neutral-700 dark:text-neutral-300">
        Follow the calendar you already keep: every busy event in it blocks its dates here, checked every 15 minutes. Dates you block by
        hand stay yours, and dates you have booked are never touched.
      </p>
      <Form method="post" preventScrollReset className="space-y-3">
        <input type="hidden" name="intent" value={SYNC_INTENTS.subscribe} />
        <Field
          labelProps={{ children: 'Calendar address (iCal or .ics)' }}
          hint="In Google Calendar: Settings, your calendar, Secret address in iCal format. Apple and Outlook: the calendar's published or shared ICS link."
          errors={error ? [error] : undefined}
          inputProps={{
            name: 'url',
            type: 'url',
            inputMode: 'url',
            autoComplete: 'off',
            spellCheck: false,
            maxLength: 2000,
            required: true,
            placeholder: 'https://…/basic.ics',
            defaultValue: typed ?? status?.url ?? '',
          }}
        />
        <Button type="submit" pending={pending(SYNC_INTENTS.subscribe)}>
          {status ? 'Save address and sync' : 'Add calendar'}
        </Button>
      </Form>
      {status ? (
        <div className="space-y-3 rounded-control border border-neutral-200 p-4 dark:border-neutral-700" data-testid="sync-status">
          {status.lastError ? (
            <p role="alert" className="font-medium text-red-800 dark:text-red-300">
              The last sync failed. {status.lastError}.
            </p>
          ) : null}
          <p>
            {status.lastSyncedAt ? (
              <>
                Last synced <time dateTime={status.lastSyncedAt}>{when(status.lastSyncedAt)}</time>:{' '}
                {status.busyDates === 1 ? '1 busy date' : `${status.busyDates} busy dates`} in the calendar.
              </>
            ) : (
              'Not synced yet.'
            )}
          </p>
          {status.bookedConflicts.length ? (
            <p className="text-sm">
              Busy in your calendar but booked here, left as they are: {status.bookedConflicts.map((date) => formatDate(date)).join(', ')}.
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value={SYNC_INTENTS.sync} />
              <Button type="submit" variant="outline" pending={pending(SYNC_INTENTS.sync)}>
                Sync now
              </Button>
            </Form>
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value={SYNC_INTENTS.unsubscribe} />
              <Button type="submit" variant="ghost" pending={pending(SYNC_INTENTS.unsubscribe)}>
                Stop following this calendar
              </Button>
            </Form>
          </div>
        </div>
      ) : null}
    </div>
  )
}
