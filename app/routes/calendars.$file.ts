import type { LoaderFunctionArgs } from '@remix-run/node'
import { feedCalendar } from '~/features/calendars/calendar-feeds.server'

/**
 * GET /calendars/{token}.ics: a venue's or a user's private calendar feed (docs/calendars.md). The
 * secret address is the key: calendar apps send no cookies. Kept briefly and only by the subscriber.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const match = /^(.+)\.ics$/.exec(params.file ?? '')
  const body = match ? await feedCalendar(match[1]!) : null
  if (body === null)
    return new Response('No calendar at this address. Its owner may have reset it: ask them for the new one.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' },
    })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="stagepass.ics"',
      'Cache-Control': 'private, max-age=300',
      'X-Robots-Tag': 'noindex',
    },
  })
}
