import { useFetchers, useNavigation } from '@remix-run/react'
import { useContext, useEffect, useRef } from 'react'
import { UNSAFE_DataRouterContext } from 'react-router-dom'

// Every form that shows field errors marks its controls aria-invalid (components/ui/field.tsx,
// lib/server-form.ts and conform all do). This one component, mounted once in root.tsx, takes a
// person to the first of them after a refused submit, so nobody has to hunt for the message below
// the fold or under the sticky header (app.css gives invalid controls a scroll margin for it).
// It watches the form that was submitted last: after the server's answer (navigation and fetchers
// idle again) or, for a form checked in the browser that never left, a moment after the submit.

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
  // Two readings of the same question: the rendered one (this render's navigation and fetchers)
  // says when an answer is on screen; the router's live one (below) whether a submit sent a request.
  const busy = isBusy(useNavigation(), useFetchers())
  const router = useContext(UNSAFE_DataRouterContext)?.router
  const submitted = useRef<HTMLFormElement | null>(null)

  useEffect(() => {
    let timer: number | undefined
    // Whether the last submit sent a request, from the router itself: on a slow device React may
    // not have rendered the submission yet when the check below runs, and the check then took the
    // errors still on screen from the last answer for the new ones.
    let requested = false
    const unsubscribe = router?.subscribe((state) => {
      if (isBusy(state.navigation, state.fetchers.values())) requested = true
    })
    const onSubmit = (event: SubmitEvent) => {
      if (!(event.target instanceof HTMLFormElement)) return
      submitted.current = event.target
      requested = router ? isBusy(router.state.navigation, router.state.fetchers.values()) : false
      window.clearTimeout(timer)
      timer = window.setTimeout(() => {
        // A request went out: the check waits for its answer (the effect below).
        if (requested || !submitted.current) return
        if (focusFirstInvalid(submitted.current)) submitted.current = null
      }, LOCAL_CHECK_MS)
    }
    document.addEventListener('submit', onSubmit)
    return () => {
      unsubscribe?.()
      window.clearTimeout(timer)
      document.removeEventListener('submit', onSubmit)
    }
  }, [router])

  useEffect(() => {
    if (busy || !submitted.current) return
    const form = submitted.current
    submitted.current = null
    if (form.isConnected) focusFirstInvalid(form)
  }, [busy])

  return null
}
