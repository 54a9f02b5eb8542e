import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { CheckboxField } from '~/components/ui/field'
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '~/core/notification-kinds'

/**
 * /profile's email settings: per kind of notification the account's role can receive
 * (notificationKindsFor), in the app only (unticked) or also by email (ticked). Every mail's
 * unsubscribe link unticks exactly one of these.
 */
export function EmailSection({ kinds, on: onKinds, pending }: { kinds: NotificationKind[]; on: NotificationKind[]; pending: boolean }) {
  const on = new Set(onKinds)
  return (
    <section id="email" className="scroll-mt-20 card p-6" aria-labelledby="email-heading">
      <h2 id="email-heading" className="text-xl">
        Email notifications
      </h2>
      <p className="mt-1 text-sm text-neutral-700 dark:text-neutral-300">
        Everything shows in the app. Tick what should also reach you by email; untick to keep it in the app only.
      </p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="email" />
        <fieldset>
          <legend className="sr-only">Send me an email for</legend>
          {kinds.map((kind) => (
            <CheckboxField
              key={kind}
              labelProps={{ children: NOTIFICATION_KIND_LABELS[kind] }}
              inputProps={{ name: 'email', value: kind, defaultChecked: on.has(kind), id: `email-${kind}` }}
            />
          ))}
        </fieldset>
        <Button type="submit" variant="outline" pending={pending}>
          Save email settings
        </Button>
      </Form>
    </section>
  )
}
