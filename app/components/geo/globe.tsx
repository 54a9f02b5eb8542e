import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { cx } from '~/core/cx'
import { useHydrated } from '~/hooks/use-hydrated'
import { useServerGeo } from './geo-context'
import { globeScale, orthographic, r1, type GeoPoint } from './project'

/** [lng, lat] of the point facing the viewer. */
export type GlobeRotation = readonly [number, number]

/** The contiguous US. */
export const US_CENTRE: GlobeRotation = [-98, 39]
const LINK_STEP = 30
const KEY_STEP = 10

function normalise(lng: number, lat: number): [number, number] {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180
  return [r1(wrapped), r1(Math.min(90, Math.max(-90, lat)))]
}

/** Reads a `?rot=<lng>,<lat>` value; undefined when absent or malformed. */
export function parseRotation(value: string | null | undefined): [number, number] | undefined {
  const match = /^(-?\d{1,3}(?:\.\d+)?),(-?\d{1,2}(?:\.\d+)?)$/.exec(value ?? '')
  return match ? normalise(Number(match[1]), Number(match[2])) : undefined
}

export type GlobeProps = {
  points: readonly GeoPoint[]
  rotation?: GlobeRotation
  /** Width and height of the drawing in SVG units; CSS decides the size on screen. */
  size?: number
  /** The globe's accessible name. */
  title?: string
  className?: string
  /** Builds the 'Rotate west/east' links for browsers without JavaScript, e.g. `?rot=lng,lat`. */
  rotateHref?: (rotation: [number, number]) => string
}

type Layers = typeof import('./globe-layers')

/**
 * An orthographic globe with a dot per venue. The server draws it at `rotation`; after hydration
 * the land geometry loads as its own chunk and the globe turns by drag or arrow keys.
 */
export function Globe({ points, rotation = US_CENTRE, size = 400, title = 'Globe of venues', className, rotateHref }: GlobeProps) {
  const geo = useServerGeo()
  const hydrated = useHydrated()
  const titleId = useId()
  const initial = normalise(rotation[0], rotation[1])
  const [centre, setCentre] = useState(initial)
  // A new `rotation` prop (a navigation to another ?rot=) replaces wherever the globe was dragged.
  const [shownProp, setShownProp] = useState(`${initial}`)
  if (shownProp !== `${initial}`) {
    setShownProp(`${initial}`)
    setCentre(initial)
  }
  const server = geo?.globePaths(centre, size)
  const landRef = useRef<SVGPathElement>(null)
  const graticuleRef = useRef<SVGPathElement>(null)
  const layers = useRef<Layers | null>(null)
  const drawn = useRef(`${initial},${size}`)
  const drag = useRef<{ x: number; y: number } | null>(null)
  const scale = globeScale(size)
  const half = size / 2

  function draw() {
    const land = landRef.current
    const graticule = graticuleRef.current
    const key = `${centre},${size}`
    if (!layers.current || !land || !graticule || (drawn.current === key && land.hasAttribute('d'))) return
    const paths = layers.current.globePaths(centre, size)
    land.setAttribute('d', paths.land)
    graticule.setAttribute('d', paths.graticule)
    drawn.current = key
  }

  useEffect(() => {
    let live = true
    import('./globe-layers').then(
      (m) => {
        layers.current = m
        if (live) draw()
      },
      () => {}, // Without the chunk the globe stays as the server drew it, links still work.
    )
    return () => {
      live = false
    }
  }, []) // eslint-disable-line react-hooks/exhaustive-deps -- load once per mount
  useEffect(draw)

  const turn = (dLng: number, dLat: number) => setCentre(([lng, lat]) => normalise(lng + dLng, lat + dLat))

  function onPointerDown(e: PointerEvent<SVGSVGElement>) {
    if ((e.target as Element).closest('a')) return
    e.currentTarget.setPointerCapture(e.pointerId)
    drag.current = { x: e.clientX, y: e.clientY }
  }
  function onPointerMove(e: PointerEvent<SVGSVGElement>) {
    if (!drag.current) return
    // Degrees per screen pixel at the globe's centre, so the land follows the pointer.
    const perPx = 180 / Math.PI / (scale * (e.currentTarget.getBoundingClientRect().width / size))
    turn(-(e.clientX - drag.current.x) * perPx, (e.clientY - drag.current.y) * perPx)
    drag.current = { x: e.clientX, y: e.clientY }
  }
  function onKeyDown(e: KeyboardEvent<SVGSVGElement>) {
    const step = { ArrowLeft: [-KEY_STEP, 0], ArrowRight: [KEY_STEP, 0], ArrowUp: [0, KEY_STEP], ArrowDown: [0, -KEY_STEP] }[e.key]
    if (!step || e.target !== e.currentTarget) return
    e.preventDefault()
    turn(step[0]!, step[1]!)
  }

  const dots = points.flatMap((p) => {
    const at = orthographic(p.lng, p.lat, centre, scale, half)
    // Negative `facing` is geoDistance > π/2 from the centre: the far side of the globe.
    return at.facing > 0 ? [{ p, x: r1(at.x), y: r1(at.y) }] : []
  })
  const dotRadius = r1(Math.max(3, size / 80))
  const west = normalise(centre[0] - LINK_STEP, centre[1])
  const east = normalise(centre[0] + LINK_STEP, centre[1])

  return (
    <figure className={cx('flex flex-col items-center gap-2', className)}>
      <svg
        viewBox={`0 0 ${size} ${size}`}
        aria-labelledby={titleId}
        tabIndex={hydrated ? 0 : undefined}
        onPointerDown={hydrated ? onPointerDown : undefined}
        onPointerMove={hydrated ? onPointerMove : undefined}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        className={cx(
          'block h-auto w-full rounded-full select-none',
          hydrated && 'cursor-grab touch-none active:cursor-grabbing',
          '[&_a:focus-visible]:outline-none [&_a:focus-visible_circle]:stroke-accent [&_a:focus-visible_circle]:stroke-[3] dark:[&_a:focus-visible_circle]:stroke-accent-light',
        )}
      >
        <title id={titleId}>{hydrated ? `${title}. Drag or use the arrow keys to turn it.` : title}</title>
        <circle cx={half} cy={half} r={scale} className="fill-sky-50 dark:fill-slate-900" />
        <path
          ref={graticuleRef}
          d={server?.graticule}
          suppressHydrationWarning
          className="fill-none stroke-sky-200 stroke-[0.5] dark:stroke-white/10"
        />
        <path
          ref={landRef}
          d={server?.land}
          suppressHydrationWarning
          className="fill-neutral-300 stroke-white stroke-[0.5] dark:fill-neutral-700 dark:stroke-slate-900"
        />
        <circle cx={half} cy={half} r={scale} className="fill-none stroke-neutral-400 dark:stroke-neutral-500" />
        <g
          data-dots=""
          className="fill-header stroke-white stroke-[1.5] dark:fill-brand dark:stroke-neutral-950 [&_a:hover_circle]:fill-accent dark:[&_a:hover_circle]:fill-accent-light"
        >
          {dots.map(({ p, x, y }) => (
            <a key={p.id} href={p.href}>
              <title>{p.label}</title>
              <circle cx={x} cy={y} r={dotRadius} />
            </a>
          ))}
        </g>
      </svg>
      {rotateHref ? (
        <figcaption className="flex gap-4 text-sm">
          {[
            { label: 'Rotate west', to: west },
            { label: 'Rotate east', to: east },
          ].map(({ label, to }) => (
            <a
              key={label}
              href={rotateHref(to)}
              className="link"
              // With JavaScript the globe turns in place instead of reloading the page.
              onClick={(e) => {
                if (!hydrated || e.metaKey || e.ctrlKey || e.shiftKey) return
                e.preventDefault()
                setCentre(to)
              }}
            >
              {label}
            </a>
          ))}
        </figcaption>
      ) : null}
    </figure>
  )
}
