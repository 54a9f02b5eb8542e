import { Form, Link, useLocation } from '@remix-run/react'
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react'
import { cx } from '~/core/cx'

/**
 * One entry of a menu: a link, or a POST form (`action`, Logout) that the menu item submits.
 * `content` draws it (a badge, an avatar) where the label alone would not; `name` is its
 * accessible name when that says more than the label ('Messages, 2 conversations unread').
 */
export type MenuEntry = { label: string; content?: ReactNode; name?: string } & ({ to: string } | { action: string })

/** How the Radix menu starts (action-menu-radix.tsx). */
export type RadixStart = { open: boolean; keyboard: boolean; focus: boolean }

export type ActionMenuProps = {
  /** The trigger's accessible name ('Actions for The Blue Room', 'Menu'). */
  label: string
  trigger: ReactNode
  entries: readonly MenuEntry[]
  className?: string
  triggerClassName?: string
  /** Added to the list in both forms (its width, its place). */
  panelClassName?: string
  /** Without JavaScript, the list sits in a <nav> of this name (the header's links). */
  navLabel?: string
}

// The Radix menu, in a chunk of its own: imported on the first pointerdown, focus or key on the
// trigger, so no page's first load carries @radix-ui/react-dropdown-menu (docs/search.md, 'Menus').
const importRadix = () => import('./action-menu-radix')
const RadixMenu = lazy(importRadix)

/**
 * A menu behind a button. Rendered by the server, and until its first use, as a <details>
 * disclosure, which opens and closes without JavaScript; once used with JavaScript it becomes a
 * Radix DropdownMenu (arrow keys, typeahead, Escape, focus back on the trigger).
 */
export function ActionMenu(props: ActionMenuProps) {
  const { label, trigger, entries, className, triggerClassName, panelClassName, navLabel } = props
  // How the Radix menu starts, once its code is here: open (pressed, or opened from the keyboard,
  // which starts on the first item) and whether the trigger had the focus.
  const [start, setStart] = useState<RadixStart | null>(null)
  const asked = useRef<{ open?: boolean; keyboard?: boolean; loading?: boolean }>({})
  const details = useRef<HTMLDetailsElement>(null)
  const location = useLocation()
  // The disclosure (no chunk yet, or none to be had) closes when a link in it is followed.
  useEffect(() => {
    if (details.current) details.current.open = false
  }, [location.key])
  const load = (open?: boolean, keyboard?: boolean) => {
    const wish = asked.current
    if (open) Object.assign(wish, { open, keyboard })
    if (wish.loading) return
    wish.loading = true
    importRadix().then(
      // The trigger is a new element: it keeps the focus the summary had.
      () => setStart({ open: !!wish.open, keyboard: !!wish.keyboard, focus: document.activeElement === details.current?.firstChild }),
      () => {
        // No chunk (offline): the disclosure opens as it does without JavaScript.
        wish.loading = false
        if (details.current) details.current.open = !details.current.open
      },
    )
  }
  if (start)
    return (
      <Suspense fallback={null}>
        <RadixMenu {...props} start={start} />
      </Suspense>
    )
  const list = (
    <ul className={cx('action-menu-panel', panelClassName)}>
      {entries.map((entry) => (
        <li key={entry.label}>
          {'to' in entry ? (
            <Link to={entry.to} className="action-menu-item" aria-label={entry.name}>
              {entry.content ?? entry.label}
            </Link>
          ) : (
            <Form method="post" action={entry.action}>
              <button type="submit" className="action-menu-item" aria-label={entry.name}>
                {entry.content ?? entry.label}
              </button>
            </Form>
          )}
        </li>
      ))}
    </ul>
  )
  return (
    <details ref={details} className={cx('action-menu', className)}>
      {/* Opened by the Radix menu once its code is here (on the press, as Radix opens its own):
          the native toggle would flash the list first. A click without a pointer is a key. */}
      <summary
        aria-label={label}
        className={cx('menu-trigger', triggerClassName)}
        onPointerDown={(event) => load(event.button === 0)}
        onFocus={() => load()}
        onKeyDown={() => load()}
        onClick={(event) => {
          event.preventDefault()
          load(event.detail === 0, true)
        }}
      >
        {trigger}
      </summary>
      {navLabel ? <nav aria-label={navLabel}>{list}</nav> : list}
    </details>
  )
}
