import { useId, useRef } from 'react'
import { cx } from '~/lib/cx'
import { useServerGeo } from '~/components/geo/geo-context'
import { albersUsa, r1, US_HEIGHT, US_WIDTH } from '~/components/geo/project'
import { FIPS_TO_STATE } from '~/components/geo/us-fips'
import { useStatePaths } from '~/components/geo/use-state-paths'

const STATE_CODES = Object.values(FIPS_TO_STATE).sort()

export type RouteStop = { lat: number; lng: number; label: string }

/**
 * The tour's stops in order on the US map (server-drawn state shapes, like UsMap), framed on the
 * route with a margin, joined by the route line and numbered. An image to assistive technology;
 * the itinerary next to it lists the same stops as text.
 */
export function RouteMap({ stops, title = 'Tour route', className }: { stops: readonly RouteStop[]; title?: string; className?: string }) {
  const geo = useServerGeo()
  const svgRef = useRef<SVGSVGElement>(null)
  const id = useId()
  useStatePaths(svgRef)
  const points = stops.flatMap((s, i) => {
    const xy = albersUsa(s.lng, s.lat)
    return xy ? [{ ...s, n: i + 1, x: xy[0], y: xy[1] }] : []
  })
  let viewBox = [0, 0, US_WIDTH, US_HEIGHT]
  if (points.length > 0) {
    const xs = points.map((p) => p.x)
    const ys = points.map((p) => p.y)
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    // At least a region's worth of map around the stops, in the canvas's aspect ratio.
    const w = Math.max(x1 - x0, 220) * 1.3
    const h = Math.max(y1 - y0, 140) * 1.3
    const width = Math.max(w, (h * US_WIDTH) / US_HEIGHT)
    const height = (width * US_HEIGHT) / US_WIDTH
    viewBox = [(x0 + x1) / 2 - width / 2, (y0 + y1) / 2 - height / 2, width, height].map(r1)
  }
  const unit = viewBox[2]! / 100
  const u = (k: number) => Number((unit * k).toPrecision(3))
  const rightThird = viewBox[0]! + (viewBox[2]! * 2) / 3
  const line = points.map((p) => `${r1(p.x)},${r1(p.y)}`).join(' ')
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
      {points.map((p) => (
        <g key={p.n} data-stop={p.n}>
          <circle
            cx={r1(p.x)}
            cy={r1(p.y)}
            r={u(2.2)}
            className="fill-header stroke-white dark:fill-brand dark:stroke-neutral-900"
            strokeWidth={u(0.4)}
          />
          <text
            x={r1(p.x)}
            y={r1(p.y)}
            dy="0.35em"
            textAnchor="middle"
            fontSize={u(2.4)}
            fontWeight="700"
            className="fill-white dark:fill-neutral-900"
          >
            {p.n}
          </text>
          {/* A stop in the map's right third has its name on its left, so the name stays on the map. */}
          <text
            x={r1(p.x + (p.x > rightThird ? -u(3) : u(3)))}
            y={r1(p.y)}
            dy="0.35em"
            textAnchor={p.x > rightThird ? 'end' : 'start'}
            fontSize={u(2.4)}
            className="fill-neutral-800 stroke-white dark:fill-neutral-100 dark:stroke-neutral-900"
            strokeWidth={u(0.5)}
            paintOrder="stroke"
          >
            {p.label}
          </text>
        </g>
      ))}
    </svg>
  )
}
