import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Form, Link } from '@remix-run/react'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { cx } from '~/core/cx'
import type { ActionMenuProps, MenuEntry, RadixStart } from './action-menu'

// ActionMenu's Radix form (action-menu.tsx), loaded on the first use of a trigger.

export default function ActionMenuRadix({
  label,
  trigger,
  entries,
  className,
  triggerClassName,
  panelClassName,
  start,
}: ActionMenuProps & { start: RadixStart }) {
  const [open, setOpen] = useState(start.open)
  const [keyboard, setKeyboard] = useState(start.keyboard)
  const button = useRef<HTMLButtonElement>(null)
  const content = useRef<HTMLDivElement>(null)
  // One form per POST entry, outside the list: the list unmounts as the item is chosen.
  const forms = useRef<Record<string, HTMLFormElement | null>>({})
  useEffect(() => {
    if (start.focus) button.current?.focus()
  }, [start.focus])
  useEffect(() => {
    // Opened from the keyboard before the menu's code was here: start on the first item, as Radix does.
    if (!open || !keyboard) return
    const frame = requestAnimationFrame(() => content.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus())
    return () => cancelAnimationFrame(frame)
  }, [open, keyboard])
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    setKeyboard(false)
  }
  return (
    <div className={cx('action-menu', className)}>
      <DropdownMenu.Root open={open} onOpenChange={onOpenChange}>
        <DropdownMenu.Trigger ref={button} aria-label={label} className={cx('menu-trigger', triggerClassName)}>
          {trigger}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            collisionPadding={8}
            className={cx('action-menu-panel action-menu-popup', panelClassName)}
            ref={content}
          >
            {entries.map((entry) => (
              <Item key={entry.label} entry={entry} forms={forms} />
            ))}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {entries.map((entry) =>
        'action' in entry ? (
          <Form key={entry.label} method="post" action={entry.action} hidden ref={(form) => void (forms.current[entry.label] = form)} />
        ) : null,
      )}
    </div>
  )
}

function Item({ entry, forms }: { entry: MenuEntry; forms: RefObject<Record<string, HTMLFormElement | null>> }) {
  if ('to' in entry)
    return (
      <DropdownMenu.Item asChild textValue={entry.label}>
        <Link to={entry.to} className="action-menu-item" aria-label={entry.name}>
          {entry.content ?? entry.label}
        </Link>
      </DropdownMenu.Item>
    )
  // A POST (Logout) stays a POST: the item submits the entry's form, as its button does without JavaScript.
  return (
    <DropdownMenu.Item
      className="action-menu-item"
      textValue={entry.label}
      aria-label={entry.name}
      onSelect={() => forms.current?.[entry.label]?.requestSubmit()}
    >
      {entry.content ?? entry.label}
    </DropdownMenu.Item>
  )
}
