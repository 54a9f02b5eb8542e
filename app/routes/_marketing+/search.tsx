import { useEffect } from 'react'
import { VisitBeacon } from '~/components/visit-beacon'
import { trackEvent } from '~/features/analytics/track'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { SearchForm } from '~/components/search/search-form'
import { ResultsWithMap } from '~/components/search/results-map'
import { SearchResults } from '~/components/search/search-results'
import { loadSearchPage } from '~/routes/_marketing+/search-page.server'
import { seo } from '~/web/seo'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearchPage(request, context, { map: true })
}

export default function SearchPage() {
  const { values, fieldErrors, result, savedIds, visit, mapMarks } = useLoaderData<typeof loader>()
  // The visit beacon counts the search (VisitBeacon); this event only records that the script ran.
  const total = result?.total
  useEffect(() => {
    if (total !== undefined && Object.keys(values).length > 0) trackEvent('search', { properties: { results: total } })
  }, [total, values])
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      {visit ? <VisitBeacon src={visit} /> : null}
      <h1 className="text-3xl font-bold sm:text-4xl">Search venues</h1>
      <p className="mt-2 hidden max-w-2xl text-neutral-700 sm:block dark:text-neutral-300">
        Type a name, a city or a style of room, then narrow it down. Spelling slips are fine: “nashvile” finds Nashville.
      </p>
      <div className="mt-4 sm:mt-6">
        <SearchForm action="/search" values={values} errors={fieldErrors} idPrefix="search" />
      </div>
      <SearchResults
        result={result}
        savedIds={savedIds}
        pathname="/search"
        values={values}
        list={mapMarks.length ? (found) => <ResultsWithMap result={found} savedIds={savedIds} marks={mapMarks} /> : undefined}
        className="mt-6 space-y-6 sm:mt-8"
      />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ matches, location }) =>
  seo({
    matches,
    title: 'Search venues',
    description: 'Search live-music and event venues across the US by name, city, type, capacity and date.',
    path: '/search',
    // Result pages for arbitrary queries are thin duplicates; the bare page is the one to index.
    noIndex: location.search.length > 1,
  })

export { GeneralErrorBoundary as ErrorBoundary }
