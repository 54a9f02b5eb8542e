// A geoPath context that writes the shortest path data we can cheaply make: coordinates rounded
// to 0.1 on an integer grid, relative commands with implicit repeats ("m12.3 4.5.1-.2z"), and
// points that round onto the previous one dropped. About half the bytes of geoPath().digits(1).

function num(tenths: number) {
  const sign = tenths < 0 ? '-' : ''
  const a = Math.abs(tenths)
  const int = Math.floor(a / 10)
  const dec = a % 10
  return sign + (dec ? (int ? `${int}.${dec}` : `.${dec}`) : `${int}`)
}

import type { GeoContext } from 'd3-geo'

export class PathWriter implements GeoContext {
  private out = ''
  private x = 0
  private y = 0
  private startX = 0
  private startY = 0
  /** The last token written, to know whether the next number needs a separator. */
  private last = ''

  private pair(dx: number, dy: number) {
    for (const token of [num(dx), num(dy)]) {
      const glue = this.last === '' || token.startsWith('-') || (token.startsWith('.') && this.last.includes('.')) ? '' : ' '
      this.out += glue + token
      this.last = token
    }
  }

  moveTo(x: number, y: number) {
    const ix = Math.round(x * 10)
    const iy = Math.round(y * 10)
    this.out += 'm'
    this.last = ''
    this.pair(ix - this.x, iy - this.y)
    this.x = this.startX = ix
    this.y = this.startY = iy
  }

  lineTo(x: number, y: number) {
    const ix = Math.round(x * 10)
    const iy = Math.round(y * 10)
    if (ix === this.x && iy === this.y) return
    this.pair(ix - this.x, iy - this.y)
    this.x = ix
    this.y = iy
  }

  closePath() {
    this.out += 'z'
    this.last = ''
    this.x = this.startX
    this.y = this.startY
  }

  /** geoPath draws Point geometries as arcs; we never pass points, so nothing to draw. */
  arc() {}

  beginPath() {}

  /** Returns the path data written since the last call and starts afresh. */
  take() {
    const d = this.out
    this.out = ''
    this.x = this.y = this.startX = this.startY = 0
    this.last = ''
    return d
  }
}
