import { useEffect, useRef, type RefObject } from 'react'
import { usePublicEnv } from '~/hooks/root-data'
import type { LiveMapOptions } from './live-map'

/**
 * Puts the MapLibre map (live-map.ts) into the returned ref's element once `shown`, fetching the
 * library and its CSS only then (docs/search.md, 'Maps'). `key` says when the pins changed.
 */
export function useLiveMap(
  options: Omit<LiveMapOptions, 'container' | 'styleUrl' | 'cards'> & { cards?: RefObject<HTMLElement | null> },
  key: string,
  shown = true,
) {
  const ref = useRef<HTMLDivElement>(null)
  const styleUrl = usePublicEnv()?.mapStyleUrl ?? null
  const latest = useRef(options)
  latest.current = options
  useEffect(() => {
    const container = ref.current
    if (!shown || !container) return
    let stop: (() => void) | null | undefined
    let live = true
    import('./live-map')
      .then((m) => m.mountLiveMap({ ...latest.current, cards: latest.current.cards?.current, styleUrl, container }))
      .then(
        (remove) => (live ? (stop = remove) : remove?.()),
        () => {}, // No map library (offline, blocked): the SVG map stays.
      )
    return () => {
      live = false
      stop?.()
    }
  }, [key, styleUrl, shown])
  return ref
}
