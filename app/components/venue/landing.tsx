import type { ReactNode } from 'react'
import { Breadcrumbs } from '~/components/breadcrumbs'
import { VenueCard } from '~/components/venue-card'
import type { Crumb } from '~/web/structured-data'
import type { VenueCardData } from '~/features/venues/venues.server'

/** The title band of a directory page: breadcrumbs, the page's one h1 and a line of counts. */
export function LandingHeader({ crumbs, title, children }: { crumbs: Crumb[]; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-neutral-200 bg-white dark:border-line-dark dark:bg-card-dark">
      <div className="mx-auto max-w-7xl px-4 py-8 md:py-12">
        <Breadcrumbs crumbs={crumbs} />
        <h1 className="mt-4 text-3xl leading-tight font-bold sm:text-4xl">{title}</h1>
        {children ? <div className="mt-3 max-w-3xl text-lg text-neutral-700 dark:text-neutral-300">{children}</div> : null}
      </div>
    </div>
  )
}

/** Venue cards in a responsive grid; the first row loads eagerly. */
export function VenueGrid({ venues, eagerCount = 0, columns = 4 }: { venues: VenueCardData[]; eagerCount?: number; columns?: 3 | 4 }) {
  return (
    // *:grid: each cell stretches its card to the column width even before its lazy image loads.
    <ul
      className={
        columns === 4 ? 'grid gap-6 *:grid sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4' : 'grid gap-6 *:grid sm:grid-cols-2 lg:grid-cols-3'
      }
    >
      {venues.map((venue, index) => (
        <li key={venue.id}>
          <VenueCard venue={venue} eager={index < eagerCount} />
        </li>
      ))}
    </ul>
  )
}
