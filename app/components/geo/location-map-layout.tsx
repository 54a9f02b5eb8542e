// The projection and framing of a location map, run where the data is (the venue page's loader):
// the browser only renders the result (LocationMapSvg in location-map.tsx).
import { LocationMapSvg, type LocationMapLayout } from './location-map'
import { albersUsa } from './albers-usa'
import { r1, US_HEIGHT, US_WIDTH } from './project'
import { US_STATE_BOUNDS } from './us-state-bounds'

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

/** The projection and framing of a location map (the maths stays wherever this runs). */
export function locationMapLayout({ venue, nearby = [], stateCode, title }: Omit<LocationMapProps, 'className'>): LocationMapLayout {
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
  const others = nearby
    .flatMap((n) => {
      const xy = albersUsa(n.lng, n.lat)
      return xy ? [{ ...n, xy }] : []
    })
    .slice(0, MAX_NEARBY)

  const description = [
    `${venue.label} marked on a map of ${code}.`,
    others.length ? `Nearby: ${others.map((o) => o.label).join(', ')}.` : '',
  ]
    .join(' ')
    .trim()
  return {
    code,
    framed: Boolean(bounds),
    viewBox: viewBox.join(' '),
    title: title ?? `Location of ${venue.label}`,
    description,
    unit: { stroke: unit(0.3), dot: unit(1.2), hereStroke: unit(0.5), halo: unit(3.2), here: unit(1.8) },
    // The map is drawn at most about 300 px wide: a grid of about a pixel (in tenths of a unit).
    pathStep: [10, 5, 2].find((step) => (unitSize * 100) / 250 >= step / 10) ?? 1,
    others: others.map((o) => [r1(o.xy[0]), r1(o.xy[1])]),
    here: here ? [r1(here[0]), r1(here[1])] : null,
  }
}

/** The layout and the map in one (tests, and any server-only caller). */
export function LocationMap({ className, ...props }: LocationMapProps) {
  return <LocationMapSvg layout={locationMapLayout(props)} className={className} />
}
