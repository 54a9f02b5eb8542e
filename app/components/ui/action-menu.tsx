import { Link } from '@remix-run/react'
import { lazy, Suspense, useRef, useState, type MouseEvent, type PointerEvent, type ReactNode } from 'react'
import { cx } from '~/core/cx'

/** One entry of an action menu: a link (a page of its own does anything that writes). */
export type MenuEntry = { label: string; to: string }

// The Radix menu, in a chunk of its own: imported on the first pointerdown, focus or key on the
// trigger, so no page's first load carries @radix-ui/react-dropdown-menu (docs/search.md, 'Menus').
const importRadix = () => import('./action-menu-radix')
const RadixMenu = lazy(importRadix)

/**
 * A menu of links behind a button. Rendered by the server, and until its first use, as a
 * <details> disclosure, which opens and closes without JavaScript; once used with JavaScript it
 * becomes a Radix DropdownMenu (arrow keys, typeahead, Escape, focus back on the trigger).
 */
export function ActionMenu({
  label,
  trigger,
  entries,
  className,
  triggerClassName,
}: {
  /** The trigger's accessible name ('Actions for The Blue Room'). */
  label: string
  trigger: ReactNode
  entries: readonly MenuEntry[]
  className?: string
  triggerClassName?: string
}) {
  const [state, setState] = useState<{ loaded: boolean; open: boolean; focus: boolean; keyboard: boolean }>({
    loaded: false,
    open: false,
    focus: false,
    keyboard: false,
  })
  const details = useRef<HTMLDetailsElement>(null)
  const loading = useRef<Promise<unknown> | null>(null)
  const load = () => {
    void (loading.current ??= importRadix().then(
      () =>
        setState((s) => ({
          ...s,
          loaded: true,
          // The trigger is a new element: it keeps the focus the summary had.
          focus: document.activeElement === details.current?.querySelector('summary'),
        })),
      () => {
        // No chunk (offline): the disclosure opens as it does without JavaScript.
        loading.current = null
        if (details.current) details.current.open = !details.current.open
      },
    ))
  }
  // Opened by the Radix menu once its code is here (on the press, as Radix opens its own); the
  // native toggle would flash the list first.
  const onPointerDown = (event: PointerEvent) => {
    if (event.button === 0) setState((s) => ({ ...s, open: true }))
    void load()
  }
  const onClick = (event: MouseEvent) => {
    event.preventDefault()
    if (event.detail === 0) setState((s) => ({ ...s, open: true, keyboard: true }))
    void load()
  }
  if (state.loaded) {
    return (
      <Suspense fallback={null}>
        <RadixMenu
          label={label}
          trigger={trigger}
          entries={entries}
          className={className}
          triggerClassName={triggerClassName}
          open={state.open}
          onOpenChange={(open) => setState((s) => ({ ...s, open, keyboard: false }))}
          focusTrigger={state.focus}
          focusFirstItem={state.keyboard}
        />
      </Suspense>
    )
  }
  return (
    <details ref={details} className={cx('action-menu', className)}>
      <summary
        aria-label={label}
        className={cx('menu-trigger', triggerClassName)}
        onPointerDown={onPointerDown}
        onFocus={load}
        onKeyDown={load}
        onClick={onClick}
      >
        {trigger}
      </summary>
      <ul className="action-menu-panel">
        {entries.map((entry) => (
          <li key={entry.to}>
            <Link to={entry.to} className="action-menu-item">
              {entry.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  )
}
