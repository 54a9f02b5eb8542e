// Small in-process read caches for the public pages' hot reads, which every view repeats while
// they rarely change. A cache is emptied by the database's write announcements and never stores a
// load that raced a write (docs/decisions/016 and 039). Callers must not mutate a cached value.

import { onTableWrite, writesAreHeard } from '~/db/client.server'

type Entry<V> = { value: V; expires: number }

export type TtlCache<K, V> = {
  /** The cached value, or the result of `load()` (concurrent misses for one key share one load). */
  get(key: K, load: () => Promise<V>): Promise<V>
  invalidate(): void
  readonly size: number
}

export function ttlCache<K, V>({
  ttlMs,
  max = 1000,
  tables,
}: {
  ttlMs: number
  max?: number
  /** The tables the values are read from: a write to one empties the cache (see above). */
  tables?: string[]
}): TtlCache<K, V> {
  const entries = new Map<K, Entry<V>>()
  const loading = new Map<K, Promise<V>>()
  let generation = 0
  const cache: TtlCache<K, V> = {
    async get(key, load) {
      if (tables && !writesAreHeard()) return load()
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && hit.expires > now) return hit.value
      const pending = loading.get(key)
      if (pending) return pending
      const startedIn = generation
      const settle = () => {
        if (loading.get(key) === promise) loading.delete(key)
      }
      const promise: Promise<V> = load().then(
        (value) => {
          settle()
          if (startedIn === generation) {
            // Oldest first in a Map: drop the oldest entry when full.
            if (entries.size >= max && !entries.has(key)) entries.delete(entries.keys().next().value as K)
            entries.delete(key)
            entries.set(key, { value, expires: Date.now() + ttlMs })
          }
          return value
        },
        (error: unknown) => {
          settle()
          throw error
        },
      )
      loading.set(key, promise)
      return promise
    },
    invalidate() {
      generation++
      entries.clear()
      loading.clear()
    },
    get size() {
      return entries.size
    },
  }
  if (tables) onTableWrite(tables, () => cache.invalidate())
  return cache
}

/**
 * `fn` behind a ttlCache keyed by its JSON-encoded arguments, emptied by any write to `tables`.
 * For read models that depend only on those tables.
 */
export function cachedRead<A extends unknown[], V>(
  fn: (...args: A) => Promise<V>,
  { ttlMs, max = 2000, tables }: { ttlMs: number; max?: number; tables: string[] },
) {
  const cache = ttlCache<string, V>({ ttlMs, max, tables })
  const read = (...args: A) => cache.get(JSON.stringify(args), () => fn(...args))
  read.invalidate = () => cache.invalidate()
  return read
}
