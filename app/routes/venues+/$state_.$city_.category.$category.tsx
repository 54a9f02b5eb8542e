import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { CityDirectory, typePlural } from '~/components/venue/city-directory'
import { isVenueType } from '~/core/domain'
import { pageNotFoundResponse, parsePage } from '~/web/not-found.server'
import { seo } from '~/web/seo'
import { categoryPath, pagePath } from '~/features/venues/venue-urls'
import { cachedCategoryDirectory } from '~/features/venues/venue-directory.server'
import { cityLandingFallback, landingState } from './landing.server'
import { NO_SCRIPTS } from '~/web/route-handle'
import { shareResponse } from '~/web/page-serving.server'
import { useOrigin } from '~/hooks/root-data'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  shareResponse(context, 60, 600)
  const stateCode = landingState(request, params.state)
  const category = params.category ?? ''
  if (!isVenueType(category)) throw pageNotFoundResponse()
  const page = parsePage(request)
  const directory = await cachedCategoryDirectory(stateCode, params.city ?? '', category, page)
  if (!directory) return cityLandingFallback(request, stateCode, params.city ?? '', `/category/${category}`)
  if (page > directory.venues.pageCount) throw pageNotFoundResponse()
  return directory
}

export default function CategoryLandingPage() {
  const directory = useLoaderData<typeof loader>()
  const origin = useOrigin()
  return <CityDirectory {...directory} origin={origin} />
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return seo({ matches, title: 'Page not found', noIndex: true })
  const { city, stateCode, venues, venueType } = data
  const kind = typePlural(venueType)
  const page = venues.page > 1 ? ` (page ${venues.page})` : ''
  return seo({
    matches,
    title: `${kind} in ${city}, ${stateCode}${page}`,
    description: `${venues.total} ${kind.toLowerCase()} in ${city}, ${stateCode} for live music and events: compare capacity, day rates and open dates, then book.`,
    path: pagePath(categoryPath(data, venueType), venues.page),
  })
}

export { GeneralErrorBoundary as ErrorBoundary }

/** Links and nothing else: the page ships no JavaScript (see app/web/route-handle.ts). */
export const handle = NO_SCRIPTS
