import { Link } from '@remix-run/react'
import type { Crumb } from '~/lib/structured-data'

/** The trail above a directory or venue page; the last crumb is the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-neutral-700 dark:text-neutral-300">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-neutral-900 dark:text-white">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link to={crumb.path} className="hover:underline">
                    {crumb.name}
                  </Link>
                  <span aria-hidden="true" className="text-neutral-400">
                    /
                  </span>
                </>
              )}
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
