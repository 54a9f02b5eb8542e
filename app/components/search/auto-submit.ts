import { useSubmit } from '@remix-run/react'
import { useEffect, useRef, type FormEvent } from 'react'

/**
 * With JavaScript, a GET search form submits itself a moment after a change (replacing the history
 * entry, so Back leaves the page instead of undoing each keystroke). Without it, the Search
 * button does the same job.
 */
export function useAutoSubmit(delayMs = 450) {
  const submit = useSubmit()
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const onChange = (event: FormEvent<HTMLElement>) => {
    // On the form, or on a part of it (the search form's filters): the changed field's form.
    const form = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : (event.target as HTMLInputElement).form
    if (!form) return
    clearTimeout(timer.current)
    timer.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), delayMs)
  }
  /** For the form's own submit: a pressed button wins over a change still waiting to be sent. */
  const cancel = () => clearTimeout(timer.current)
  return Object.assign(onChange, { cancel })
}
