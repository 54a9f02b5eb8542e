import type { LoaderFunctionArgs } from '@remix-run/node'
import { apiData, handleApi } from '~/web/api.server'
import { withPhotoSrcs } from '~/features/venues/art-version'
import { shareResponse } from '~/web/page-serving.server'
import { searchProperties } from '~/routes/_marketing+/search-page.server'
import { getUser } from '~/features/accounts/guards.server'
import { countApiSearch } from '~/features/analytics/page-visits.server'
import { searchFromQuery } from '~/features/search/search.server'

/**
 * GET /api/v1/venues/search: public, no token. Every parameter of lib/search-params (the product's
 * city, state, venueType, capacity and limit, plus q, genre, amenities, price, date, near/lat/lng,
 * radius, sort, page). Bad values answer 400 with a message per field in error.fields.
 *
 * The answer depends on the URL alone: to a caller without credentials it is public for 30 s (any
 * cache may keep it; docs/decisions/038-http-caching.md). Its search event is counted when the app
 * answers, so a copy a cache serves again is not counted: an API caller sends no beacon.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(async () => {
    const query = new URL(request.url).searchParams
    const result = await searchFromQuery(query)
    const user = await getUser(request)
    countApiSearch(request, context.ip, user, searchProperties(Object.fromEntries(query), result.total))
    shareResponse(context, 30, 60)
    return apiData({
      venues: result.venues.map(withPhotoSrcs),
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
