import { plural } from '~/core/words'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Globe, parseRotation, US_CENTRE } from '~/components/geo/globe'
import { LinkButton } from '~/components/ui/button'
import { formatCount } from '~/core/format'
import { seo } from '~/web/seo'
import { venuePath } from '~/features/venues/venue-urls'
import { sampleVenuePoints } from '~/features/search/catalogue.server'
import { venueStats } from '~/features/venues/venues.server'

const SAMPLE = 400

export async function loader(_: LoaderFunctionArgs) {
  const [sample, stats] = await Promise.all([sampleVenuePoints(SAMPLE), venueStats()])
  return {
    stats,
    points: sample.map((v) => ({
      id: v.id,
      lat: v.latitude,
      lng: v.longitude,
      label: `${v.name}, ${v.city}, ${v.stateCode}`,
      href: venuePath(v),
    })),
  }
}

export default function GlobeDemoPage() {
  const { points, stats } = useLoaderData<typeof loader>()
  const location = useLocation()
  const rotation = parseRotation(new URLSearchParams(location.search).get('rot')) ?? US_CENTRE
  return (
    <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] md:items-center md:py-16">
      <figure>
        <Globe
          points={points}
          rotation={rotation}
          size={480}
          title={`Globe showing ${formatCount(points.length)} of the venues on Stagepass`}
          className="mx-auto w-full max-w-lg"
          rotateHref={([lng, lat]) => `/globe-demo?rot=${lng},${lat}`}
        />
        <figcaption className="mt-2 text-center text-sm text-neutral-600 dark:text-neutral-400">
          {formatCount(points.length)} venues, an even sample of all {formatCount(stats.venues)}. Select a dot to open the venue.
        </figcaption>
      </figure>
      <div className="space-y-4">
        <p className="text-sm font-semibold tracking-widest text-header uppercase dark:text-brand">Globe demo</p>
        <h1 className="text-4xl leading-tight font-bold">Every room on the map</h1>
        <div className="prose-body">
          <p>
            Stagepass lists {plural(stats.venues, 'venue')} in {plural(stats.cities, 'city')} across {plural(stats.states, 'state')}
            {stats.dc ? ' and DC' : ''}. Each dot on the globe is a real listing: clubs and bars, theaters and ballrooms, breweries,
            churches and open-air stages.
          </p>
          <p>
            The globe is drawn on the server, so it shows up even before any JavaScript loads and works without it (use the rotate links).
            Once the page is interactive, drag it or focus it and use the arrow keys to turn it.
          </p>
          <p>
            Looking for a particular room? The search globe shows only the cities that match what you typed, and the enhanced search adds
            amenities, genre, price and distance filters with a map of the US.
          </p>
        </div>
        <div className="flex flex-wrap gap-3 pt-2">
          <LinkButton to="/globe-enhanced-search" size="lg">
            Search Venues
          </LinkButton>
          <LinkButton to="/enhanced-search" size="lg" variant="outline">
            Enhanced search
          </LinkButton>
        </div>
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          Prefer a list?{' '}
          <Link to="/venues" className="link">
            Browse venues by state
          </Link>
          .
        </p>
      </div>
    </div>
  )
}

export const meta: MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Globe demo',
    description: 'Every Stagepass venue on an interactive globe, drawn on the server and usable without JavaScript.',
    path: '/globe-demo',
  })

export { GeneralErrorBoundary as ErrorBoundary }
