import { useId, useRef } from 'react'
import { cx } from '~/core/cx'
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
  /** The grid of the state's outline, in tenths of a canvas unit: about a pixel of the drawn map. */
  pathStep: number
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
      className={cx('location-map', className)}
    >
      <title id={`${id}t`}>{layout.title}</title>
      <desc id={`${id}d`}>{layout.description}</desc>
      {layout.framed ? (
        <path
          // Keyed by state so a client-side move to another state's venue mounts a fresh path,
          // which use-state-paths then fills in.
          key={code}
          data-state={code}
          d={geo?.statePath(code, layout.pathStep)}
          suppressHydrationWarning
          strokeWidth={unit.stroke}
          strokeLinejoin="round"
        />
      ) : null}
      <g className="map-others" strokeWidth={unit.stroke}>
        {others.map(([cx, cy], i) => (
          <circle key={i} cx={cx} cy={cy} r={unit.dot} />
        ))}
      </g>
      {here ? (
        <g className="map-here" strokeWidth={unit.hereStroke}>
          <circle cx={here[0]} cy={here[1]} r={unit.halo} />
          <circle cx={here[0]} cy={here[1]} r={unit.here} />
        </g>
      ) : null}
    </svg>
  )
}
