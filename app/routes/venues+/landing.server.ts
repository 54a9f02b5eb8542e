import { redirect } from '@remix-run/node'
import { US_STATES } from '~/core/domain'
import { pageNotFoundResponse } from '~/web/not-found.server'
import { resolveCity } from '~/features/search/city-catalogue.server'

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

/**
 * A city URL that names a city another way ('/venues/dc/washington-d-c', '/venues/mo/saint-louis',
 * a typo): a 301 to the city's own page, read as the search box reads cities. Otherwise a 404.
 */
export async function cityLandingFallback(request: Request, stateCode: string, citySlug: string, rest = ''): Promise<never> {
  const match = citySlug.length <= 100 ? await resolveCity(`${citySlug.replace(/-/g, ' ')}, ${stateCode}`) : null
  const city = match?.cities.length === 1 ? match.cities[0] : null
  if (city && city.slug !== citySlug)
    throw redirect(`/venues/${stateCode.toLowerCase()}/${city.slug}${rest}${new URL(request.url).search}`, 301)
  throw pageNotFoundResponse()
}
