import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import { Link } from '@remix-run/react'
import { buttonClass } from '~/components/ui/button'

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
