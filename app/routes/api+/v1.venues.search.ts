import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/lib/api.server'
import { searchProperties } from '~/routes/_marketing+/search-page.server'
import { anonymousId } from '~/services/analytics-events.server'
import { queueEvent } from '~/services/view-buffer.server'
import { getUser } from '~/services/guards.server'
import { searchFromQuery } from '~/services/search.server'

/**
 * GET /api/v1/venues/search: public, no token. Every parameter of lib/search-params (the product's
 * city, state, venueType, capacity and limit, plus q, genre, amenities, price, date, near/lat/lng,
 * radius, sort, page). Bad values answer 400 with a message per field in error.fields.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = new URL(request.url).searchParams
    const result = await searchFromQuery(query)
    const user = await getUser(request)
    // Written with the next batch of buffered events (services/view-buffer.server.ts).
    queueEvent({
      name: 'search',
      userId: user?.id ?? null,
      anonId: anonymousId(request, context.ip),
      properties: { ...searchProperties(Object.fromEntries(query), result.total), api: true },
    })
    return apiData({
      venues: result.venues,
      total: result.total,
      totalIsLowerBound: result.totalIsLowerBound,
      page: result.page,
      limit: result.limit,
      pageCount: result.pageCount,
      sort: result.sort,
      order: result.order,
      place: result.place,
      text: result.text,
    })
  })
}
