import { redirectWithToast } from '~/platform/toast.server'
import { actionAttempt } from '~/web/form-errors.server'

/**
 * Runs one admin action of a list page. Success goes back to the same list (same search and page)
 * with a toast; a refusal comes back as data naming the row, with an error toast.
 */
export async function adminAction(request: Request, id: string, run: () => Promise<string>) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  return actionAttempt(
    async () => {
      const message = await run()
      return redirectWithToast(url.pathname + url.search, { type: 'success', description: message })
    },
    { extra: { id }, toast: true },
  )
}

/** ?page= as a positive whole number (1 otherwise). */
export function pageParam(url: URL) {
  const page = Number(url.searchParams.get('page'))
  return Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1
}
