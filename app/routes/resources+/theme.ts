import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { isTheme } from '~/core/theme'
import { safeRedirect } from '~/core/safe-redirect'
import { setThemeCookie } from '~/platform/theme.server'
import { readFormData } from '~/web/http.server'

// A resource route answers with Responses only: Remix hands a resource route's return value to
// the client as it is, so a `data()` wrapper would be sent as a JSON object, dropping its status
// and its Set-Cookie header.
export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  const theme = form.get('theme')
  if (!isTheme(theme)) return Response.json({ error: 'Theme must be light or dark.' }, { status: 400 })
  const headers = { 'Set-Cookie': await setThemeCookie(theme) }
  // Without JavaScript the form carries the page to return to.
  const redirectTo = form.get('redirectTo')
  if (redirectTo) return redirect(safeRedirect(redirectTo), { headers })
  // A browser navigation without it (an old page, a hand-made form): back to the page it came
  // from if that is on this site, else home.
  if (request.headers.get('Sec-Fetch-Mode') === 'navigate') return redirect(safeRedirect(sameSiteReferrer(request)), { headers })
  // A script's POST (the toggle with JavaScript writes the cookie itself): the cookie and the
  // theme as JSON, no navigation.
  return Response.json({ theme }, { headers })
}

/** The Referer's path and query when it is this site's, else null. */
function sameSiteReferrer(request: Request) {
  const referrer = request.headers.get('Referer')
  // A referrer that is no URL is no place to send the visitor back to.
  if (!referrer || !URL.canParse(referrer)) return null
  const url = new URL(referrer)
  return url.origin === new URL(request.url).origin ? url.pathname + url.search : null
}

export async function loader() {
  return redirect('/')
}
