// The MapLibre map over a server-drawn SVG map (docs/search.md, 'Maps'). Imported with import()
// once a map is shown, with its CSS, so neither is any page's first-load weight (decision 014).
// Without WebGL, or when the style cannot load, the SVG stays: pins on it link to the cards.
import type { LngLatBoundsLike, Map as MapLibreMap, Marker, Popup, StyleSpecification } from 'maplibre-gl'
import cssUrl from 'maplibre-gl/dist/maplibre-gl.css?url'

type LivePin = { id: string; lat: number; lng: number; name: string; place: string; facts: string; price: string; href: string }

export type LiveMapOptions = {
  /** The element the map fills; its parent gets `data-live="ready"` once the map has drawn. */
  container: HTMLElement
  /** MAP_STYLE_URL, or null for the built-in map of the states. */
  styleUrl: string | null
  pins: readonly LivePin[]
  /** The map's accessible name. */
  label: string
  /** Cards (with the id `venue-{id}`), linked both ways with the pins. */
  cards?: HTMLElement | null
  /** One place to centre on (a venue page), instead of fitting the pins. */
  centre?: { lat: number; lng: number }
}

/** Whether this browser can draw WebGL at all (headless or locked-down browsers may not). */
function webglAvailable() {
  try {
    const canvas = document.createElement('canvas')
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'))
  } catch {
    return false
  }
}

let cssLoaded: Promise<void> | undefined
function loadCss() {
  cssLoaded ??= new Promise<void>((resolve) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = cssUrl
    link.onload = link.onerror = () => resolve()
    document.head.append(link)
  })
  return cssLoaded
}

let statesData: Promise<GeoJSON.FeatureCollection> | undefined
/** The built-in style: the bundled state shapes on a blank background, nothing from the network. */
async function builtInStyle(dark: boolean): Promise<StyleSpecification> {
  statesData ??= fetch('/resources/geo/us-states-lnglat').then((res) => {
    if (!res.ok) throw new Error(`states: ${res.status}`)
    return res.json() as Promise<GeoJSON.FeatureCollection>
  })
  statesData.catch(() => (statesData = undefined))
  const data = await statesData
  return {
    version: 8,
    sources: { states: { type: 'geojson', data } },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': dark ? '#0a0a0a' : '#eef2f5' } },
      { id: 'states', type: 'fill', source: 'states', paint: { 'fill-color': dark ? '#262626' : '#ffffff' } },
      { id: 'borders', type: 'line', source: 'states', paint: { 'line-color': dark ? '#525252' : '#a3a3a3', 'line-width': 1 } },
    ],
  }
}

function cardOf(cards: HTMLElement | null | undefined, id: string) {
  return cards?.querySelector<HTMLElement>(`#venue-${CSS.escape(id)}`) ?? null
}

/** Hovering or focusing a card marks its pin, in either map; returns the listeners' removal. */
function linkCards(cards: HTMLElement, pinOf: (id: string) => Element | null | undefined) {
  let active: Element | null | undefined
  const set = (event: Event) => {
    const id = (event.target as Element).closest('[id^="venue-"]')?.id.slice('venue-'.length)
    const pin = id ? pinOf(id) : null
    if (pin === active) return
    active?.classList.remove('is-active')
    pin?.classList.add('is-active')
    active = pin
  }
  const clear = (event: Event) => {
    const to = (event as FocusEvent | PointerEvent).relatedTarget as Element | null
    if (to && cards.contains(to)) return
    active?.classList.remove('is-active')
    active = null
  }
  const events: [string, EventListener][] = [
    ['pointerover', set],
    ['focusin', set],
    ['pointerleave', clear],
    ['focusout', clear],
  ]
  for (const [name, fn] of events) cards.addEventListener(name, fn)
  return () => {
    for (const [name, fn] of events) cards.removeEventListener(name, fn)
  }
}

/**
 * Draws the map into `options.container` and links pins and cards. Resolves to the map's removal,
 * or null when the browser has no WebGL (the SVG map stays, its pins still linked to the cards).
 */
export async function mountLiveMap(options: LiveMapOptions): Promise<(() => void) | null> {
  const { container, cards, pins } = options
  const frame = container.parentElement
  if (!webglAvailable()) {
    const svg = frame?.querySelector('svg')
    const unlink = cards && svg ? linkCards(cards, (id) => svg.querySelector(`[data-pin="${CSS.escape(id)}"]`)) : null
    frame?.setAttribute('data-live', 'unavailable')
    return unlink
  }
  const dark = document.documentElement.classList.contains('dark')
  const [{ default: maplibregl }, style] = await Promise.all([import('maplibre-gl'), options.styleUrl ?? builtInStyle(dark), loadCss()])
  const bounds: LngLatBoundsLike | undefined =
    options.centre || pins.length === 0
      ? undefined
      : [
          [Math.min(...pins.map((p) => p.lng)), Math.min(...pins.map((p) => p.lat))],
          [Math.max(...pins.map((p) => p.lng)), Math.max(...pins.map((p) => p.lat))],
        ]
  let map: MapLibreMap
  try {
    map = new maplibregl.Map({
      container,
      style,
      ...(bounds
        ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: 13 } }
        : options.centre
          ? { center: [options.centre.lng, options.centre.lat], zoom: options.styleUrl ? 14 : 6 }
          : { center: [-98.5, 39.5], zoom: 3 }),
      // The built-in map has states only: zooming far in shows nothing more.
      maxZoom: options.styleUrl ? 18 : 9,
      attributionControl: options.styleUrl ? { compact: true } : false,
      // Inside a page: a one-finger drag or a wheel scrolls the page, as people expect.
      cooperativeGestures: true,
      dragRotate: false,
      touchPitch: false,
      pitchWithRotate: false,
    })
  } catch {
    // WebGL refused after all (a lost context, a blocked GPU): keep the SVG.
    frame?.setAttribute('data-live', 'unavailable')
    return null
  }
  map.getCanvas().setAttribute('aria-label', options.label)
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right')
  map.once('load', () => frame?.setAttribute('data-live', 'ready'))
  // A style that cannot load (MAP_STYLE_URL down) leaves the SVG in view.
  map.on('error', () => {
    if (!map.loaded()) frame?.setAttribute('data-live', 'failed')
  })

  const markers = new Map<string, Marker>()
  let popup: Popup | null = null
  let selected: string | null = null
  const select = (pin: LivePin) => {
    if (selected) {
      markers.get(selected)?.getElement().classList.remove('is-selected')
      cardOf(cards, selected)?.classList.remove('is-selected')
    }
    selected = pin.id
    markers.get(pin.id)?.getElement().classList.add('is-selected')
    const card = cardOf(cards, pin.id)
    if (card) {
      card.classList.add('is-selected')
      // Only when the cards are in view beside the map (not behind the phone's Map view).
      if (card.getClientRects().length) card.scrollIntoView({ block: 'nearest', behavior: 'smooth' })
    }
    popup?.remove()
    const body = document.createElement('div')
    body.className = 'map-popup'
    const name = document.createElement('a')
    name.href = pin.href
    name.textContent = pin.name
    const place = document.createElement('p')
    place.textContent = pin.place
    const facts = document.createElement('p')
    facts.textContent = pin.facts
    body.append(name, place, facts)
    popup = new maplibregl.Popup({ offset: 18, maxWidth: '16rem', focusAfterOpen: false })
      .setLngLat([pin.lng, pin.lat])
      .setDOMContent(body)
      .addTo(map)
  }
  for (const pin of pins) {
    const element = document.createElement('button')
    element.type = 'button'
    element.className = 'map-pin'
    element.textContent = pin.price
    element.setAttribute('aria-label', `${pin.name}, ${pin.place}: ${pin.price}`)
    element.dataset.pin = pin.id
    element.addEventListener('click', (event) => {
      event.stopPropagation()
      select(pin)
    })
    markers.set(pin.id, new maplibregl.Marker({ element, anchor: 'bottom' }).setLngLat([pin.lng, pin.lat]).addTo(map))
  }
  const unlink = cards ? linkCards(cards, (id) => markers.get(id)?.getElement()) : null
  // A map first drawn while its box was hidden (the phone's List view) takes its size when shown.
  const resize = new ResizeObserver(() => map.resize())
  resize.observe(container)
  return () => {
    resize.disconnect()
    unlink?.()
    popup?.remove()
    map.remove()
    frame?.removeAttribute('data-live')
  }
}
