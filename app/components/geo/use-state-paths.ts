// After a client-side navigation the state <path>s mount without path data (the browser bundle
// has none): fetch it from the server once per session and fill it in. Server renders and
// hydration never get here, because their paths already carry `d`.
import { useEffect, type RefObject } from 'react'

const requests = new Map<string, Promise<Record<string, string>>>()

function load(url: string) {
  let request = requests.get(url)
  if (!request) {
    request = fetch(url).then((res) => (res.ok ? (res.json() as Promise<Record<string, string>>) : {}))
    request.catch(() => requests.delete(url))
    requests.set(url, request)
  }
  return request
}

export function useStatePaths(ref: RefObject<SVGSVGElement | null>) {
  useEffect(() => {
    const missing = [...(ref.current?.querySelectorAll<SVGPathElement>('path[data-state]:not([d])') ?? [])]
    if (missing.length === 0) return
    // One state (a venue's map) asks for just that state; anything more shares the full set.
    const url = missing.length === 1 ? `/resources/geo/us-states?state=${missing[0]?.dataset.state}` : '/resources/geo/us-states'
    let live = true
    load(url).then(
      (paths) => {
        if (!live) return
        for (const path of missing) {
          const d = paths[path.dataset.state ?? '']
          if (d) path.setAttribute('d', d)
        }
      },
      () => {}, // A missing outline leaves the dots on a blank canvas; nothing to tell the user.
    )
    return () => {
      live = false
    }
  })
}
