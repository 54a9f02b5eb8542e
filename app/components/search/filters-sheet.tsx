import * as Dialog from '@radix-ui/react-dialog'
import { useEffect, useRef, useState } from 'react'
import { Form, Link } from '@remix-run/react'
import { Button } from '~/components/ui/button'
import { formatCount } from '~/core/format'
import type { SearchFieldErrors } from '~/features/search/search-params'
import { nounFor } from '~/core/words'
import { AdvancedFields, AmenityFields, BasicFields } from './filter-fields'
import { HiddenValues, type SearchValues } from './search-fields'

// The phone's filter sheet (docs/search.md, 'On a phone'), in its own chunk: loaded on the first
// press of 'Filters', so no page's first load carries @radix-ui/react-dialog.

type Count = { total: number; lowerBound: boolean }

/** 'Show 42 venues' for the count the filters would give, or 'Show venues' when it is unknown. */
function showLabel(count: Count | null) {
  if (!count) return 'Show venues'
  return `Show ${formatCount(count.total)}${count.lowerBound ? '+' : ''} ${nounFor(count.total, 'venue')}`
}

/** The count the sheet's fields would give, asked of the search API as they change. */
function useLiveCount() {
  const [count, setCount] = useState<Count | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const request = useRef<AbortController>()
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      request.current?.abort()
    },
    [],
  )
  const update = (form: HTMLFormElement | null, wait = 250) => {
    clearTimeout(timer.current)
    if (!form) return
    timer.current = setTimeout(() => {
      const query = new URLSearchParams()
      for (const [name, value] of new FormData(form)) if (typeof value === 'string' && value.trim()) query.append(name, value)
      query.set('limit', '1')
      request.current?.abort()
      const controller = (request.current = new AbortController())
      // 'Purpose: prefetch': a count nobody has opened yet is not a search visit (docs/analytics.md).
      fetch(`/api/v1/venues/search?${query}`, { headers: { Purpose: 'prefetch' }, signal: controller.signal })
        .then(async (res) => {
          const body = res.ok ? ((await res.json()) as { data: { total: number; totalIsLowerBound: boolean } }) : null
          setCount(body ? { total: body.data.total, lowerBound: body.data.totalIsLowerBound } : null)
        })
        .catch(() => {}) // Aborted by the next change, or offline: the button keeps its last label.
    }, wait)
  }
  return [count, update] as const
}

export default function FiltersSheet({
  action,
  values,
  errors,
  idPrefix,
  onClose,
}: {
  action: string
  values: SearchValues
  errors: SearchFieldErrors | null
  idPrefix: string
  onClose: () => void
}) {
  const [count, update] = useLiveCount()
  // The count of the filters as they stand, as soon as the form is there: Radix's portal mounts
  // its content after this component's first effects, so an effect would find no form.
  const counted = useRef(false)
  const form = (node: HTMLFormElement | null) => {
    if (!node || counted.current) return
    counted.current = true
    update(node, 0)
  }
  return (
    <Dialog.Root open onOpenChange={(open) => (open ? null : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content className="filters-sheet" aria-describedby={undefined}>
          <div className="flex items-center justify-between gap-4 border-b border-neutral-200 px-4 py-3 dark:border-line-dark">
            <Dialog.Title className="text-lg font-semibold">Filters and sorting</Dialog.Title>
            <Dialog.Close asChild>
              <Button type="button" variant="ghost" size="sm">
                Close
              </Button>
            </Dialog.Close>
          </div>
          <Form
            ref={form}
            method="get"
            action={action}
            className="flex min-h-0 flex-1 flex-col"
            onChange={(event) => update(event.currentTarget)}
            onSubmit={() => onClose()}
          >
            <div className="min-h-0 flex-1 overflow-y-auto px-4 pt-4">
              <BasicFields values={values} errors={errors} idPrefix={`${idPrefix}-sheet`} />
              <AdvancedFields values={values} errors={errors} idPrefix={`${idPrefix}-sheet`} />
              <AmenityFields values={values} errors={errors} idPrefix={`${idPrefix}-sheet`} />
            </div>
            <HiddenValues values={values} names={['q', 'city', 'lat', 'lng', 'limit']} errors={errors} />
            <div className="flex items-center justify-between gap-3 border-t border-neutral-200 px-4 py-3 dark:border-line-dark">
              <Link to={action} className="inline-flex h-10 items-center px-2 text-sm link" onClick={() => onClose()}>
                Clear all
              </Link>
              <Button type="submit" aria-live="polite">
                {showLabel(count)}
              </Button>
            </div>
          </Form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
