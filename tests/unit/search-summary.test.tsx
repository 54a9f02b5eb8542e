import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test, vi } from 'vitest'
import { ResultSummary } from '~/components/search/search-results'
import type { SearchResult } from '~/features/search/search.server'

vi.mock('@remix-run/react', () => ({ Link: () => null }))

const result = (overrides: Partial<SearchResult>): SearchResult => ({
  venues: [],
  total: 0,
  totalIsLowerBound: false,
  page: 1,
  limit: 24,
  pageCount: 0,
  sort: 'newest',
  order: 'desc',
  place: null,
  date: null,
  end: null,
  text: null,
  city: null,
  ...overrides,
})

test('the summary names the night searched for, and the place distances are from', () => {
  // React separates adjacent text with <!-- -->; a reader sees one sentence.
  const html = renderToStaticMarkup(
    <ResultSummary
      result={result({
        sort: 'distance',
        order: 'asc',
        date: '2026-12-05',
        place: { name: 'Denver', stateCode: 'CO', lat: 39.7, lng: -105 },
      })}
    />,
  ).replaceAll('<!-- -->', '')
  expect(html).toContain('Sorted by nearest first · distances from Denver, CO · open on Dec 5, 2026')
  expect(renderToStaticMarkup(<ResultSummary result={result({})} />)).not.toContain('open on')
})

test('over the count cap the total is a lower bound', () => {
  const html = renderToStaticMarkup(<ResultSummary result={result({ total: 10_000, totalIsLowerBound: true, page: 2, pageCount: 417 })} />)
  expect(html).toContain('10,000+ venues, none on this page')
})
