import { useId, useRef } from 'react'
import { cx } from '~/lib/cx'
import { useServerGeo } from './geo-context'
import { albersUsa, r1, US_HEIGHT, US_WIDTH } from './project'
import { US_STATE_BOUNDS } from './us-state-bounds'
import { useStatePaths } from './use-state-paths'

export type LocationMapProps = {
  venue: { lat: number; lng: number; label: string }
  /** Other venues to show around it; the first eight that fall on the map are drawn. */
  nearby?: readonly { lat: number; lng: number; label: string }[]
  /** Two-letter code of the venue's state: the map frames this state. */
  stateCode: string
  /** Accessible name; defaults to one naming the venue. */
  title?: string
  className?: string
}

const MAX_NEARBY = 8

/**
 * A small static map for a venue page: the venue's state, the venue and a few neighbours.
 * An image to assistive technology (role="img" with a title and description), so the dots
 * are not links; the page lists the nearby venues as links next to it.
 */
export function LocationMap({ venue, nearby = [], stateCode, title, className }: LocationMapProps) {
  const geo = useServerGeo()
  const svgRef = useRef<SVGSVGElement>(null)
  const id = useId()
  useStatePaths(svgRef)
  const code = stateCode.toUpperCase()
  const bounds = US_STATE_BOUNDS[code]

  // Frame the state with a margin; an unknown state falls back to the whole country.
  const [x0, y0, x1, y1] = bounds ?? [0, 0, US_WIDTH, US_HEIGHT]
  const pad = Math.max(x1 - x0, y1 - y0) * 0.06
  const viewBox = [x0 - pad, y0 - pad, x1 - x0 + 2 * pad, y1 - y0 + 2 * pad].map(r1)
  // Dots are sized to the frame, since a small state's frame is only a few canvas units wide.
  const unitSize = Math.max(viewBox[2]!, viewBox[3]!) / 100
  const unit = (k: number) => Number((unitSize * k).toPrecision(2))

  const here = albersUsa(venue.lng, venue.lat)
  const others = nearby.flatMap((n) => {
    const xy = albersUsa(n.lng, n.lat)
    return xy ? [{ ...n, xy }] : []
  }).slice(0, MAX_NEARBY)

  const description = [
    `${venue.label} marked on a map of ${code}.`,
    others.length ? `Nearby: ${others.map((o) => o.label).join(', ')}.` : '',
  ].join(' ').trim()

  return (
    <svg
      ref={svgRef}
      viewBox={viewBox.join(' ')}
      role="img"
      aria-labelledby={`${id}t`}
      aria-describedby={`${id}d`}
      className={cx('block h-auto w-full', className)}
    >
      <title id={`${id}t`}>{title ?? `Location of ${venue.label}`}</title>
      <desc id={`${id}d`}>{description}</desc>
      {bounds ? (
        <path
          // Keyed by state so a client-side move to another state's venue mounts a fresh path,
          // which use-state-paths then fills in.
          key={code}
          data-state={code}
          d={geo?.usStatePaths[code]}
          suppressHydrationWarning
          className="fill-neutral-100 stroke-neutral-400 dark:fill-neutral-800 dark:stroke-neutral-500"
          strokeWidth={unit(0.3)}
          strokeLinejoin="round"
        />
      ) : null}
      <g className="fill-neutral-500 stroke-white dark:fill-neutral-400 dark:stroke-neutral-900" strokeWidth={unit(0.3)}>
        {others.map((o, i) => (
          <circle key={i} cx={r1(o.xy[0])} cy={r1(o.xy[1])} r={unit(1.2)} />
        ))}
      </g>
      {here ? (
        <g className="fill-header stroke-white dark:fill-brand dark:stroke-neutral-900" strokeWidth={unit(0.5)}>
          <circle cx={r1(here[0])} cy={r1(here[1])} r={unit(3.2)} className="fill-header/20 stroke-none dark:fill-brand/25" />
          <circle cx={r1(here[0])} cy={r1(here[1])} r={unit(1.8)} />
        </g>
      ) : null}
    </svg>
  )
}
