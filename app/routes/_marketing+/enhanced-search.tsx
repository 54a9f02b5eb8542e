import { plural } from '~/core/words'
import { VisitBeacon } from '~/components/visit-beacon'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { UsMap } from '~/components/geo/us-map'
import { SearchForm } from '~/components/search/search-form'
import { SearchResults } from '~/components/search/search-results'
import { loadSearchPage } from '~/routes/_marketing+/search-page.server'
import { seo } from '~/web/seo'

const PATH = '/enhanced-search'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearchPage(request, context, { clusters: true })
}

export default function EnhancedSearchPage() {
  const { values, fieldErrors, result, clusters, clusterMarks, savedIds, visit } = useLoaderData<typeof loader>()
  const state = typeof values.state === 'string' ? values.state : undefined
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      {visit ? <VisitBeacon src={visit} /> : null}
      <h1 className="text-3xl font-bold sm:text-4xl">Enhanced venue search</h1>
      <p className="mt-2 hidden max-w-2xl text-neutral-700 sm:block dark:text-neutral-300">
        Every filter at once: amenities, genre, day rate, distance from a place. The map shows where the matches are, city by city.
      </p>
      <div className="mt-4 space-y-6 sm:mt-6">
        <SearchForm action={PATH} values={values} errors={fieldErrors} idPrefix="enh" label="Search filters" />
        <SearchResults
          result={result}
          savedIds={savedIds}
          pathname={PATH}
          values={values}
          className="min-w-0 space-y-6"
          aside={
            clusters.length && result ? (
              // On a phone the cards come first: the map is for wider screens.
              <figure className="hidden card p-3 hover:shadow-sm md:block">
                <UsMap marks={clusterMarks} highlightState={state} title="Map of matching venues by city" />
                <figcaption className="px-1 pt-2 text-sm text-neutral-600 dark:text-neutral-400">
                  {plural(clusters.length, 'city')}
                  {result.totalIsLowerBound ? ' among the first matches' : ''}. Select a dot to search that city.
                </figcaption>
              </figure>
            ) : null
          }
        />
      </div>
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  seo({
    matches,
    title: 'Enhanced venue search',
    description: 'Filter US venues by amenities, genre, day rate, capacity, date and distance, with a map of the matches.',
    path: PATH,
    noIndex: location.search.length > 1,
  })

export { GeneralErrorBoundary as ErrorBoundary }
