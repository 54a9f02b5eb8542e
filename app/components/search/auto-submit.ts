import { useSubmit } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'
import { submitNonEmpty } from '~/components/ui/get-form'

/**
 * With JavaScript, a GET search form submits itself a moment after a change (replacing the history
 * entry, so Back leaves the page instead of undoing each keystroke). Without it, the Search
 * button does the same job.
 */
export function useAutoSubmit(delayMs = 450) {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget
    clearTimeout(timer.current)
    timer.current = setTimeout(() => submitNonEmpty(submit, new FormData(form), form, { replace: true, preventScrollReset: true }), delayMs)
  }
}
