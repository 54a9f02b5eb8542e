import seedrandom from 'seedrandom'
import { VENUE_TYPE_LABELS, type VenueType } from './domain'

export type CoverArtOptions = {
  /** Any string; the same seed always draws the same picture. */
  seed: string
  type: VenueType
  width?: number
  height?: number
  /** Accessible name; defaults to a description of the venue type. */
  title?: string
}

const BRAND = { primary: '#00C389', header: '#2E7D32', blue: '#1E88E5' }

// Night-sky backgrounds (top, horizon) with a warm or cool glow; brand colours are the accents.
const PALETTES = [
  { top: '#0B1026', horizon: '#3A1C71', glow: '#FFAF7B' },
  { top: '#06141B', horizon: '#11404F', glow: '#7FFFD4' },
  { top: '#140A1F', horizon: '#6A1B4D', glow: '#FF6F91' },
  { top: '#0A1A12', horizon: '#1B5E20', glow: '#C6FF00' },
  { top: '#0D0D1A', horizon: '#283593', glow: '#80D8FF' },
  { top: '#1A0F0A', horizon: '#8D3B12', glow: '#FFD54F' },
] as const

type Motif = 'skyline' | 'arches' | 'hills' | 'rings'

const MOTIFS: Record<VenueType, Motif> = {
  arena: 'skyline',
  warehouse: 'skyline',
  hotel: 'skyline',
  theater: 'arches',
  ballroom: 'arches',
  church: 'arches',
  gallery: 'arches',
  amphitheater: 'hills',
  outdoor: 'hills',
  brewery: 'hills',
  club: 'rings',
  bar: 'rings',
}

const W = 1200
const H = 800
const HORIZON = 560

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeXml(text: string) {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

function dimension(value: number | undefined, fallback: number) {
  return Number.isFinite(value) && value! >= 1 && value! <= 4000 ? Math.round(value!) : fallback
}

type Draw = { next: () => number; int: (min: number, max: number) => number }

function drawer(seed: string): Draw {
  const next = seedrandom(seed)
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)) }
}

function skyline(r: Draw) {
  let d = ''
  for (let x = 0; x < W;) {
    const w = r.int(50, 130)
    d += `M${x} ${HORIZON}V${HORIZON - r.int(60, 260)}h${w}V${HORIZON}z`
    x += w + r.int(0, 12)
  }
  return `<path d="${d}" fill="#000" opacity=".45"/>`
}

function arches(r: Draw) {
  const count = r.int(3, 6)
  const span = W / count
  let d = ''
  for (let i = 0; i < count; i++) {
    const x = Math.round(i * span + span * 0.12)
    const w = Math.round(span * 0.76)
    d += `M${x} ${HORIZON}V330a${w / 2} ${w / 2} 0 0 1 ${w} 0V${HORIZON}`
  }
  return `<path d="${d}" fill="none" stroke="${BRAND.primary}" stroke-width="10" opacity=".35"/>`
}

function hills(r: Draw) {
  const a = r.int(380, 470)
  const b = r.int(400, 500)
  return (
    `<path d="M0 ${HORIZON}Q300 ${a} 600 ${HORIZON - 40}T1200 ${b - 40}V${HORIZON}H0z" fill="${BRAND.header}" opacity=".55"/>` +
    `<path d="M360 ${HORIZON}A240 190 0 0 1 840 ${HORIZON}z" fill="#fff" opacity=".12"/>`
  )
}

function rings(r: Draw) {
  let out = ''
  for (let i = 0; i < 3; i++) {
    const color = [BRAND.primary, BRAND.blue, '#FF4F9A'][i]
    out += `<circle cx="${r.int(150, 1050)}" cy="${r.int(120, 380)}" r="${r.int(60, 150)}" fill="none" stroke="${color}" stroke-width="8" opacity=".5"/>`
  }
  return out
}

const MOTIF_DRAWERS: Record<Motif, (r: Draw) => string> = { skyline, arches, hills, rings }

function beams(r: Draw, id: string) {
  let out = ''
  const count = r.int(3, 5)
  for (let i = 0; i < count; i++) {
    const x = Math.round(((i + 0.5) * W) / count)
    const spread = r.int(60, 140)
    const land = x + r.int(-260, 260)
    out += `<path d="M${x - 8} 0h16L${land + spread} ${HORIZON}H${land - spread}z" fill="url(#${id}b)"/>`
  }
  return out
}

/** Heads and shoulders along the bottom edge, a few with raised arms. */
function crowd(r: Draw) {
  let bodies = ''
  // Each head is a zero-length stroke with a round cap: a circle in a dozen bytes.
  let heads = ''
  for (let x = -20; x < W; x += r.int(44, 64)) {
    const top = H - r.int(90, 150)
    bodies += `M${x} ${H}V${top + 40}q0-18 26-18t26 18V${H}z`
    heads += `M${x + 26} ${top}h0`
    if (r.next() < 0.2) bodies += `M${x + 40} ${top + 30}l${r.int(10, 30)}-${r.int(70, 110)}l8 2-18 ${r.int(90, 110)}z`
  }
  return `<path d="${bodies}" fill="#05070A"/><path d="${heads}" stroke="#05070A" stroke-width="34" stroke-linecap="round"/>`
}

function hash(text: string) {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return (h >>> 0).toString(36)
}

/**
 * A small, deterministic SVG of an abstract stage: a night sky, light beams, a motif that hints at
 * the venue type and a crowd in silhouette. Under 4 KB, so it can stand in for a photo anywhere.
 */
export function coverArt({ seed, type, width, height, title }: CoverArtOptions): string {
  const r = drawer(`${type}:${seed}`)
  const palette = PALETTES[r.int(0, PALETTES.length - 1)]!
  const beamColor = [BRAND.primary, BRAND.blue, palette.glow][r.int(0, 2)]
  // Gradient ids carry a hash of the seed so several inlined pictures do not share them.
  const id = `c${hash(`${type}:${seed}`)}`
  const label = title ?? `Illustration of a ${VENUE_TYPE_LABELS[type].toLowerCase()} venue with a stage, lights and a crowd`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${dimension(width, W)}" height="${dimension(height, H)}" preserveAspectRatio="xMidYMid slice" role="img" aria-labelledby="${id}t">` +
    `<title id="${id}t">${escapeXml(label)}</title>` +
    `<defs><linearGradient id="${id}s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset=".7" stop-color="${palette.horizon}"/></linearGradient>` +
    `<linearGradient id="${id}b" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${beamColor}" stop-opacity=".75"/><stop offset="1" stop-color="${beamColor}" stop-opacity="0"/></linearGradient>` +
    `<radialGradient id="${id}g" cx=".5" cy="1" r=".7"><stop offset="0" stop-color="${palette.glow}" stop-opacity=".8"/><stop offset="1" stop-color="${palette.glow}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#${id}s)"/>` +
    `<ellipse cx="600" cy="${HORIZON}" rx="700" ry="320" fill="url(#${id}g)"/>` +
    MOTIF_DRAWERS[MOTIFS[type]](r) +
    beams(r, id) +
    `<rect x="180" y="${HORIZON}" width="840" height="40" rx="6" fill="#111" opacity=".85"/>` +
    `<rect x="180" y="${HORIZON}" width="840" height="6" fill="${BRAND.primary}"/>` +
    crowd(r) +
    `</svg>`
  )
}
