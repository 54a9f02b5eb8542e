import type { ServerGeo } from './geo-context'
import { globePaths } from './globe-layers'
import { US_STATES } from './us-states.server'

// Most globes render at the default rotation and size, and the 'Rotate west/east' links step in
// fixed increments, so a small cache saves re-projecting the land for most requests.
const globeCache = new Map<string, ReturnType<typeof globePaths>>()
const GLOBE_CACHE_SIZE = 64

export const serverGeo: ServerGeo = {
  usStatePaths: Object.fromEntries(US_STATES.map((s) => [s.code, s.d])),
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
