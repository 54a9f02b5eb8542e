import { data, redirect, type ActionFunctionArgs } from '@remix-run/node'
import { isTheme } from '~/lib/theme'
import { safeRedirect } from '~/lib/safe-redirect'
import { setThemeCookie } from '~/services/theme.server'
import { readFormData } from '~/lib/http.server'

export async function action({ request }: ActionFunctionArgs) {
  const form = await readFormData(request)
  const theme = form.get('theme')
  if (!isTheme(theme)) return data({ error: 'Theme must be light or dark.' }, { status: 400 })
  const headers = { 'Set-Cookie': await setThemeCookie(theme) }
  const redirectTo = form.get('redirectTo')
  // Without JavaScript the form carries the page to return to; a fetcher does not need one.
  if (redirectTo) return redirect(safeRedirect(redirectTo), { headers })
  return data({ theme }, { headers })
}

export async function loader() {
  return redirect('/')
}
