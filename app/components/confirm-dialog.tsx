import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import { Form, Link } from '@remix-run/react'
import { FormBanner } from '~/components/auth-card'
import { Button, LinkButton, buttonClass } from '~/components/ui/button'
import { usePendingCheck } from '~/hooks/pending'

// A link to an action that cannot be undone. Without JavaScript it opens the action's confirmation
// page (GET shows the statement and a POST form); with it, the same statement in a dialog
// (@radix-ui/react-dialog, loaded on the first press so no page's first load carries it), focus
// moved in and given back to the link on close. docs/bookings.md, Confirmations.

const ConfirmDialogContent = lazy(() => import('./confirm-dialog-content'))

export type ConfirmProps = {
  /** The confirmation page: its GET asks, its POST (with confirm=yes) acts. */
  to: string
  title: string
  statement: string
  confirmLabel: string
  cancelLabel: string
  children: ReactNode
  className?: string
  /** Fields the confirmation's form sends too (a reason), shown in the dialog above its buttons. */
  fields?: ReactNode
}

export function ConfirmLink({ to, title, statement, confirmLabel, cancelLabel, children, className, fields }: ConfirmProps) {
  const [open, setOpen] = useState(false)
  const trigger = useRef<HTMLAnchorElement>(null)
  return (
    <>
      <Link
        ref={trigger}
        to={to}
        className={className ?? buttonClass({ variant: 'outline' })}
        onClick={(event) => {
          // A new tab or window still gets the page.
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
          event.preventDefault()
          setOpen(true)
        }}
      >
        {children}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            action={to}
            title={title}
            statement={statement}
            confirmLabel={confirmLabel}
            cancelLabel={cancelLabel}
            onClose={() => setOpen(false)}
            returnFocus={trigger}
            fields={fields}
          />
        </Suspense>
      ) : null}
    </>
  )
}

export type ConfirmPageProps = {
  title: string
  statement: string
  confirmLabel: string
  cancelLabel: string
  /** Where 'keep' goes back to. */
  cancelTo: string
  /** Fields the POST sends too (a reason), above the buttons. */
  fields?: ReactNode
  /** A refusal of the action (not a field's), shown above the statement. */
  error?: string | null
  /** Said instead of the form when there is nothing (left) to confirm. */
  unavailable?: ReactNode
}

/**
 * The confirmation page of a ConfirmLink, for browsers without JavaScript: the same title and
 * statement as the dialog, and a POST form with confirm=yes. Every such page renders this, so the
 * pages and their dialogs read alike. docs/bookings.md, Confirmations.
 */
export function ConfirmPage({ title, statement, confirmLabel, cancelLabel, cancelTo, fields, error, unavailable }: ConfirmPageProps) {
  const isPending = usePendingCheck()
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <section className="card border-red-300 p-5 dark:border-red-800" aria-labelledby="confirm-h">
        <h1 id="confirm-h" className="text-2xl font-bold">
          {title}
        </h1>
        <div className="mt-3">
          <FormBanner errors={error ? [error] : undefined} />
        </div>
        {unavailable ? (
          <div className="text-sm">{unavailable}</div>
        ) : (
          <>
            <p className="text-sm">{statement}</p>
            <Form method="post" className="mt-4 max-w-md">
              <input type="hidden" name="confirm" value="yes" />
              {fields}
              <div className="mt-4 flex flex-wrap gap-3">
                <Button type="submit" variant="danger" pending={isPending({ fields: { confirm: 'yes' } })}>
                  {confirmLabel}
                </Button>
                <LinkButton to={cancelTo} variant="outline">
                  {cancelLabel}
                </LinkButton>
              </div>
            </Form>
          </>
        )}
      </section>
    </div>
  )
}
