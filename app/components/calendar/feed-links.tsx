import { Form } from '@remix-run/react'
import { useState } from 'react'
import { Button, buttonClass } from '~/components/ui/button'
import { Field } from '~/components/ui/field'
import { useHydrated } from '~/hooks/use-hydrated'

/** The form intent of a feed's reset, on every page that shows a feed. */
export const FEED_RESET_INTENT = 'calendar-feed-reset'

/**
 * A private calendar feed's address, to copy or open in a calendar app, with how Google, Apple
 * and Outlook subscribe, and a form that gives the feed a new address (the old one stops working).
 * Used by the venue editor and /profile; `intent` names the reset for the page's action.
 */
export function FeedLinks({
  links,
  intent,
  pending,
  what,
}: {
  links: { https: string; webcal: string }
  intent: string
  pending: boolean
  what: string
}) {
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  return (
    <div className="space-y-3">
      <Field
        labelProps={{ children: 'Your private calendar address' }}
        inputProps={{
          id: `${intent}-address`,
          readOnly: true,
          value: links.https,
          className: 'font-mono text-sm',
          onFocus: (event) => event.currentTarget.select(),
        }}
      />
      <div className="flex flex-wrap gap-2">
        {hydrated ? (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              void navigator.clipboard?.writeText(links.https).then(() => setCopied(true))
            }}
          >
            {copied ? 'Copied' : 'Copy address'}
          </Button>
        ) : null}
        <a className={buttonClass({ variant: 'outline' })} href={links.webcal}>
          Open in your calendar app
        </a>
      </div>
      <p className="text-sm text-neutral-700 dark:text-neutral-300" aria-live="polite">
        {copied ? 'The address is copied. ' : ''}Anyone with this address can see {what}: share it only with your own calendars.
      </p>
      <details className="text-sm">
        <summary className="disclosure inline-flex cursor-pointer items-center gap-2 font-medium">
          How to subscribe in Google, Apple or Outlook
        </summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-neutral-700 dark:text-neutral-300">
          <li>
            <strong>Google Calendar</strong> (on a computer): Other calendars, +, From URL; paste the address and choose Add calendar.
            Google refreshes it every few hours.
          </li>
          <li>
            <strong>Apple Calendar</strong>: File, New Calendar Subscription (on iPhone: Settings, Calendar, Accounts, Add Subscribed
            Calendar); paste the address, or use Open in your calendar app.
          </li>
          <li>
            <strong>Outlook</strong>: Add calendar, Subscribe from web; paste the address and choose Import.
          </li>
        </ul>
      </details>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={intent} />
        <Button type="submit" variant="ghost" size="sm" pending={pending}>
          Reset the address
        </Button>
        <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-400">
          The old address stops working: calendars subscribed to it must subscribe again.
        </p>
      </Form>
    </div>
  )
}
