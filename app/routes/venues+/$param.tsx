import { redirect, replace, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { JsonLd } from '~/components/json-ld'
import { LandingHeader, VenueGrid } from '~/components/venue/landing'
import { plural } from '~/core/words'
import { US_STATES } from '~/core/domain'
import { venueNotFoundResponse } from '~/web/not-found.server'
import { seo } from '~/web/seo'
import { breadcrumbJsonLd, directoryCrumbs, itemListJsonLd } from '~/web/structured-data'
import { cityPath, statePath, venuePath } from '~/features/venues/venue-urls'
import { cachedStateDirectory } from '~/features/venues/venue-directory.server'
import { resolveVenueParam } from '~/features/venues/venues.server'
import { getUser } from '~/features/accounts/guards.server'
import { NO_SCRIPTS } from '~/web/route-handle'
import { shareResponse } from '~/web/page-serving.server'
import { useOrigin } from '~/hooks/root-data'

/**
 * /venues/{param} (docs/product.md §2): a venue id or slug is a 301 to its one canonical URL (a
 * server redirect never becomes a history entry); a state code is its landing page; anything else,
 * or an unlisted venue, is the 'Venue Not Found' 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  shareResponse(context, 60, 600)
  const param = params.param ?? ''
  const resolved = await resolveVenueParam(await getUser(request), param)
  if (resolved.kind === 'venue') throw replace(venuePath(resolved.venue), 301)
  if (resolved.kind === 'unknown') throw venueNotFoundResponse()
  if (param !== param.toLowerCase()) throw redirect(statePath(resolved.stateCode), 301)
  return cachedStateDirectory(resolved.stateCode)
}

export default function StateLandingPage() {
  const { stateCode, cities, topVenues, total } = useLoaderData<typeof loader>()
  const origin = useOrigin()
  const stateName = US_STATES[stateCode] ?? stateCode
  const crumbs = directoryCrumbs({ stateCode })
  return (
    <>
      <JsonLd
        data={[
          breadcrumbJsonLd(crumbs, origin),
          itemListJsonLd(
            `Cities with venues in ${stateName}`,
            cities.map((city) => ({ name: `${city.city}, ${stateCode}`, path: cityPath({ stateCode, citySlug: city.citySlug }) })),
            origin,
          ),
        ]}
      />
      <LandingHeader crumbs={crumbs} title={`Live music and event venues in ${stateName}`}>
        {total > 0 ? (
          <p>
            {plural(total, 'venue')} in {plural(cities.length, 'city', 'cities')}, with real capacities and day rates.
          </p>
        ) : (
          <p>No venues are listed in {stateName} yet.</p>
        )}
      </LandingHeader>
      <div className="mx-auto max-w-7xl space-y-14 px-4 py-10">
        {cities.length > 0 ? (
          <section aria-labelledby="cities-heading">
            <h2 id="cities-heading" className="text-2xl">
              Cities
            </h2>
            <ul className="mt-6 grid gap-3 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
              {cities.map((city) => (
                <li key={city.citySlug}>
                  <Link
                    to={cityPath({ stateCode, citySlug: city.citySlug })}
                    className="flex items-center justify-between gap-3 card px-4 py-3 font-medium hover:underline"
                  >
                    <span>{city.city}</span>
                    <span className="shrink-0 text-sm font-normal text-neutral-600 dark:text-neutral-400">
                      {plural(city.count, 'venue')}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : (
          <p>
            <Link to="/venues-mosaic" className="link">
              Browse All Venues
            </Link>
          </p>
        )}
        {topVenues.length > 0 ? (
          <section aria-labelledby="top-heading">
            <h2 id="top-heading" className="text-2xl">
              Top venues in {stateName}
            </h2>
            <div className="mt-6">
              <VenueGrid venues={topVenues} eagerCount={4} />
            </div>
          </section>
        ) : null}
      </div>
    </>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return seo({ matches, title: 'Venue Not Found', noIndex: true })
  const stateName = US_STATES[data.stateCode] ?? data.stateCode
  const cityNames = data.cities.slice(0, 3).map((city) => city.city)
  return seo({
    matches,
    title: `Venues in ${stateName}`,
    description:
      data.total > 0
        ? `Compare ${data.total} live-music and event venues in ${stateName}${cityNames.length ? `, including ${cityNames.join(', ')}` : ''}: capacity, day rates and open dates.`
        : `Live-music and event venues in ${stateName} on Stagepass.`,
    path: statePath(data.stateCode),
    noIndex: data.total === 0,
  })
}

export { GeneralErrorBoundary as ErrorBoundary }

/** Links and nothing else: the page ships no JavaScript (see app/web/route-handle.ts). */
export const handle = NO_SCRIPTS
