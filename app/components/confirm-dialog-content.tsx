import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode, RefObject } from 'react'
import { Form } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { usePendingCheck } from '~/hooks/pending'

// The dialog of confirm-dialog.tsx, in its own chunk: loaded on the first press.

export default function ConfirmDialogContent({
  action,
  title,
  statement,
  confirmLabel,
  cancelLabel,
  onClose,
  returnFocus,
  fields,
}: {
  action: string
  title: string
  statement: string
  confirmLabel: string
  cancelLabel: string
  onClose: () => void
  returnFocus: RefObject<HTMLElement | null>
  fields?: ReactNode
}) {
  const isPending = usePendingCheck()
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay data-confirm-layer="" className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          data-confirm-layer=""
          className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 card p-5 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            returnFocus.current?.focus()
          }}
        >
          <Dialog.Title className="text-lg font-semibold">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm">{statement}</Dialog.Description>
          <Form method="post" action={action} className="mt-4">
            <input type="hidden" name="confirm" value="yes" />
            {fields}
            <div className="mt-4 flex flex-wrap justify-end gap-3">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  {cancelLabel}
                </Button>
              </Dialog.Close>
              <Button type="submit" variant="danger" pending={isPending({ action })}>
                {confirmLabel}
              </Button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
