import type { VenueType } from '../../core/domain'

/** A seeded source of numbers: the same seed always gives the same picture. */
export type Draw = { next: () => number; int: (min: number, max: number) => number; pick: <T>(items: readonly T[]) => T }

/** The colours of one picture: background gradient, floor, dark ink, lamp light and an accent. */
export type Palette = { top: string; bottom: string; floor: string; ink: string; light: string; accent: string; day: boolean }

/** Draws one scene; `id` prefixes any element id, so inlined pictures never share one. */
export type Scene = (r: Draw, p: Palette, id: string) => string

/**
 * What each drawing shows, in words: the picture's title and the alt text of seeded venue photos
 * are built from these, so a change to a drawing below must change its sentence here.
 */
export const SCENE_DESCRIPTIONS: Record<VenueType, string> = {
  club: 'a club stage with drums and amps under a mirror ball',
  bar: 'a bar counter with stools and bottles, and a corner stage',
  theater: 'a theater’s proscenium stage with red curtains and seats',
  ballroom: 'a ballroom with chandeliers, arched windows and a dance floor',
  arena: 'an arena bowl of tiered seats around a floodlit stage',
  amphitheater: 'an open-air amphitheater with a shell stage and terraces',
  brewery: 'a brewery taproom with steel tanks behind long tables',
  gallery: 'a gallery’s white walls hung with framed pictures',
  church: 'a church nave with pews and stained-glass windows',
  warehouse: 'a warehouse floor under steel roof trusses and lamps',
  outdoor: 'an outdoor stage with speaker towers on a lawn by trees',
  hotel: 'a hotel ballroom with round tables and chandeliers',
}

export const W = 1200
export const H = 800

const STAINED_GLASS = ['#E53935', '#1E88E5', '#FDD835', '#43A047', '#8E24AA']

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}"${extra}/>`

/** Round dots as zero-length strokes with round caps: a circle in a dozen bytes. */
const dots = (points: string, color: string, size: number, extra = '') =>
  `<path d="${points}" stroke="${color}" stroke-width="${size}" stroke-linecap="round"${extra}/>`

const floor = (y: number, p: Palette) => rect(0, y, W, H - y, p.floor)

/** Heads and shoulders along the bottom edge. */
function crowd(r: Draw, color: string, from = H - 150) {
  let bodies = ''
  let heads = ''
  for (let x = -20, i = 0; x < W && i < 40; x += r.int(44, 64), i++) {
    const top = from + r.int(0, 60)
    bodies += `M${x} ${H}V${top + 40}q0-18 26-18t26 18V${H}z`
    heads += `M${x + 26} ${top}h0`
  }
  return `<path d="${bodies}" fill="${color}"/>` + dots(heads, color, 34)
}

/** A chandelier: a drop, a curved arm and candle lights. */
function chandelier(x: number, y: number, p: Palette) {
  return (
    `<path d="M${x} 0V${y}M${x - 60} ${y}q60 40 120 0" stroke="${p.ink}" stroke-width="5" fill="none"/>` +
    dots(`M${x - 60} ${y - 8}h0M${x - 20} ${y + 10}h0M${x + 20} ${y + 10}h0M${x + 60} ${y - 8}h0`, p.light, 16)
  )
}

function stageDeck(x: number, y: number, w: number, p: Palette) {
  return rect(x, y, w, 40, p.ink, ' rx="4"') + rect(x, y, w, 6, p.accent)
}

function club(r: Draw, p: Palette) {
  let out = floor(560, p) + stageDeck(160, 520, 880, p)
  for (const x of [200, 910]) {
    out += rect(x, 300, 90, 220, p.ink, ' rx="6"') + dots(`M${x + 45} 360h0M${x + 45} 460h0`, p.accent, 50, ' opacity=".6"')
  }
  // Drum kit: bass drum, two toms and a cymbal on a stand.
  out += `<circle cx="600" cy="455" r="62" fill="${p.ink}" stroke="${p.accent}" stroke-width="6"/>`
  out += dots('M520 410h0M680 410h0', p.ink, 56) + `<path d="M720 520V330M680 330h80" stroke="${p.ink}" stroke-width="6"/>`
  out += `<path d="M420 520V380M400 360l40 40" stroke="${p.ink}" stroke-width="6"/>`
  // The mirror ball and its sparkles.
  out += `<path d="M600 0V80" stroke="${p.ink}" stroke-width="4"/><circle cx="600" cy="120" r="42" fill="#cfd8dc"/>`
  out += `<path d="M558 120h84M600 78v84M570 92h60M570 148h60" stroke="#78909c" stroke-width="3"/>`
  let sparkles = ''
  for (let i = 0; i < 12; i++) sparkles += `M${r.int(40, 1160)} ${r.int(30, 280)}h0`
  return out + dots(sparkles, p.light, 10) + crowd(r, '#05070A')
}

function bar(r: Draw, p: Palette) {
  let out = floor(600, p)
  // Bottles on three shelves, one path per glass colour.
  const bottles = new Map<string, string>()
  for (const y of [180, 290, 400]) {
    out += rect(60, y, 640, 10, p.ink)
    for (let x = 80; x < 680; x += r.int(34, 56)) {
      const color = r.pick(STAINED_GLASS)
      bottles.set(color, `${bottles.get(color) ?? ''}M${x} ${y}v-46l6-6v-10h10v10l6 6v46z`)
    }
  }
  for (const [color, d] of bottles) out += `<path d="${d}" fill="${color}" opacity=".85"/>`
  out += rect(40, 470, 740, 150, p.ink, ' rx="8"') + rect(30, 460, 760, 16, p.accent, ' rx="4"')
  for (let x = 110; x < 760; x += 150)
    out += `<path d="M${x} 640v150M${x - 30} 790h60" stroke="${p.ink}" stroke-width="8"/>` + rect(x - 40, 620, 80, 22, p.ink, ' rx="11"')
  // The corner stage: a deck, a microphone and an amplifier.
  out +=
    stageDeck(840, 560, 340, p) +
    `<path d="M1000 560V420M985 420h30" stroke="${p.ink}" stroke-width="6"/>` +
    rect(1080, 470, 70, 90, p.ink, ' rx="6"')
  let bulbs = ''
  for (let x = 850; x < 1180; x += 40) bulbs += `M${x} ${150 + Math.round(Math.sin((x - 850) / 52) * 30)}h0`
  return out + dots(bulbs, p.light, 14)
}

function theater(r: Draw, p: Palette) {
  const red = r.pick(['#B71C1C', '#8E1B2E', '#C62828'])
  let out = rect(0, 0, W, 560, p.ink) + rect(230, 110, 740, 390, p.top) + stageDeck(180, 480, 840, p)
  out += `<path d="M180 80H1020V500H970V140Q600 90 230 140V500H180z" fill="#C9A227"/>`
  // Curtains drawn back to either side, with folds.
  out += `<path d="M230 140Q400 120 380 500H230zM970 140Q800 120 820 500H970z" fill="${red}"/>`
  out += `<path d="M270 140V500M310 135V500M930 140V500M890 135V500" stroke="#000" stroke-opacity=".25" stroke-width="6"/>`
  let seats = ''
  for (let row = 0; row < 4; row++) {
    const y = 580 + row * 55
    const width = 70 + row * 8
    for (let x = -20 + (row % 2) * 30; x < W; x += width + 12)
      seats += `M${x} ${y + 50}V${y + 10}q0-12 ${width / 2}-12t${width / 2} 12V${y + 50}z`
  }
  return out + floor(560, p) + `<path d="${seats}" fill="${red}" stroke="#000" stroke-opacity=".3" stroke-width="3"/>`
}

function ballroom(r: Draw, p: Palette) {
  let out = ''
  const count = r.int(4, 5)
  for (let i = 0; i < count; i++) {
    const x = Math.round(80 + (i * 1040) / count + 20)
    out += `<path d="M${x} 520V200a70 70 0 0 1 140 0V520z" fill="${p.day ? '#E3F2FD' : p.light}" opacity=".7" stroke="${p.ink}" stroke-width="6"/>`
    out += `<path d="M${x + 70} 130V520M${x} 330h140" stroke="${p.ink}" stroke-width="4"/>`
  }
  // A chequered dance floor in perspective.
  let tiles = ''
  for (let row = 0; row < 5; row++) {
    for (let col = row % 2; col < 16; col += 2) {
      const y0 = 540 + row * 52
      tiles += `M${col * 75 - 30 * row} ${y0}h75l-20 52h-75z`
    }
  }
  out += floor(540, p) + `<path d="${tiles}" fill="${p.ink}" opacity=".5"/>`
  return out + chandelier(360, 110, p) + chandelier(840, 110, p)
}

function arena(r: Draw, p: Palette) {
  let out = ''
  // Tiers of the bowl, from the top row down to the floor, each dotted with seats.
  for (let tier = 0; tier < 5; tier++) {
    const ry = 420 - tier * 60
    out += `<ellipse cx="600" cy="640" rx="${760 - tier * 90}" ry="${ry}" fill="${tier % 2 ? p.ink : p.accent}" opacity="${0.35 + tier * 0.1}"/>`
  }
  let fans = ''
  for (let i = 0; i < 70; i++) fans += `M${r.int(0, 1200)} ${r.int(240, 470)}h0`
  out += dots(fans, p.light, 9, ' opacity=".8"') + `<ellipse cx="600" cy="660" rx="330" ry="120" fill="${p.floor}"/>`
  out += stageDeck(460, 560, 280, p) + rect(480, 470, 240, 90, p.ink, ' opacity=".8"')
  // Floodlight rigs at the top throwing light onto the floor.
  for (const x of [260, 600, 940]) {
    out +=
      rect(x - 50, 40, 100, 24, p.ink) + `<path d="M${x - 40} 64L${x - 160} 600H${x + 160}L${x + 40} 64z" fill="${p.light}" opacity=".12"/>`
  }
  return out
}

function sky(r: Draw, p: Palette) {
  return p.day
    ? `<circle cx="${r.int(150, 1050)}" cy="${r.int(80, 160)}" r="50" fill="#FFEB3B"/>`
    : `<circle cx="${r.int(150, 1050)}" cy="${r.int(80, 160)}" r="36" fill="#ECEFF1"/>` +
        dots(
          `M${r.int(50, 1150)} ${r.int(30, 200)}h0M${r.int(50, 1150)} ${r.int(30, 200)}h0M${r.int(50, 1150)} ${r.int(30, 200)}h0`,
          '#fff',
          5,
        )
}

const LAWN = ['#2E7D32', '#388E3C', '#33691E']

function amphitheater(r: Draw, p: Palette) {
  let out = sky(r, p) + `<path d="M0 470Q600 390 1200 470V${H}H0z" fill="${r.pick(LAWN)}"/>`
  // The shell: nested half-rings behind the stage.
  for (let i = 0; i < 4; i++)
    out += `<path d="M${360 + i * 30} 480A${240 - i * 30} ${230 - i * 30} 0 0 1 ${840 - i * 30} 480z" fill="${i % 2 ? p.ink : '#ECEFF1'}" opacity="${i % 2 ? 0.9 : 0.8}"/>`
  out += stageDeck(340, 480, 520, p)
  // Curved terraces in the foreground, stepping down to the stage.
  for (let i = 0; i < 4; i++)
    out += `<path d="M-100 ${800 - i * 60}Q600 ${560 - i * 40} 1300 ${800 - i * 60}" stroke="#BDBDBD" stroke-width="14" fill="none" opacity=".8"/>`
  return out
}

function brewery(r: Draw, p: Palette) {
  let out = ''
  let bricks = ''
  for (let y = 40; y < 560; y += 40) bricks += `M0 ${y}H${W}`
  out += `<path d="${bricks}" stroke="#000" stroke-opacity=".18" stroke-width="3"/>` + floor(560, p)
  const count = r.int(3, 5)
  for (let i = 0; i < count; i++) {
    const x = Math.round(90 + (i * 1020) / count)
    const h = r.int(260, 330)
    out += `<path d="M${x} ${520 - h}a70 40 0 0 1 140 0V470l-50 40h-40l-50-40z" fill="#B0BEC5" stroke="#607D8B" stroke-width="4"/>`
    out += `<path d="M${x + 25} ${540 - h}V460M${x + 30} 510l-10 50M${x + 110} 510l10 50" stroke="#ECEFF1" stroke-width="8"/>`
  }
  // Two long tables with benches.
  for (const y of [620, 720])
    out +=
      rect(80, y, 1040, 22, p.ink, ' rx="4"') +
      `<path d="M130 ${y + 22}v50M1070 ${y + 22}v50" stroke="${p.ink}" stroke-width="12"/>` +
      rect(60, y + 50, 1080, 12, p.ink, ' opacity=".7"')
  let bulbs = ''
  for (let x = 20; x < W; x += 60) bulbs += `M${x} ${40 + Math.round(Math.abs(Math.sin(x / 190)) * 40)}h0`
  return out + dots(bulbs, p.light, 14)
}

function gallery(r: Draw, p: Palette) {
  let out = rect(0, 0, W, 580, '#F5F5F0') + rect(0, 0, W, 580, p.top, ` opacity="${p.day ? 0 : 0.35}"`)
  let planks = ''
  for (let x = 0; x < W; x += 90) planks += `M${x} 580l${(x - 600) / 4} 220`
  out += rect(0, 580, W, 220, '#A1887F') + `<path d="${planks}" stroke="#6D4C41" stroke-width="3"/>`
  out += rect(0, 20, W, 12, '#9E9E9E')
  const count = r.int(3, 4)
  for (let i = 0; i < count; i++) {
    const w = r.int(160, 220)
    const h = r.int(150, 240)
    const x = Math.round(60 + (i * 1080) / count + (1080 / count - w) / 2)
    const y = 330 - h / 2
    // A spotlight from the ceiling track onto each framed picture.
    out += `<path d="M${x + w / 2 - 10} 32L${x - 20} ${y + h + 40}H${x + w + 20}L${x + w / 2 + 10} 32z" fill="#FFF8E1" opacity=".6"/>`
    out += rect(x, y, w, h, '#212121') + rect(x + 14, y + 14, w - 28, h - 28, r.pick(['#FAFAFA', '#FFF3E0', '#E3F2FD']))
    const color = r.pick(STAINED_GLASS)
    out +=
      r.next() < 0.5
        ? `<circle cx="${x + w / 2}" cy="${y + h / 2}" r="${Math.round(h / 5)}" fill="${color}"/>`
        : rect(x + 34, y + 34, w - 68, Math.round(h / 3), color) + rect(x + 34, y + h / 2 + 10, w - 68, 12, p.accent)
  }
  return out + rect(440, 650, 320, 26, '#37474F', ' rx="6"') + `<path d="M470 676v60M730 676v60" stroke="#37474F" stroke-width="14"/>`
}

function church(r: Draw, p: Palette, id: string) {
  let out = rect(0, 0, W, 560, p.ink, ' opacity=".35"')
  const count = r.int(2, 3)
  for (const side of [0, 1]) {
    for (let i = 0; i < count; i++) {
      const x = side ? 1100 - (i + 1) * 150 : 100 + i * 150
      const panes = [0, 1, 2].map((k) => rect(x + k * 30, 120, 30, 300, r.pick(STAINED_GLASS))).join('')
      out += `<clipPath id="${id}w${side}${i}"><path d="M${x} 420V190Q${x} 120 ${x + 45} 90Q${x + 90} 120 ${x + 90} 190V420z"/></clipPath>`
      out += `<g clip-path="url(#${id}w${side}${i})" opacity=".85">${panes}</g><path d="M${x} 420V190Q${x} 120 ${x + 45} 90Q${x + 90} 120 ${x + 90} 190V420zM${x} 300h90" stroke="${p.ink}" stroke-width="6" fill="none"/>`
    }
  }
  // The rose window and the altar at the end of the aisle.
  out += `<circle cx="600" cy="170" r="70" fill="${r.pick(STAINED_GLASS)}" stroke="${p.ink}" stroke-width="8"/><path d="M530 170h140M600 100v140" stroke="${p.ink}" stroke-width="6"/>`
  out += floor(480, p) + rect(530, 420, 140, 70, '#ECEFF1') + `<path d="M600 300v100M575 330h50" stroke="#C9A227" stroke-width="10"/>`
  let pews = ''
  for (let row = 0; row < 5; row++) {
    const y = 520 + row * 56
    const spread = 40 + row * 22
    pews += `M${520 - spread - 200 - row * 40} ${y}h${240 + row * 40}v26h-${240 + row * 40}zM${680 + spread} ${y}h${240 + row * 40}v26h-${240 + row * 40}z`
  }
  return out + `<path d="${pews}" fill="#6D4C41" stroke="#3E2723" stroke-width="4"/>`
}

function warehouse(r: Draw, p: Palette) {
  let bricks = ''
  for (let y = 230; y < 600; y += 34) bricks += `M0 ${y}H${W}`
  let out = `<path d="${bricks}" stroke="#000" stroke-opacity=".2" stroke-width="3"/>` + floor(600, p)
  // Roof trusses: top and bottom chords with a zig-zag web between them.
  for (const y of [40, 150]) {
    let web = `M0 ${y}H${W}M0 ${y + 60}H${W}M0 ${y + 60}`
    for (let x = 0; x <= W; x += 100) web += `L${x + 50} ${y}L${x + 100} ${y + 60}`
    out += `<path d="${web}" stroke="${p.ink}" stroke-width="7" fill="none"/>`
  }
  for (const x of [120, 1080]) out += rect(x - 18, 210, 36, 390, p.ink)
  const count = r.int(4, 6)
  for (let i = 0; i < count; i++) {
    const x = Math.round(200 + (i * 800) / (count - 1))
    out += `<path d="M${x} 210v90" stroke="${p.ink}" stroke-width="3"/><path d="M${x - 30} 330l15-30h30l15 30z" fill="${p.ink}"/>`
    out += `<path d="M${x - 30} 330L${x - 110} 600H${x + 110}L${x + 30} 330z" fill="${p.light}" opacity=".14"/>`
  }
  return out + stageDeck(380, 560, 440, p) + crowd(r, '#05070A', H - 110)
}

function outdoor(r: Draw, p: Palette) {
  let out = sky(r, p) + `<path d="M0 500Q600 460 1200 500V${H}H0z" fill="${r.pick(LAWN)}"/>`
  // Trees either side.
  for (const x of [90, 220, 1000, 1120]) {
    const size = r.int(60, 90)
    out += rect(x - 10, 420, 20, 100, '#4E342E') + `<circle cx="${x}" cy="${420 - size / 2}" r="${size}" fill="#1B5E20"/>`
  }
  // The stage: deck, canopy roof on poles, speaker towers.
  out +=
    `<path d="M330 210L600 150L870 210z" fill="${p.accent}"/>` + `<path d="M350 210V480M850 210V480" stroke="${p.ink}" stroke-width="10"/>`
  out += stageDeck(330, 480, 540, p) + rect(360, 210, 480, 270, p.ink, ' opacity=".45"')
  for (const x of [270, 880])
    out += rect(x, 300, 50, 220, p.ink, ' rx="4"') + dots(`M${x + 25} 340h0M${x + 25} 420h0M${x + 25} 480h0`, '#9E9E9E', 26)
  return out + crowd(r, '#05070A', H - 120)
}

function hotel(r: Draw, p: Palette) {
  let out = rect(0, 440, W, 120, p.ink, ' opacity=".35"') + floor(560, p)
  // A small stage with a drape and a lectern.
  out += rect(420, 260, 360, 240, r.pick(['#4A148C', '#1A237E', '#880E4F']), ' opacity=".85"') + stageDeck(400, 500, 400, p)
  out += `<path d="M560 500l10-90h60l10 90z" fill="#8D6E63"/>`
  // Round tables with white cloths and chairs behind them.
  let chairs = ''
  let tables = ''
  for (const [cx, cy, rx] of [
    [180, 610, 120],
    [600, 640, 130],
    [1020, 610, 120],
    [360, 740, 140],
    [840, 740, 140],
  ] as const) {
    chairs += `M${cx - rx + 10} ${cy - 20}h0M${cx} ${cy - 40}h0M${cx + rx - 10} ${cy - 20}h0`
    tables += `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="40" fill="#FAFAFA"/><path d="M${cx - rx} ${cy}v40q${rx} 30 ${rx * 2} 0v-40" fill="#E0E0E0"/>`
    tables += dots(`M${cx - 30} ${cy - 5}h0M${cx + 30} ${cy - 5}h0`, p.light, 12)
  }
  return out + dots(chairs, p.ink, 40) + tables + chandelier(220, 140, p) + chandelier(600, 100, p) + chandelier(980, 140, p)
}

export const SCENES: Record<VenueType, Scene> = {
  club,
  bar,
  theater,
  ballroom,
  arena,
  amphitheater,
  brewery,
  gallery,
  church,
  warehouse,
  outdoor,
  hotel,
}
