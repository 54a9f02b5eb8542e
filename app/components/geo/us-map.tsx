import { Suspense, lazy, useId, useRef } from 'react'
import { cx } from '~/core/cx'
import { useHydrated } from '~/hooks/use-hydrated'
import type { Mark } from './cluster'
import { useServerGeo } from './geo-context'
import { US_HEIGHT, US_WIDTH } from './project'
import { FIPS_TO_STATE } from './us-fips'
import { useStatePaths } from './use-state-paths'

// Zoom, pan and the hover tooltip: an enhancement fetched after hydration, so it is not part of
// the page's first-load JavaScript (the 100 KB page budget).
const MapZoom = lazy(() => import('./map-zoom').then((m) => ({ default: m.MapZoom })))

export type { GeoPoint } from './project'

const STATE_CODES = Object.values(FIPS_TO_STATE).sort()

export type UsMapProps = {
  /** The dots, projected and merged on the server (usMarks in cluster.ts). */
  marks: readonly Mark[]
  /** Two-letter code of a state to tint, e.g. the one a search is filtered to. */
  highlightState?: string
  /** The map's accessible name. */
  title?: string
  className?: string
}

/**
 * The US with a dot per venue. The server draws everything; the browser bundle holds no shapes,
 * only the state codes, and keeps the server's path data (see geo-context.ts). Dots are links.
 */
export function UsMap({ marks, highlightState, title = 'Map of venues', className }: UsMapProps) {
  const geo = useServerGeo()
  const hydrated = useHydrated()
  const svgRef = useRef<SVGSVGElement>(null)
  const titleId = useId()
  const highlight = highlightState?.toUpperCase()
  // The highlighted state is drawn last so its outline is not covered by its neighbours'.
  const codes = highlight && STATE_CODES.includes(highlight) ? [...STATE_CODES.filter((c) => c !== highlight), highlight] : STATE_CODES
  useStatePaths(svgRef)

  return (
    <div className={cx('relative', className)}>
      <svg
        ref={svgRef}
        viewBox={`0 0 ${US_WIDTH} ${US_HEIGHT}`}
        aria-labelledby={titleId}
        className="block h-auto w-full select-none [&_a:focus-visible]:outline-none [&_a:focus-visible_circle]:stroke-accent [&_a:focus-visible_circle]:stroke-[3] dark:[&_a:focus-visible_circle]:stroke-accent-light"
      >
        <title id={titleId}>{title}</title>
        <g
          aria-hidden="true"
          className="fill-neutral-200 stroke-white stroke-[0.75] dark:fill-neutral-800 dark:stroke-neutral-950 [&_path]:[vector-effect:non-scaling-stroke]"
        >
          {codes.map((code) => (
            <path
              key={code}
              data-state={code}
              // Server only: the browser keeps the server's `d` (hence no hydration warning).
              d={geo?.usStatePaths[code]}
              suppressHydrationWarning
              className={code === highlight ? 'fill-brand/25 stroke-header dark:fill-brand/20 dark:stroke-brand' : undefined}
            />
          ))}
        </g>
        <g
          data-dots=""
          className="fill-header stroke-white stroke-[1.5] dark:fill-brand dark:stroke-neutral-950 [&_a:hover_circle]:fill-accent dark:[&_a:hover_circle]:fill-accent-light [&_circle]:[vector-effect:non-scaling-stroke]"
        >
          {marks.map((m) =>
            m.href ? (
              <a key={m.key} href={m.href}>
                <title>{m.label}</title>
                <circle cx={m.x} cy={m.y} r={m.r} />
              </a>
            ) : (
              <g key={m.key}>
                <title>{m.label}</title>
                <circle cx={m.x} cy={m.y} r={m.r} />
              </g>
            ),
          )}
        </g>
      </svg>
      {hydrated ? (
        <Suspense fallback={null}>
          <MapZoom svgRef={svgRef} width={US_WIDTH} height={US_HEIGHT} revision={marks} />
        </Suspense>
      ) : null}
    </div>
  )
}
