import { Link } from '@remix-run/react'
import { cx } from '~/core/cx'
import { pagePath } from '~/features/venues/venue-urls'

/** Previous / numbered / next links: plain links, so every page is reachable without JavaScript and by crawlers. */
export function Pagination({ path, page, pageCount }: { path: string; page: number; pageCount: number }) {
  if (pageCount <= 1) return null
  const pages = visiblePages(page, pageCount)
  const item = 'inline-flex h-10 min-w-10 items-center justify-center rounded-control px-3 text-sm font-medium'
  return (
    <nav aria-label="Pagination" className="mt-10 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={pagePath(path, page - 1)} rel="prev" className={cx(item, 'hover:bg-black/5 dark:hover:bg-white/10')}>
          ← Previous
        </Link>
      ) : null}
      {pages.map((n, index) =>
        n === null ? (
          <span key={`gap-${index}`} className={cx(item, 'text-neutral-500')} aria-hidden="true">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={pagePath(path, n)}
            aria-current={n === page ? 'page' : undefined}
            aria-label={`Page ${n}`}
            className={cx(item, n === page ? 'bg-header text-white' : 'hover:bg-black/5 dark:hover:bg-white/10')}
          >
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={pagePath(path, page + 1)} rel="next" className={cx(item, 'hover:bg-black/5 dark:hover:bg-white/10')}>
          Next →
        </Link>
      ) : null}
    </nav>
  )
}

/** 1 … 4 5 6 … 20: the first, the last, and two either side of the current page. */
export function visiblePages(page: number, pageCount: number): (number | null)[] {
  const shown = new Set([1, pageCount, page - 2, page - 1, page, page + 1, page + 2].filter((n) => n >= 1 && n <= pageCount))
  const sorted = [...shown].sort((a, b) => a - b)
  return sorted.flatMap((n, index) => (index > 0 && n - sorted[index - 1]! > 1 ? [null, n] : [n]))
}
