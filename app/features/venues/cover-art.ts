import { createRng } from '../../core/random'
import type { VenuePhoto } from '../../db/schema'
import type { VenueType } from '../../core/domain'
import { H, SCENE_DESCRIPTIONS, SCENES, W, type Draw, type Palette } from './venue-scenes'

/** The light a picture is drawn in: seeded venue photos 1, 2 and 3 are evening, day and night. */
export const LIGHTS = ['evening', 'day', 'night'] as const
export type Light = (typeof LIGHTS)[number]

const LIGHT_PHRASES: Record<Light, string> = { evening: 'in the evening', day: 'by day', night: 'at night' }

export type CoverArtOptions = {
  /** Any string; the same seed always draws the same picture. */
  seed: string
  type: VenueType
  /** Defaults to a light chosen from the seed. */
  light?: Light
  width?: number
  height?: number
  /** Accessible name; defaults to what the picture shows (artDescription). */
  title?: string
}

const BRAND = { primary: '#00C389', blue: '#1E88E5', pink: '#FF4F9A' }

// Backgrounds per light (walls indoors, sky outdoors); the seed picks one and an accent.
const PALETTES: Record<Light, Omit<Palette, 'accent' | 'day'>[]> = {
  evening: [
    { top: '#2A1838', bottom: '#7B3F61', floor: '#3E2723', ink: '#140A12', light: '#FFCC80' },
    { top: '#1A0F0A', bottom: '#8D3B12', floor: '#3B2A20', ink: '#120A06', light: '#FFD54F' },
    { top: '#231942', bottom: '#9F5F80', floor: '#2D2238', ink: '#120B1F', light: '#FFAF7B' },
  ],
  day: [
    { top: '#8ECAE6', bottom: '#E0F2FE', floor: '#B08968', ink: '#37474F', light: '#FFF59D' },
    { top: '#CFD8DC', bottom: '#F5F5F5', floor: '#A1887F', ink: '#455A64', light: '#FFF9C4' },
    { top: '#B3E5FC', bottom: '#FFF8E1', floor: '#BCAAA4', ink: '#3E4A52', light: '#FFECB3' },
  ],
  night: [
    { top: '#0B1026', bottom: '#283593', floor: '#15172B', ink: '#04060F', light: '#80D8FF' },
    { top: '#06141B', bottom: '#11404F', floor: '#0C1F26', ink: '#020709', light: '#7FFFD4' },
    { top: '#140A1F', bottom: '#4A148C', floor: '#1C1030', ink: '#07030C', light: '#EA80FC' },
  ],
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

function dimension(value: number | undefined, fallback: number) {
  return Number.isFinite(value) && value! >= 1 && value! <= 4000 ? Math.round(value!) : fallback
}

function drawer(seed: string): Draw {
  return createRng(seed)
}

function hash(text: string) {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return (h >>> 0).toString(36)
}

/** The light of seeded photo n (1-based): evening, day, night, evening… */
export function photoLight(n: number): Light {
  return LIGHTS[(Math.max(1, Math.floor(n)) - 1) % LIGHTS.length]!
}

/** What a picture of this type in this light shows, in a sentence fragment for alt text. */
export function artDescription(type: VenueType, light: Light) {
  return `Drawing of ${SCENE_DESCRIPTIONS[type]}, ${LIGHT_PHRASES[light]}`
}

/**
 * A small, deterministic SVG of a venue of the given type (a church's nave, a gallery's walls, an
 * arena's bowl…): the type decides what is drawn, the seed its colours and details. Under 4 KB, so
 * it can stand in for a photo anywhere.
 */
export function coverArt({ seed, type, light, width, height, title }: CoverArtOptions): string {
  const r = drawer(`${type}:${seed}`)
  const chosenLight = light ?? r.pick(LIGHTS)
  const palette: Palette = {
    ...r.pick(PALETTES[chosenLight]),
    accent: r.pick([BRAND.primary, BRAND.blue, BRAND.pink]),
    day: chosenLight === 'day',
  }
  // Element ids carry a hash of the seed so several inlined pictures do not share them.
  const id = `c${hash(`${type}:${seed}`)}`
  const label = title ?? artDescription(type, chosenLight)
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${dimension(width, W)}" height="${dimension(height, H)}" preserveAspectRatio="xMidYMid slice" role="img" aria-labelledby="${id}t">` +
    `<title id="${id}t">${escapeXml(label)}</title>` +
    `<defs><linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#${id}s)"/>` +
    SCENES[type](r, palette, id) +
    `</svg>`
  )
}

/** The three pictures a venue lists, seeded or new. */
export function venuePhotos(venue: {
  id: string
  name: string
  type: VenueType
  city: string
  stateCode: string
  address: string
}): VenuePhoto[] {
  // The pictures are drawn for the venue's type (this module); the alt text says what is drawn
  // (not the venue's name: pages and cards show it beside the picture, and the page stays small).
  return [1, 2, 3].map((n) => ({
    url: `/art/venue/${venue.type}/${venue.id}-${n}.svg`,
    width: 1200,
    height: 800,
    alt: artDescription(venue.type, photoLight(n)),
  }))
}
