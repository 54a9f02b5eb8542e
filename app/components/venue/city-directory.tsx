import { Link } from '@remix-run/react'
import { JsonLd } from '~/components/json-ld'
import { Pagination } from '~/components/pagination'
import { LandingHeader, VenueGrid } from '~/components/venue/landing'
import { listOf, plural, pluralNoun } from '~/core/words'
import { cx } from '~/core/cx'
import { US_STATES, VENUE_TYPE_LABELS, type VenueType } from '~/core/domain'
import { breadcrumbJsonLd, directoryCrumbs, itemListJsonLd, type Crumb } from '~/web/structured-data'
import { categoryPath, cityPath, venuePath } from '~/features/venues/venue-urls'
import type { Page, TypeCount } from '~/features/venues/venue-directory.server'
import type { VenueCardData } from '~/features/venues/venues.server'

const typeLabel = (type: string) => VENUE_TYPE_LABELS[type as VenueType] ?? type

/** 'Brewery' → 'Breweries', 'Club' → 'Clubs'. */
export function typePlural(type: string) {
  return pluralNoun(typeLabel(type))
}

type Props = {
  stateCode: string
  citySlug: string
  city: string
  types: TypeCount[]
  venues: Page<VenueCardData>
  /** Set on a category page. */
  venueType?: string
  origin: string
}

function cityDirectoryCrumbs({
  stateCode,
  citySlug,
  city,
  venueType,
}: Pick<Props, 'stateCode' | 'citySlug' | 'city' | 'venueType'>): Crumb[] {
  const crumbs = directoryCrumbs({ stateCode, city, citySlug })
  if (venueType) crumbs.push({ name: typePlural(venueType), path: categoryPath({ stateCode, citySlug }, venueType) })
  return crumbs
}

/** The city list (/venues/{state}/{city}) and its category pages share this layout. */
export function CityDirectory({ stateCode, citySlug, city, types, venues, venueType, origin }: Props) {
  const place = { stateCode, citySlug }
  const path = venueType ? categoryPath(place, venueType) : cityPath(place)
  const crumbs = cityDirectoryCrumbs({ stateCode, citySlug, city, venueType })
  const cityTotal = types.reduce((sum, type) => sum + type.count, 0)
  const title = venueType ? `${typePlural(venueType)} in ${city}, ${stateCode}` : `Venues in ${city}, ${stateCode}`
  const stateName = US_STATES[stateCode] ?? stateCode
  return (
    <>
      <JsonLd
        data={[
          breadcrumbJsonLd(crumbs, origin),
          itemListJsonLd(
            title,
            venues.items.map((venue) => ({ name: venue.name, path: venuePath(venue) })),
            origin,
            (venues.page - 1) * venues.size,
          ),
        ]}
      />
      <LandingHeader crumbs={crumbs} title={title}>
        <p>
          {venueType
            ? `${plural(venues.total, typeLabel(venueType).toLowerCase(), typePlural(venueType).toLowerCase())} among ${plural(cityTotal, 'venue')} in ${city}, ${stateName}.`
            : `${plural(cityTotal, 'venue')} in ${city}, ${stateName}${types.length > 1 ? `, from ${listOf(types.slice(0, 3).map((t) => typePlural(t.venueType).toLowerCase()))}` : ''}, with capacities and day rates.`}
        </p>
      </LandingHeader>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <nav aria-label="Venue types">
          <ul className="flex flex-wrap gap-2">
            <li>
              <TypeLink to={cityPath(place)} current={!venueType} label="All venues" count={cityTotal} />
            </li>
            {types.map((type) => (
              <li key={type.venueType}>
                <TypeLink
                  to={categoryPath(place, type.venueType)}
                  current={type.venueType === venueType}
                  label={typePlural(type.venueType)}
                  count={type.count}
                />
              </li>
            ))}
          </ul>
        </nav>
        <h2 className="sr-only">{title}</h2>
        <div className="mt-8">
          <VenueGrid venues={venues.items} eagerCount={venues.page === 1 ? 4 : 0} />
        </div>
        <Pagination path={path} page={venues.page} pageCount={venues.pageCount} />
      </div>
    </>
  )
}

function TypeLink({ to, current, label, count }: { to: string; current: boolean; label: string; count: number }) {
  return (
    <Link
      to={to}
      aria-current={current ? 'page' : undefined}
      className={cx(
        'inline-flex items-center gap-2 rounded-control border px-3 py-1.5 text-sm font-medium',
        current
          ? 'border-header bg-header text-white'
          : 'border-neutral-300 bg-white hover:bg-neutral-50 dark:border-neutral-600 dark:bg-transparent dark:hover:bg-white/10',
      )}
    >
      {label}
      <span className={cx('tabular-nums', current ? 'text-white' : 'text-neutral-600 dark:text-neutral-400')}>{count}</span>
    </Link>
  )
}
