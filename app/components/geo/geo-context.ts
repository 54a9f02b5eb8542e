// Geometry that only the server holds, handed to the map components through React context.
// entry.server.tsx provides it; in the browser the context is empty, the components keep the
// path data the server rendered, and fetch it only after a client-side navigation.
import { createContext, useContext } from 'react'
import type { GlobePaths } from './globe-layers'

export type ServerGeo = {
  /** Compact path data per state code on the 975×610 Albers USA canvas. */
  usStatePaths: Readonly<Record<string, string>>
  /** One state's path on a grid of `step` tenths of a unit (coarsenPath), for a map of that state alone. */
  statePath(code: string, step: number): string | undefined
  globePaths(centre: readonly [number, number], size: number): GlobePaths
}

export const ServerGeoContext = createContext<ServerGeo | null>(null)

export function useServerGeo() {
  return useContext(ServerGeoContext)
}
