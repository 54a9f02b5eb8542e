import { useId, useRef } from 'react'
import { cx } from '~/core/cx'
import { useServerGeo } from '~/components/geo/geo-context'
import { r1 } from '~/components/geo/project'
import { FIPS_TO_STATE } from '~/components/geo/us-fips'
import { useStatePaths } from '~/components/geo/use-state-paths'
import { MARKER_RADIUS, MARKER_STROKE, routeMapLayout, type RouteStop } from './route-map-layout'

const STATE_CODES = Object.values(FIPS_TO_STATE).sort()

/**
 * The tour's stops in order on the US map, joined by the route line and numbered; markers too close
 * to tell apart are fanned out (./route-map-layout.ts). The itinerary beside it lists them as text.
 */
export function RouteMap({ stops, title = 'Tour route', className }: { stops: readonly RouteStop[]; title?: string; className?: string }) {
  const geo = useServerGeo()
  const svgRef = useRef<SVGSVGElement>(null)
  const id = useId()
  useStatePaths(svgRef)
  const { viewBox, unit, stops: points } = routeMapLayout(stops)
  const u = (k: number) => Number((unit * k).toPrecision(3))
  const line = points.map((p) => `${p.mx},${p.my}`).join(' ')
  return (
    <svg
      ref={svgRef}
      viewBox={viewBox.join(' ')}
      role="img"
      aria-labelledby={`${id}t`}
      aria-describedby={`${id}d`}
      className={cx('block h-auto w-full rounded-card bg-sky-50 dark:bg-neutral-900', className)}
      data-testid="route-map"
    >
      <title id={`${id}t`}>{title}</title>
      <desc id={`${id}d`}>
        {points.length ? `Stops in order: ${points.map((p) => `${p.n}. ${p.label}`).join('; ')}.` : 'No stops yet.'}
      </desc>
      <g
        className="fill-neutral-100 stroke-neutral-400 dark:fill-neutral-800 dark:stroke-neutral-600"
        strokeWidth={u(0.15)}
        strokeLinejoin="round"
      >
        {STATE_CODES.map((code) => (
          <path key={code} data-state={code} d={geo?.usStatePaths[code]} suppressHydrationWarning />
        ))}
      </g>
      {points.length > 1 ? (
        <polyline
          points={line}
          fill="none"
          className="stroke-accent dark:stroke-accent-light"
          strokeWidth={u(0.6)}
          strokeDasharray={`${u(1.6)} ${u(0.8)}`}
          strokeLinecap="round"
        />
      ) : null}
      {/* The names first, so that no name covers another stop's number. */}
      <g
        fontSize={u(2.4)}
        className="fill-neutral-800 stroke-white dark:fill-neutral-100 dark:stroke-neutral-900"
        strokeWidth={u(0.5)}
        paintOrder="stroke"
      >
        {points.map((p) => (
          <text key={p.n} x={r1(p.mx + (p.nameLeft ? -u(3) : u(3)))} y={p.my} dy="0.35em" textAnchor={p.nameLeft ? 'end' : 'start'}>
            {p.label}
          </text>
        ))}
      </g>
      {points.map((p) => (
        <g key={p.n} data-stop={p.n}>
          <circle
            cx={p.mx}
            cy={p.my}
            r={u(MARKER_RADIUS)}
            className="fill-header stroke-white dark:fill-brand dark:stroke-neutral-900"
            strokeWidth={u(MARKER_STROKE)}
          />
          <text
            x={p.mx}
            y={p.my}
            dy="0.35em"
            textAnchor="middle"
            fontSize={u(2.4)}
            fontWeight="700"
            className="fill-white dark:fill-neutral-900"
          >
            {p.n}
          </text>
        </g>
      ))}
    </svg>
  )
}
