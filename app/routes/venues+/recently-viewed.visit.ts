// The visit beacon (services/page-visits.server.ts): a page that was shown reports it here, by
// sendBeacon (a POST with a form body) or, without JavaScript, by an image (a GET). The answer is
// empty, private and never stored; its cookie is the visitor's recently viewed list.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { PRIVATE, formDataOrNull } from '~/web/http.server'
import { FORMER_RECENT_COOKIE_END } from '~/features/venues/recently-viewed.server'
import { recordVisit } from '~/features/analytics/page-visits.server'

async function answer(request: Request, ip: string | undefined, token: unknown) {
  const headers = new Headers({ 'Cache-Control': PRIVATE })
  const cookies = await recordVisit(request, ip, token)
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  if (cookies.length > 0 && /(^|;\s*)sp_recent=/.test(request.headers.get('Cookie') ?? ''))
    headers.append('Set-Cookie', FORMER_RECENT_COOKIE_END)
  return new Response(null, { status: 204, headers })
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  return answer(request, context.ip, new URL(request.url).searchParams.get('t'))
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await formDataOrNull(request)
  return answer(request, context.ip, form?.get('t'))
}
