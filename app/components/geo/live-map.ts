// The MapLibre map over a server-drawn SVG map (docs/search.md, 'Maps'). Imported with import()
// once a map is shown, with its CSS, so neither is any page's first-load weight (decision 014).
// Without WebGL, or when the style cannot load, the SVG stays: pins on it link to the cards.
import type { LngLatBoundsLike, Map as MapLibreMap, Marker, Popup, StyleSpecification } from 'maplibre-gl'
import cssUrl from 'maplibre-gl/dist/maplibre-gl.css?url'
import { groupPins } from './cluster'

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

/** The closest the built-in map (states only) frames results or a listing: a state's outline stays in view. */
const BUILT_IN_FIT_ZOOM = 5
/** Pins whose centres are closer than this on screen overlap: about a price pin's width. */
const CLUSTER_PX = 44

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length

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
    const unlink = cards && svg ? linkCards(cards, (id) => svg.querySelector(`[data-pin~="${CSS.escape(id)}"]`)) : null
    frame?.setAttribute('data-live', 'unavailable')
    return unlink
  }
  const isDark = () => document.documentElement.classList.contains('dark')
  const [{ default: maplibregl }, style] = await Promise.all([import('maplibre-gl'), options.styleUrl ?? builtInStyle(isDark()), loadCss()])
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
        ? { bounds, fitBoundsOptions: { padding: 48, maxZoom: options.styleUrl ? 13 : BUILT_IN_FIT_ZOOM } }
        : options.centre
          ? { center: [options.centre.lng, options.centre.lat], zoom: options.styleUrl ? 14 : BUILT_IN_FIT_ZOOM }
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
  const showPopup = (at: { lng: number; lat: number }, body: HTMLElement) => {
    popup?.remove()
    popup = new maplibregl.Popup({ offset: 18, maxWidth: '16rem', focusAfterOpen: false })
      .setLngLat([at.lng, at.lat])
      .setDOMContent(body)
      .addTo(map)
  }
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
    showPopup(pin, body)
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
  // Pins closer than a pin's width become one count bubble (docs/search.md, 'Maps'); a card then
  // marks its bubble. Regrouped at each zoom: the distances on screen change only with it.
  let bubbles: Marker[] = []
  const bubbleOf = new Map<string, HTMLElement>()
  const regroup = () => {
    for (const bubble of bubbles) bubble.remove()
    bubbles = []
    bubbleOf.clear()
    const groups = groupPins(pins, (pin) => map.project([pin.lng, pin.lat]), CLUSTER_PX)
    for (const group of groups) {
      const alone = group.length === 1
      for (const pin of group) markers.get(pin.id)?.getElement().toggleAttribute('hidden', !alone)
      if (alone) continue
      const element = document.createElement('button')
      element.type = 'button'
      element.className = 'map-cluster'
      element.textContent = String(group.length)
      const places = [...new Set(group.map((pin) => pin.place))]
      element.setAttribute('aria-label', `${group.length} venues in ${places.join('; ')}: show them`)
      element.dataset.pins = group.map((pin) => pin.id).join(' ')
      const centre = { lng: mean(group.map((pin) => pin.lng)), lat: mean(group.map((pin) => pin.lat)) }
      element.addEventListener('click', (event) => {
        event.stopPropagation()
        openGroup(group, centre)
      })
      for (const pin of group) bubbleOf.set(pin.id, element)
      bubbles.push(new maplibregl.Marker({ element }).setLngLat([centre.lng, centre.lat]).addTo(map))
    }
  }
  // A bubble zooms in while that parts its pins; at the map's closest zoom it lists its venues.
  const openGroup = (group: LivePin[], centre: { lng: number; lat: number }) => {
    const lngs = group.map((pin) => pin.lng)
    const lats = group.map((pin) => pin.lat)
    const camera = map.cameraForBounds(
      [
        [Math.min(...lngs), Math.min(...lats)],
        [Math.max(...lngs), Math.max(...lats)],
      ],
      { padding: 48 },
    )
    const target = Math.min(camera?.zoom ?? map.getMaxZoom(), map.getMaxZoom())
    if (target - map.getZoom() > 0.25) {
      map.easeTo({ center: camera?.center ?? [centre.lng, centre.lat], zoom: target })
      return
    }
    const body = document.createElement('div')
    body.className = 'map-popup'
    const heading = document.createElement('p')
    heading.textContent = `${group.length} venues here`
    const list = document.createElement('ul')
    list.className = 'map-popup-list'
    for (const pin of group) {
      const item = document.createElement('li')
      const button = document.createElement('button')
      button.type = 'button'
      button.textContent = `${pin.name} · ${pin.price}`
      button.addEventListener('click', () => select(pin))
      item.append(button)
      list.append(item)
    }
    body.append(heading, list)
    showPopup(centre, body)
    list.querySelector('button')?.focus()
  }
  map.on('zoomend', regroup)
  regroup()
  const unlink = cards ? linkCards(cards, (id) => bubbleOf.get(id) ?? markers.get(id)?.getElement()) : null
  // The built-in map follows the page's theme as the visitor switches it (a MAP_STYLE_URL has one look).
  let dark = isDark()
  const theme = new MutationObserver(() => {
    if (options.styleUrl || isDark() === dark) return
    dark = isDark()
    void builtInStyle(dark).then(
      (next) => map.setStyle(next),
      () => {},
    )
  })
  theme.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  // A map first drawn while its box was hidden (the phone's List view) takes its size when shown.
  const resize = new ResizeObserver(() => map.resize())
  resize.observe(container)
  return () => {
    theme.disconnect()
    resize.disconnect()
    unlink?.()
    for (const bubble of bubbles) bubble.remove()
    popup?.remove()
    map.remove()
    frame?.removeAttribute('data-live')
  }
}
