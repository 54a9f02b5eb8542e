import { redirect } from '@remix-run/node'
import { US_STATES } from '~/lib/domain'
import { pageNotFoundResponse } from '~/lib/not-found.server'

/**
 * The state code of a landing URL. Directory URLs are lowercase: another spelling gets a 301 to
 * it (one URL per page); an unknown state is a 404.
 */
export function landingState(request: Request, state: string | undefined) {
  const code = (state ?? '').toUpperCase()
  if (!/^[A-Z]{2}$/.test(code) || !(code in US_STATES)) throw pageNotFoundResponse()
  const url = new URL(request.url)
  const lower = url.pathname.toLowerCase()
  if (url.pathname !== lower) throw redirect(lower + url.search, 301)
  return code
}
