import { useRef, useState, type RefObject } from 'react'
import type { Mark } from '~/components/geo/cluster'
import { useServerGeo } from '~/components/geo/geo-context'
import { FIPS_TO_STATE } from '~/components/geo/us-fips'
import { useStatePaths } from '~/components/geo/use-state-paths'
import { useLiveMap } from '~/components/geo/use-live-map'
import { formatCount } from '~/core/format'
import { formatUsd } from '~/core/money'
import { useHydrated } from '~/hooks/use-hydrated'
import { venuePath } from '~/features/venues/venue-urls'
import type { SearchResult, SearchVenue } from '~/features/search/search.server'
import { ResultGrid } from './search-results'

const LABEL = 'Map of the venues on this page'
const STATE_CODES = Object.values(FIPS_TO_STATE)

/**
 * The states with a dot per venue, as the loader projected them (so this page carries no
 * projection code), each dot a link to its card; dots that would overlap are one with their count,
 * a link to the results in that city. Drawn like UsMap (us-map.tsx), without its zoom.
 */
function ResultsSvg({ marks }: { marks: readonly Mark[] }) {
  const geo = useServerGeo()
  const svgRef = useRef<SVGSVGElement>(null)
  useStatePaths(svgRef)
  return (
    // The canvas of us-atlas's albers files (project.ts's US_WIDTH × US_HEIGHT). At the top of the
    // tall box beside the cards, so the states are on the first screen until the live map draws.
    <svg ref={svgRef} viewBox="0 0 975 610" preserveAspectRatio="xMidYMin meet" className="results-map-svg">
      <title>{LABEL}</title>
      <g aria-hidden="true">
        {STATE_CODES.map((code) => (
          // Server only: the browser keeps the server's `d` (hence no hydration warning).
          <path key={code} data-state={code} d={geo?.usStatePaths[code]} suppressHydrationWarning />
        ))}
      </g>
      {marks.map((m) => (
        <a key={m.key} href={m.href} data-pin={(m.ids ?? [m.key]).join(' ')} data-count={m.count > 1 ? m.count : undefined}>
          <title>{m.label}</title>
          <circle cx={m.x} cy={m.y} r={m.r} />
          {m.count > 1 ? (
            <text x={m.x} y={m.y} dy="0.35em" textAnchor="middle" aria-hidden="true">
              {m.count}
            </text>
          ) : null}
        </a>
      ))}
    </svg>
  )
}

/**
 * The cards with the map beside them from 1024 px; on a phone a List/Map switch (with JavaScript;
 * without it the map follows the cards, its pins linking to them).
 */
export function ResultsWithMap({ result, savedIds, marks }: { result: SearchResult; savedIds: string[]; marks: readonly Mark[] }) {
  const hydrated = useHydrated()
  const [view, setView] = useState<'list' | 'map'>('list')
  const list = useRef<HTMLDivElement>(null)
  // Shown beside the cards from 1024 px, or in the phone's Map view; loaded only then.
  const wide = hydrated && window.matchMedia('(min-width: 64rem)').matches
  return (
    <div className="results-with-map" data-view={hydrated ? view : undefined}>
      {hydrated ? (
        <div role="group" aria-label="Show results as" className="results-view-switch">
          {(['list', 'map'] as const).map((v) => (
            <button key={v} type="button" aria-pressed={view === v} onClick={() => setView(v)}>
              {v === 'list' ? 'List' : 'Map'}
            </button>
          ))}
        </div>
      ) : null}
      <div ref={list} className="results-list min-w-0">
        <ResultGrid result={result} savedIds={savedIds} />
      </div>
      <ResultsMap
        venues={result.venues}
        marks={marks}
        cards={list}
        shown={wide || view === 'map'}
        className="results-map-figure card hover:shadow-sm"
      />
    </div>
  )
}

/**
 * The map beside the results (docs/search.md, 'Maps'): a pin per venue on the page. The server
 * draws the states with the pins (`marks`, projected by the loader), each a link to its card;
 * once shown in a browser with WebGL, MapLibre draws over it, with the pins and cards linked both
 * ways and a popup per pin.
 */
function ResultsMap({
  venues,
  marks,
  cards,
  shown,
  className,
}: {
  venues: readonly SearchVenue[]
  marks: readonly Mark[]
  /** The list of cards the pins are linked with. */
  cards: RefObject<HTMLElement | null>
  /** False while the phone's List view hides the map: the library loads when it is first shown. */
  shown: boolean
  className?: string
}) {
  const live = useLiveMap(
    {
      label: LABEL,
      cards,
      pins: venues.map((v) => ({
        id: v.id,
        lat: v.latitude,
        lng: v.longitude,
        name: v.name,
        place: `${v.city}, ${v.stateCode}`,
        facts: `${formatCount(v.capacity)} capacity · ${formatUsd(v.dayRate)}/day`,
        price: formatUsd(v.dayRate),
        href: venuePath(v),
      })),
    },
    venues.map((v) => v.id).join(),
    shown,
  )
  return (
    <figure className={className}>
      <div className="results-map">
        <ResultsSvg marks={marks} />
        <div ref={live} className="results-map-live" />
      </div>
      <figcaption className="px-1 pt-2 text-sm text-neutral-600 dark:text-neutral-400">
        {venues.length === 1 ? 'One venue' : `${venues.length} venues`} on this page. Select a pin to see its card.
      </figcaption>
    </figure>
  )
}
