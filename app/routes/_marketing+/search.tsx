import { useEffect } from 'react'
import { trackEvent } from '~/lib/track'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/error-screens'
import { BasicFields, HiddenValues, NOT_IN_BASIC_FORM, QueryField } from '~/components/search/search-fields'
import { ErrorSummary, SearchResults } from '~/components/search/search-results'
import { Button } from '~/components/ui/button'
import { SearchIcon } from '~/components/ui/icons'
import { loadSearchPage } from '~/routes/_marketing+/search-page.server'
import { seo } from '~/lib/seo'

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearchPage(request, context)
}

export default function SearchPage() {
  const { values, fieldErrors, result, savedIds } = useLoaderData<typeof loader>()
  // The server counted the search already; the beacon only records that the script ran.
  const total = result?.total
  useEffect(() => {
    if (total !== undefined && Object.keys(values).length > 0) trackEvent('search', { properties: { results: total } })
  }, [total, values])
  const location = useLocation()
  const navigation = useNavigation()
  const pending = navigation.state === 'loading' && navigation.location.pathname === '/search'
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 md:py-10">
      <h1 className="text-3xl font-bold sm:text-4xl">Search venues</h1>
      <p className="mt-2 max-w-2xl text-neutral-700 dark:text-neutral-300">
        Type a name, a city or a style of room, then narrow it down. Spelling slips are fine: “nashvile” finds Nashville.
      </p>
      {/* key: a new URL resets the uncontrolled fields to its values. */}
      <Form key={location.search} method="get" action="/search" className="mt-6 card p-4 hover:shadow-sm sm:p-6" aria-label="Search venues">
        {fieldErrors ? <ErrorSummary fieldErrors={fieldErrors} /> : null}
        <div className="flex flex-col gap-x-3 sm:flex-row sm:items-start">
          <QueryField values={values} errors={fieldErrors} idPrefix="search" className="flex-1" />
          <Button type="submit" size="lg" pending={pending} className="mb-6 sm:mt-6 sm:mb-0">
            <SearchIcon className="size-5" /> Search
          </Button>
        </div>
        <div className="grid gap-x-4 sm:grid-cols-2 md:grid-cols-4">
          <BasicFields values={values} errors={fieldErrors} idPrefix="search" />
        </div>
        <HiddenValues values={values} names={NOT_IN_BASIC_FORM} errors={fieldErrors} />
        <p className="text-sm text-neutral-600 dark:text-neutral-400">
          More filters (amenities, genre, price, distance) on{' '}
          <a href={`/enhanced-search${location.search}`} className="link">
            the enhanced search
          </a>
          .
        </p>
      </Form>
      <SearchResults result={result} savedIds={savedIds} pathname="/search" values={values} className="mt-8 space-y-6" />
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
