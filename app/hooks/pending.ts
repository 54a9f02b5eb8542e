import { useNavigation } from '@remix-run/react'

/**
 * Which submission a pending state belongs to (every given part must match): `fields` the form
 * carries (`true`: merely there), so one button among many shows its own progress; the `action`
 * path; `state` 'submitting', or 'non-idle' to stay busy until the new data is on screen.
 */
export type PendingMatch = {
  fields?: Record<string, string | true>
  action?: string
  state?: 'submitting' | 'non-idle'
}

/** What a navigation and a fetcher share: enough to tell which form is on its way. */
type Submission = { state: 'idle' | 'submitting' | 'loading'; formData?: FormData; formAction?: string }

/** True when `submission` (the page's navigation or a fetcher) is sending the form `match` describes. */
export function isPendingSubmission(submission: Submission, match: PendingMatch = {}): boolean {
  const { fields = {}, action, state = 'submitting' } = match
  if (state === 'submitting' ? submission.state !== 'submitting' : submission.state === 'idle') return false
  if (action !== undefined && submission.formAction?.split('?')[0] !== action) return false
  const form = submission.formData
  return Object.entries(fields).every(([name, value]) => (value === true ? form?.has(name) : form?.get(name) === value))
}

/** Whether the page's navigation is sending the form `match` describes. */
export function useIsPending(match?: PendingMatch): boolean {
  return isPendingSubmission(useNavigation(), match)
}

/** For lists of forms (one per row): a check to call per row, e.g. `isPending({ fields: { userId: id } })`. */
export function usePendingCheck(): (match?: PendingMatch) => boolean {
  const navigation = useNavigation()
  return (match) => isPendingSubmission(navigation, match)
}

/** Whether a GET navigation (a search form or a link) to `pathname` is loading. */
export function useIsLoading(pathname: string): boolean {
  const navigation = useNavigation()
  return navigation.state === 'loading' && navigation.location.pathname === pathname
}
