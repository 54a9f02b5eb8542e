import { plural } from '~/core/words'
import { VisitBeacon } from '~/components/visit-beacon'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData, useLocation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { Globe, parseRotation, US_CENTRE } from '~/components/geo/globe'
import { SearchForm } from '~/components/search/search-form'
import { SearchResults, clusterPoints } from '~/components/search/search-results'
import { searchQueryString } from '~/features/search/search-params'
import { loadSearchPage } from '~/routes/_marketing+/search-page.server'
import { seo } from '~/web/seo'
import type { RouteHandle } from '~/web/route-handle'

const PATH = '/globe-enhanced-search'

/** The root reads this to keep the voice widget off this page (docs/product.md §2). */
export const handle = { hideVoiceWidget: true } satisfies RouteHandle

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearchPage(request, context, { clusters: true })
}

export default function GlobeSearchPage() {
  const { values, fieldErrors, result, clusters, savedIds, visit } = useLoaderData<typeof loader>()
  const location = useLocation()
  const rotation = parseRotation(new URLSearchParams(location.search).get('rot')) ?? US_CENTRE
  const base = `${PATH}${searchQueryString(values)}`
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      {visit ? <VisitBeacon src={visit} /> : null}
      <h1 className="text-3xl font-bold sm:text-4xl">Search venues</h1>
      <p className="mt-2 hidden max-w-2xl text-neutral-700 sm:block dark:text-neutral-300">
        Find a room by name, city, type, size or date. The globe lights up the cities with matches; drag it, or use the arrow keys.
      </p>
      <div className="mt-4 sm:mt-6">
        <SearchForm action={PATH} values={values} errors={fieldErrors} idPrefix="globe" />
      </div>
      <div className="mt-6 grid gap-8 sm:mt-8 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        {/* After the results on a phone (order-last), beside them from lg. */}
        <figure className="order-last h-fit lg:sticky lg:top-24 lg:order-none">
          <Globe
            points={clusterPoints(clusters, PATH, values)}
            rotation={rotation}
            size={360}
            title="Globe of the cities with matching venues"
            className="mx-auto w-full max-w-sm"
            rotateHref={([lng, lat]) => `${base}${base.includes('?') ? '&' : '?'}rot=${lng},${lat}`}
          />
          <figcaption className="mt-2 text-center text-sm text-neutral-600 dark:text-neutral-400">
            {clusters.length
              ? `${plural(clusters.length, 'city')} with matches. Select a dot to search there.`
              : 'No matching cities to show.'}
          </figcaption>
        </figure>
        <SearchResults result={result} savedIds={savedIds} pathname={PATH} values={values} className="min-w-0 space-y-6" />
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  seo({
    matches,
    title: 'Search venues',
    description: 'Search US live-music and event venues by name, city, type, capacity and date, on an interactive globe.',
    path: PATH,
    noIndex: location.search.length > 1,
  })

export { GeneralErrorBoundary as ErrorBoundary }
