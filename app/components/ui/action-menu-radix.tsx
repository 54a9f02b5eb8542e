import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Link } from '@remix-run/react'
import { useEffect, useRef, type ReactNode } from 'react'
import { cx } from '~/core/cx'
import type { MenuEntry } from './action-menu'

// ActionMenu's Radix form (action-menu.tsx), loaded on the first use of a trigger.

export default function ActionMenuRadix({
  label,
  trigger,
  entries,
  className,
  triggerClassName,
  open,
  onOpenChange,
  focusTrigger,
  focusFirstItem,
}: {
  label: string
  trigger: ReactNode
  entries: readonly MenuEntry[]
  className?: string
  triggerClassName?: string
  open: boolean
  onOpenChange: (open: boolean) => void
  focusTrigger: boolean
  focusFirstItem: boolean
}) {
  const button = useRef<HTMLButtonElement>(null)
  const content = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focusTrigger) button.current?.focus()
  }, [focusTrigger])
  useEffect(() => {
    // Opened from the keyboard before the menu's code was here: start on the first item, as Radix does.
    if (!open || !focusFirstItem) return
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus())
    return () => cancelAnimationFrame(frame)
  }, [open, focusFirstItem])
  return (
    <div className={cx('action-menu', className)}>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger ref={button} aria-label={label} className={cx('menu-trigger', triggerClassName)}>
          {trigger}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content align="end" sideOffset={4} className="action-menu-panel action-menu-popup" ref={content}>
            {entries.map((entry) => (
              <DropdownMenu.Item key={entry.to} asChild>
                <Link to={entry.to} className="action-menu-item">
                  {entry.label}
                </Link>
              </DropdownMenu.Item>
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  )
}
