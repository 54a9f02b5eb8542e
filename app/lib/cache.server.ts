// Small in-process read caches for the public pages' hot reads (a venue by slug, its nearby
// venues, its availability preview, the home page's lists). Every query is a round trip to the
// database and some CPU in this process, and a page reads many of these on every view while they
// rarely change; these caches take the repeated reads away.
//
// Correctness rules:
// - Every service that writes what a cache holds calls its `invalidate()` in the same process, so a
//   change is visible to the next request on this instance.
// - Entries also expire after `ttlMs`: with several instances on one PostgreSQL, another
//   instance's write is seen at most `ttlMs` later (the caches are per process).
// - A load that was running while `invalidate()` was called is not stored (a generation counter),
//   so a read that raced a write cannot put the old value back. On PostgreSQL the write listeners
//   run again once the write is visible to other connections (after its statement, or its
//   transaction's COMMIT: db/client.server.ts), so a read in between is not kept either.
// - Callers must not mutate a cached value.

import { onTableWrite } from '~/db/client.server'

type Entry<V> = { value: V; expires: number }

export type TtlCache<K, V> = {
  /** The cached value, or the result of `load()` (concurrent misses for one key share one load). */
  get(key: K, load: () => Promise<V>): Promise<V>
  invalidate(): void
  readonly size: number
}

export function ttlCache<K, V>({ ttlMs, max = 1000 }: { ttlMs: number; max?: number }): TtlCache<K, V> {
  const entries = new Map<K, Entry<V>>()
  const loading = new Map<K, Promise<V>>()
  let generation = 0
  const cache: TtlCache<K, V> = {
    async get(key, load) {
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
  return cache
}

/**
 * `fn` behind a ttlCache keyed by its JSON-encoded arguments, emptied by any write to `tables`
 * (see onTableWrite in db/client.server.ts). For read models that depend only on those tables.
 */
export function cachedRead<A extends unknown[], V>(
  fn: (...args: A) => Promise<V>,
  { ttlMs, max = 2000, tables }: { ttlMs: number; max?: number; tables: string[] },
) {
  const cache = ttlCache<string, V>({ ttlMs, max })
  onTableWrite(tables, () => cache.invalidate())
  const read = (...args: A) => cache.get(JSON.stringify(args), () => fn(...args))
  read.invalidate = () => cache.invalidate()
  return read
}
