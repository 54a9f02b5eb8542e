import { Link } from '@remix-run/react'
import type { Crumb } from '~/web/structured-data'

/** The trail above a directory or venue page; the last crumb is the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="crumbs">
      <ol>
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1
          return (
            // The separating slash is drawn by .crumbs in app.css (not read out).
            <li key={crumb.path}>{last ? <span aria-current="page">{crumb.name}</span> : <Link to={crumb.path}>{crumb.name}</Link>}</li>
          )
        })}
      </ol>
    </nav>
  )
}
