import { useFetchers, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

// Mounted once in root.tsx: after a refused submit it takes a person to the first aria-invalid
// control of the form submitted last, so nobody hunts for the message below the fold. It acts once
// the server has answered, or a moment after a submit the browser refused.

/** How long a submit refused in the browser (no request) waits for its errors to render. */
const LOCAL_CHECK_MS = 60

/** The first control of `form` (in document order, `form=` attributes included) marked invalid. */
function firstInvalidControl(form: HTMLFormElement): HTMLElement | null {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLElement) || element.getAttribute('aria-invalid') !== 'true') continue
    if (element instanceof HTMLInputElement && element.type === 'hidden') continue
    if ((element as HTMLInputElement).disabled) continue
    return element
  }
  return null
}

/** Focuses the first invalid control of `form` and brings it (with its label) into view. */
function focusFirstInvalid(form: HTMLFormElement) {
  const control = firstInvalidControl(form)
  if (!control || !control.isConnected) return false
  control.focus({ preventScroll: true })
  // 'nearest' leaves a visible field where it is; the scroll margin keeps it clear of the header.
  control.scrollIntoView({ block: 'nearest', behavior: 'instant' as ScrollBehavior })
  return true
}

/** Whether a navigation or a fetcher is under way: a request went out and its answer is awaited. */
function isBusy(navigation: { state: string }, fetchers: Iterable<{ state: string }>) {
  if (navigation.state !== 'idle') return true
  for (const fetcher of fetchers) if (fetcher.state !== 'idle') return true
  return false
}

export function FocusFirstInvalid() {
  const busy = isBusy(useNavigation(), useFetchers())
  // The last render's reading, for the timer below, which runs outside React.
  const busyNow = useRef(busy)
  busyNow.current = busy
  // The form submitted last, and whether a request was seen under way since.
  const submitted = useRef<{ form: HTMLFormElement; requested: boolean } | null>(null)

  useEffect(() => {
    let timer: number | undefined
    const onSubmit = (event: SubmitEvent) => {
      if (!(event.target instanceof HTMLFormElement)) return
      // A request already under way (another form's) is answered first: then the check waits too.
      const current = { form: event.target, requested: busyNow.current }
      submitted.current = current
      window.clearTimeout(timer)
      // Nothing under way a moment later: refused in the browser, its errors are on screen. On a
      // slow device React may not have rendered a request that did go out yet, so this may focus
      // the last answer's errors; the submit stays watched, and its answer moves focus again.
      timer = window.setTimeout(() => {
        if (submitted.current === current && !current.requested && !busyNow.current) focusFirstInvalid(current.form)
      }, LOCAL_CHECK_MS)
    }
    document.addEventListener('submit', onSubmit)
    return () => {
      window.clearTimeout(timer)
      document.removeEventListener('submit', onSubmit)
    }
  }, [])

  useEffect(() => {
    const current = submitted.current
    if (!current) return
    if (busy) {
      current.requested = true
      return
    }
    if (!current.requested) return
    submitted.current = null
    if (current.form.isConnected) focusFirstInvalid(current.form)
  }, [busy])

  return null
}
