import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { CityDirectory } from '~/components/venue/city-directory'
import { pageNotFoundResponse, parsePage } from '~/web/not-found.server'
import { seo } from '~/web/seo'
import { cityPath, pagePath } from '~/features/venues/venue-urls'
import { cachedCityDirectory } from '~/features/venues/venue-directory.server'
import { cityLandingFallback, landingState } from './landing.server'
import { NO_SCRIPTS } from '~/web/route-handle'
import { shareResponse } from '~/web/page-serving.server'
import { useOrigin } from '~/hooks/root-data'

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  shareResponse(context, 60, 600)
  const stateCode = landingState(request, params.state)
  const page = parsePage(request)
  const directory = await cachedCityDirectory(stateCode, params.city ?? '', page)
  if (!directory) return cityLandingFallback(request, stateCode, params.city ?? '')
  if (page > directory.venues.pageCount) throw pageNotFoundResponse()
  return directory
}

export default function CityLandingPage() {
  const directory = useLoaderData<typeof loader>()
  const origin = useOrigin()
  return <CityDirectory {...directory} origin={origin} />
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return seo({ matches, title: 'Page not found', noIndex: true })
  const { city, stateCode, venues, types } = data
  const page = venues.page > 1 ? ` (page ${venues.page})` : ''
  const kinds = types.slice(0, 3).map((type) => type.venueType)
  return seo({
    matches,
    title: `Venues in ${city}, ${stateCode}${page}`,
    description: `Compare ${venues.total} live-music and event venues in ${city}, ${stateCode}${kinds.length ? `, from ${kinds.join(' and ')}s` : ''}: capacity, day rates and open dates.`,
    path: pagePath(cityPath(data), venues.page),
  })
}

export { GeneralErrorBoundary as ErrorBoundary }

/** Links and nothing else: the page ships no JavaScript (see app/web/route-handle.ts). */
export const handle = NO_SCRIPTS
