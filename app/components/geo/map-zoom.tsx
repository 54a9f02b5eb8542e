// Progressive enhancement for a server-rendered map <svg>: zoom (buttons, wheel, pinch), pan by
// drag and a tooltip on hover or focus. It only rewrites the viewBox and the dots' radii, so the
// shapes stay whatever the server drew; without JavaScript none of it renders.
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useHydrated } from '~/hooks/use-hydrated'

const MAX_ZOOM = 12
const BUTTON =
  'grid size-8 place-items-center rounded-control bg-white text-lg font-semibold leading-none text-neutral-900 shadow ring-1 ring-black/10 hover:bg-neutral-100 dark:bg-card-dark dark:text-white dark:ring-white/15 dark:hover:bg-neutral-800'

type Tip = { text: string; x: number; y: number }

export function MapZoom({
  svgRef,
  width,
  height,
  revision,
}: {
  svgRef: RefObject<SVGSVGElement | null>
  width: number
  height: number
  revision?: unknown
}) {
  const hydrated = useHydrated()
  const view = useRef({ x: 0, y: 0, k: 1 })
  const baseRadius = useRef(new WeakMap<SVGCircleElement, number>())
  const [tip, setTip] = useState<Tip | null>(null)
  const [zoomed, setZoomed] = useState(false)

  function apply() {
    const svg = svgRef.current
    if (!svg) return
    const v = view.current
    const w = width / v.k
    const h = height / v.k
    v.x = Math.min(Math.max(v.x, 0), width - w)
    v.y = Math.min(Math.max(v.y, 0), height - h)
    svg.setAttribute('viewBox', [v.x, v.y, w, h].map((n) => n.toFixed(1)).join(' '))
    // Dots grow a little as the map zooms, but far less than the map, so neighbours separate.
    for (const circle of svg.querySelectorAll<SVGCircleElement>('[data-dots] circle')) {
      let r = baseRadius.current.get(circle)
      if (r === undefined) baseRadius.current.set(circle, (r = Number(circle.getAttribute('r'))))
      circle.setAttribute('r', String(r / v.k ** 0.8))
    }
    svg.style.touchAction = v.k > 1 ? 'none' : 'pan-y'
    setZoomed(v.k > 1)
    setTip(null)
  }

  /** Zooms by `factor` keeping the canvas point (cx, cy) where it is on screen. */
  function zoomAt(factor: number, cx: number, cy: number) {
    const v = view.current
    const k = Math.min(Math.max(v.k * factor, 1), MAX_ZOOM)
    v.x = cx - (cx - v.x) * (v.k / k)
    v.y = cy - (cy - v.y) * (v.k / k)
    v.k = k
    apply()
  }

  function zoomCentre(factor: number) {
    const v = view.current
    zoomAt(factor, v.x + width / v.k / 2, v.y + height / v.k / 2)
  }

  // Re-applies the radii to dots React rendered since (new points while zoomed in).
  useEffect(() => {
    if (view.current.k > 1) apply()
  }, [revision]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    const svg = svgRef.current
    if (!svg) return
    svg.style.touchAction = 'pan-y'
    const pointers = new Map<number, { x: number; y: number }>()
    let moved = 0
    // Plain wheel zooms only once the user has engaged with the map, so scrolling the page past
    // it never gets caught; ctrl+wheel (and trackpad pinch, which sends it) always zooms.
    let engaged = false

    const toCanvas = (clientX: number, clientY: number) => {
      const box = svg.getBoundingClientRect()
      const v = view.current
      return { x: v.x + ((clientX - box.left) / box.width) * (width / v.k), y: v.y + ((clientY - box.top) / box.height) * (height / v.k) }
    }
    const onWheel = (e: WheelEvent) => {
      if (!engaged && !e.ctrlKey) return
      e.preventDefault()
      const p = toCanvas(e.clientX, e.clientY)
      zoomAt(Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.002)), p.x, p.y)
    }
    const onDown = (e: PointerEvent) => {
      engaged = true
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY })
      if (pointers.size === 1) moved = 0
    }
    const onMove = (e: PointerEvent) => {
      const last = pointers.get(e.pointerId)
      if (!last) return
      const box = svg.getBoundingClientRect()
      const v = view.current
      if (pointers.size === 2) {
        const other = [...pointers.entries()].find(([id]) => id !== e.pointerId)![1]
        const before = Math.hypot(last.x - other.x, last.y - other.y)
        const after = Math.hypot(e.clientX - other.x, e.clientY - other.y)
        const mid = toCanvas((e.clientX + other.x) / 2, (e.clientY + other.y) / 2)
        if (before > 0) zoomAt(after / before, mid.x, mid.y)
      } else if (pointers.size === 1) {
        const dx = e.clientX - last.x
        const dy = e.clientY - last.y
        moved += Math.abs(dx) + Math.abs(dy)
        if (moved > 4 && v.k > 1) {
          if (!svg.hasPointerCapture(e.pointerId)) svg.setPointerCapture(e.pointerId)
          v.x -= (dx / box.width) * (width / v.k)
          v.y -= (dy / box.height) * (height / v.k)
          apply()
        }
      }
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY })
    }
    const onUp = (e: PointerEvent) => {
      pointers.delete(e.pointerId)
    }
    // A drag that ends on a dot must not follow its link.
    const onClick = (e: MouseEvent) => {
      if (moved > 4 && view.current.k > 1) {
        e.preventDefault()
        e.stopPropagation()
      }
    }
    const showTip = (e: Event) => {
      const link = (e.target as Element).closest?.('[data-dots] > *')
      const text = link?.querySelector('title')?.textContent
      const wrapper = svg.parentElement
      if (!link || !text || !wrapper || pointers.size > 0) return
      const dot = link.getBoundingClientRect()
      const box = wrapper.getBoundingClientRect()
      setTip({ text, x: dot.left + dot.width / 2 - box.left, y: dot.top - box.top })
    }
    const hideTip = () => setTip(null)
    const leave = () => {
      engaged = false
      hideTip()
    }

    svg.addEventListener('wheel', onWheel, { passive: false })
    svg.addEventListener('pointerdown', onDown)
    svg.addEventListener('pointermove', onMove)
    svg.addEventListener('pointerup', onUp)
    svg.addEventListener('pointercancel', onUp)
    svg.addEventListener('click', onClick, true)
    svg.addEventListener('pointerover', showTip)
    svg.addEventListener('focusin', showTip)
    svg.addEventListener('pointerout', hideTip)
    svg.addEventListener('focusout', hideTip)
    svg.addEventListener('pointerleave', leave)
    return () => {
      svg.removeEventListener('wheel', onWheel)
      svg.removeEventListener('pointerdown', onDown)
      svg.removeEventListener('pointermove', onMove)
      svg.removeEventListener('pointerup', onUp)
      svg.removeEventListener('pointercancel', onUp)
      svg.removeEventListener('click', onClick, true)
      svg.removeEventListener('pointerover', showTip)
      svg.removeEventListener('focusin', showTip)
      svg.removeEventListener('pointerout', hideTip)
      svg.removeEventListener('focusout', hideTip)
      svg.removeEventListener('pointerleave', leave)
    }
  }, []) // eslint-disable-line react-hooks/exhaustive-deps -- listeners read refs, set up once

  if (!hydrated) return null
  return (
    <>
      <div className="absolute top-2 right-2 flex flex-col gap-1">
        <button type="button" className={BUTTON} aria-label="Zoom in" onClick={() => zoomCentre(1.6)}>
          +
        </button>
        <button type="button" className={BUTTON} aria-label="Zoom out" onClick={() => zoomCentre(1 / 1.6)} disabled={!zoomed}>
          −
        </button>
        <button
          type="button"
          className={`${BUTTON} w-auto px-2 text-xs`}
          aria-label="Reset zoom"
          disabled={!zoomed}
          onClick={() => {
            view.current = { x: 0, y: 0, k: 1 }
            apply()
          }}
        >
          Reset
        </button>
      </div>
      {tip ? (
        <div
          role="tooltip"
          className="pointer-events-none absolute z-10 max-w-56 -translate-x-1/2 -translate-y-full rounded-control bg-neutral-900 px-2 py-1 text-xs text-white shadow dark:bg-white dark:text-neutral-900"
          style={{ left: tip.x, top: tip.y - 6 }}
        >
          {tip.text}
        </div>
      ) : null}
    </>
  )
}
