import type { LoaderFunctionArgs } from '@remix-run/node'
import { publicOrigin } from '~/env.server'
import { tourCalendar } from '~/features/tours/tour-ics.server'
import { travelSource } from '~/routes/_planner+/travel-demo.server'

/** GET /travel-booking-demo/calendar.ics?plan=<id> or ?<planner criteria>: the tour as iCalendar. */
export async function loader({ request }: LoaderFunctionArgs) {
  const source = await travelSource(request)
  if (Object.keys(source.errors).length)
    return new Response(Object.values(source.errors).join('\n'), { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  if (!source.plan || source.plan.stops.length === 0)
    return new Response('No shows to put in a calendar: give the tour some cities.', {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  const body = tourCalendar(
    source.plan,
    source.name,
    publicOrigin() + (source.planId ? `/saved-tour-plans/${source.planId}` : `/ai-tour-planner?${source.query}`),
  )
  const file = `${
    source.name
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'tour'
  }.ics`
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
