import type { ServerGeo } from './geo-context'
import { globePaths } from './globe-layers'
import { coarsenPath } from './path-writer'
import { US_STATES } from './us-states.server'

// Most globes render at the default rotation and size, and the 'Rotate west/east' links step in
// fixed increments, so a small cache saves re-projecting the land for most requests.
const globeCache = new Map<string, ReturnType<typeof globePaths>>()
const GLOBE_CACHE_SIZE = 64

const usStatePaths: Record<string, string> = Object.fromEntries(US_STATES.map((s) => [s.code, s.d]))
// 51 states and a handful of steps: computed once each.
const coarsePaths = new Map<string, string>()

export const serverGeo: ServerGeo = {
  usStatePaths,
  statePath(code, step) {
    const d = usStatePaths[code]
    if (d === undefined) return undefined
    const key = `${code}:${step}`
    let coarse = coarsePaths.get(key)
    if (coarse === undefined) {
      coarse = coarsenPath(d, step)
      coarsePaths.set(key, coarse)
    }
    return coarse
  },
  globePaths(centre, size) {
    const key = `${centre[0]},${centre[1]},${size}`
    let paths = globeCache.get(key)
    if (!paths) {
      paths = globePaths(centre, size)
      if (globeCache.size >= GLOBE_CACHE_SIZE) globeCache.delete(globeCache.keys().next().value as string)
      globeCache.set(key, paths)
    }
    return paths
  },
}
