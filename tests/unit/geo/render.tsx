import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { ServerGeoContext } from '~/components/geo/geo-context'
import { serverGeo } from '~/components/geo/geo.server'

/** Renders as entry.server.tsx does: with the server's geometry in context. */
export function renderWithGeo(element: ReactElement) {
  return renderToStaticMarkup(<ServerGeoContext.Provider value={serverGeo}>{element}</ServerGeoContext.Provider>)
}

/** Absolute points of a path written with relative commands (m, implicit l, z). */
export function decodePath(d: string) {
  const rings: [number, number][][] = []
  let x = 0
  let y = 0
  let start: [number, number] = [0, 0]
  for (const [, cmd, body] of d.matchAll(/([mz])([^mz]*)/g)) {
    if (cmd === 'z') {
      ;[x, y] = start
      continue
    }
    const nums = (body!.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number)
    const ring: [number, number][] = []
    for (let i = 0; i < nums.length; i += 2) {
      x = Math.round((x + nums[i]!) * 10) / 10
      y = Math.round((y + nums[i + 1]!) * 10) / 10
      if (i === 0) start = [x, y]
      ring.push([x, y])
    }
    rings.push(ring)
  }
  return rings
}
