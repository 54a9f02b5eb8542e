import { useId, useRef } from 'react'
import { cx } from '~/lib/cx'
import { useServerGeo } from './geo-context'
import { useStatePaths } from './use-state-paths'

/**
 * What a location map draws, in canvas units: plain data, computed by `locationMapLayout`
 * (location-map-layout.tsx) on the server, so the browser gets neither the projection nor the
 * state bounds (the page's JavaScript budget).
 */
export type LocationMapLayout = {
  code: string
  framed: boolean
  viewBox: string
  title: string
  description: string
  /** Stroke widths and dot radii, sized to the frame. */
  unit: { stroke: number; dot: number; hereStroke: number; halo: number; here: number }
  others: [number, number][]
  here: [number, number] | null
}

/**
 * A small static map for a venue page: the venue's state, the venue and a few neighbours.
 * An image to assistive technology (role="img" with a title and description), so the dots
 * are not links; the page lists the nearby venues as links next to it.
 */
export function LocationMapSvg({ layout, className }: { layout: LocationMapLayout; className?: string }) {
  const geo = useServerGeo()
  const svgRef = useRef<SVGSVGElement>(null)
  const id = useId()
  useStatePaths(svgRef)
  const { code, unit, others, here } = layout
  return (
    <svg
      ref={svgRef}
      viewBox={layout.viewBox}
      role="img"
      aria-labelledby={`${id}t`}
      aria-describedby={`${id}d`}
      className={cx('block h-auto w-full', className)}
    >
      <title id={`${id}t`}>{layout.title}</title>
      <desc id={`${id}d`}>{layout.description}</desc>
      {layout.framed ? (
        <path
          // Keyed by state so a client-side move to another state's venue mounts a fresh path,
          // which use-state-paths then fills in.
          key={code}
          data-state={code}
          d={geo?.usStatePaths[code]}
          suppressHydrationWarning
          className="fill-neutral-100 stroke-neutral-400 dark:fill-neutral-800 dark:stroke-neutral-500"
          strokeWidth={unit.stroke}
          strokeLinejoin="round"
        />
      ) : null}
      <g className="fill-neutral-500 stroke-white dark:fill-neutral-400 dark:stroke-neutral-900" strokeWidth={unit.stroke}>
        {others.map(([cx, cy], i) => (
          <circle key={i} cx={cx} cy={cy} r={unit.dot} />
        ))}
      </g>
      {here ? (
        <g className="fill-header stroke-white dark:fill-brand dark:stroke-neutral-900" strokeWidth={unit.hereStroke}>
          <circle cx={here[0]} cy={here[1]} r={unit.halo} className="fill-header/20 stroke-none dark:fill-brand/25" />
          <circle cx={here[0]} cy={here[1]} r={unit.here} />
        </g>
      ) : null}
    </svg>
  )
}
