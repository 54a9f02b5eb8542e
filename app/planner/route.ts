// Stop ordering: an open path through every stop, optionally with a fixed first and/or last stop,
// minimising the sum of leg distances. Exact (Held-Karp) for small tours, iterated local search beyond.
import { createRng } from '../core/random'

export interface RouteOptions {
  /** Index of the stop that must come first. */
  start?: number | null
  /** Index of the stop that must come last. */
  end?: number | null
}

export interface RouteResult {
  order: number[]
  cost: number
  method: 'exact' | 'heuristic' | 'trivial'
}

/** Held-Karp is O(2^n · n²) time and O(2^n · n) memory; past 12 stops the heuristic answers (docs/benchmarks.md). */
export const EXACT_MAX_STOPS = 12
/** Improvements smaller than this (km) are noise; ignoring them guarantees termination. */
const EPS = 1e-9

export function pathCost(d: number[][], order: number[]): number {
  let total = 0
  for (let i = 1; i < order.length; i++) total += d[order[i - 1] as number]?.[order[i] as number] ?? 0
  return total
}

function checkEnds(n: number, opts: RouteOptions): { start: number | null; end: number | null } {
  const start = opts.start ?? null
  const end = opts.end ?? null
  for (const v of [start, end]) if (v !== null && !(Number.isInteger(v) && v >= 0 && v < n)) throw new RangeError('Bad start/end')
  if (start !== null && start === end && n > 1) throw new RangeError('Start and end must differ')
  return { start, end }
}

/** Exact shortest open path (Held-Karp dynamic programming). Works for asymmetric matrices too. */
export function heldKarp(d: number[][], opts: RouteOptions = {}): RouteResult {
  const n = d.length
  const { start, end } = checkEnds(n, opts)
  if (n <= 1) return { order: n === 1 ? [0] : [], cost: 0, method: 'trivial' }
  if (n > 16) throw new RangeError(`Held-Karp is limited to 16 stops, got ${n}`)
  const full = (1 << n) - 1
  const size = (1 << n) * n
  const dp = new Float64Array(size).fill(Infinity)
  const parent = new Int8Array(size).fill(-1)
  const flat = new Float64Array(n * n)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) flat[i * n + j] = d[i]?.[j] ?? Infinity
  for (let s = 0; s < n; s++) if ((start === null && s !== end) || s === start) dp[(1 << s) * n + s] = 0
  for (let mask = 1; mask <= full; mask++) {
    for (let j = 0; j < n; j++) {
      const cur = dp[mask * n + j] as number
      if (cur === Infinity) continue
      for (let k = 0; k < n; k++) {
        const bit = 1 << k
        if (mask & bit) continue
        const next = mask | bit
        if (k === end && next !== full) continue // the fixed end can only be added last
        const cand = cur + (flat[j * n + k] as number)
        const idx = next * n + k
        if (cand < (dp[idx] as number) - EPS) {
          dp[idx] = cand
          parent[idx] = j
        }
      }
    }
  }
  let best = Infinity
  let last = -1
  for (let j = 0; j < n; j++) {
    if (end !== null && j !== end) continue
    const v = dp[full * n + j] as number
    if (v < best - EPS) {
      best = v
      last = j
    }
  }
  const order: number[] = []
  let mask = full
  while (last >= 0) {
    order.push(last)
    const p = parent[mask * n + last] as number
    mask &= ~(1 << last)
    last = p
  }
  order.reverse()
  return { order, cost: best, method: 'exact' }
}

/** A seeded stream, so the heuristic gives the same answer every run. */
function prng(seed: number) {
  return createRng(`route-${seed}`).next
}

export interface HeuristicOptions extends RouteOptions {
  /** Iterated-local-search kicks after the first local optimum; default scales with n. */
  iterations?: number
  seed?: number
}

/**
 * Nearest neighbour, then 2-opt and Or-opt (segments of 1–3, both orientations) to a local optimum,
 * then iterated local search with double-bridge kicks. The open path is solved as a cycle through a
 * dummy node at distance 0 from every stop; a fixed start/end gets distance -BIG to the dummy, so no
 * improving move can ever detach it. Assumes a symmetric matrix.
 */
export function heuristicRoute(d: number[][], opts: HeuristicOptions = {}): RouteResult {
  const n = d.length
  const { start, end } = checkEnds(n, opts)
  if (n <= 2) {
    const order = n === 2 && (start === 1 || end === 0) ? [1, 0] : Array.from({ length: n }, (_, i) => i)
    return { order, cost: pathCost(d, order), method: 'trivial' }
  }
  const m = n + 1
  const dummy = n
  const BIG = 1e9
  const D = new Float64Array(m * m)
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) D[i * m + j] = d[i]?.[j] ?? Infinity
  for (const f of [start, end]) if (f !== null) D[f * m + dummy] = D[dummy * m + f] = -BIG

  const tourCost = (t: Int32Array) => {
    let s = 0
    for (let i = 0; i < m; i++) s += D[(t[i] as number) * m + (t[(i + 1) % m] as number)] as number
    return s
  }

  const nearestNeighbour = (first: number): Int32Array => {
    const used = new Uint8Array(n)
    const path = [first]
    used[first] = 1
    if (end !== null) used[end] = 1
    let cur = first
    for (let step = 1; step < n - (end !== null && end !== first ? 1 : 0); step++) {
      let best = -1
      let bestD = Infinity
      for (let k = 0; k < n; k++) {
        if (used[k]) continue
        const v = D[cur * m + k] as number
        if (v < bestD) {
          bestD = v
          best = k
        }
      }
      if (best < 0) break
      used[best] = 1
      path.push(best)
      cur = best
    }
    if (end !== null && end !== first) path.push(end)
    return Int32Array.from([dummy, ...path])
  }

  const twoOpt = (t: Int32Array): boolean => {
    let improved = false
    let again = true
    while (again) {
      again = false
      for (let i = 0; i < m - 2; i++) {
        const a = t[i] as number
        const b = t[i + 1] as number
        const ab = D[a * m + b] as number
        for (let j = i + 2; j < m; j++) {
          if (i === 0 && j === m - 1) continue
          const c = t[j] as number
          const e = t[(j + 1) % m] as number
          const delta = (D[a * m + c] as number) + (D[b * m + e] as number) - ab - (D[c * m + e] as number)
          if (delta < -EPS) {
            for (let x = i + 1, y = j; x < y; x++, y--) {
              const tmp = t[x] as number
              t[x] = t[y] as number
              t[y] = tmp
            }
            improved = again = true
            break
          }
        }
      }
    }
    return improved
  }

  const seg = new Int32Array(3)
  const orOpt = (t: Int32Array): boolean => {
    let improved = false
    for (let L = 1; L <= 3 && m - L >= 3; L++) {
      for (let i = 0; i < m; i++) {
        for (let q = 0; q < L; q++) seg[q] = t[(i + q) % m] as number
        const s0 = seg[0] as number
        const sL = seg[L - 1] as number
        const p = t[(i - 1 + m) % m] as number
        const nx = t[(i + L) % m] as number
        const gain = (D[p * m + s0] as number) + (D[sL * m + nx] as number) - (D[p * m + nx] as number)
        let best = -EPS
        let bestR = -1
        let bestRev = false
        const restLen = m - L
        for (let r = 0; r < restLen - 1; r++) {
          const u = t[(i + L + r) % m] as number
          const v = t[(i + L + r + 1) % m] as number
          const base = (D[u * m + v] as number) + gain
          const c1 = (D[u * m + s0] as number) + (D[sL * m + v] as number) - base
          const c2 = (D[u * m + sL] as number) + (D[s0 * m + v] as number) - base
          if (c1 < best) {
            best = c1
            bestR = r
            bestRev = false
          }
          if (c2 < best) {
            best = c2
            bestR = r
            bestRev = true
          }
        }
        if (bestR < 0) continue
        const next = new Int32Array(m)
        let w = 0
        for (let r = 0; r < restLen; r++) {
          next[w++] = t[(i + L + r) % m] as number
          if (r === bestR) for (let q = 0; q < L; q++) next[w++] = seg[bestRev ? L - 1 - q : q] as number
        }
        t.set(next)
        improved = true
      }
    }
    return improved
  }

  const localSearch = (t: Int32Array) => {
    for (let guard = 0; guard < 1000; guard++) {
      const a = twoOpt(t)
      const b = orOpt(t)
      if (!a && !b) break
    }
  }

  // Multi-start: nearest neighbour from the fixed start, or from a few spread-out stops.
  const firsts = start !== null ? [start] : Array.from({ length: Math.min(n, 4) }, (_, i) => Math.floor((i * n) / Math.min(n, 4)))
  let best: Int32Array | null = null
  let bestCost = Infinity
  for (const f of firsts) {
    if (f === end) continue
    const t = nearestNeighbour(f)
    localSearch(t)
    const c = tourCost(t)
    if (c < bestCost - EPS) {
      best = t
      bestCost = c
    }
  }
  let current = best ?? nearestNeighbour(start ?? 0)
  let currentCost = tourCost(current)
  const rand = prng(opts.seed ?? 0x5eed)
  const iterations = opts.iterations ?? (m >= 8 ? 40 + 2 * n : 0)
  for (let it = 0; it < iterations && m >= 8; it++) {
    // Double-bridge kick: A B C D → A C B D, which 2-opt/Or-opt cannot undo in one move.
    const cuts = [1 + Math.floor(rand() * (m - 1)), 1 + Math.floor(rand() * (m - 1)), 1 + Math.floor(rand() * (m - 1))]
    cuts.sort((x, y) => x - y)
    const [a, b, c] = cuts as [number, number, number]
    if (a === b || b === c) continue
    const t = new Int32Array(m)
    t.set(current.subarray(0, a), 0)
    t.set(current.subarray(b, c), a)
    t.set(current.subarray(a, b), a + (c - b))
    t.set(current.subarray(c), c)
    localSearch(t)
    const cost = tourCost(t)
    if (cost < currentCost - EPS) {
      current = t
      currentCost = cost
    }
  }

  // Cut the cycle at the dummy and orient it so fixed ends are where they belong.
  const at = current.indexOf(dummy)
  let order: number[] = []
  for (let i = 1; i < m; i++) order.push(current[(at + i) % m] as number)
  if ((start !== null && order[0] !== start) || (start === null && end !== null && order[n - 1] !== end)) order = order.reverse()
  return { order, cost: pathCost(d, order), method: 'heuristic' }
}

const symmetric = (d: number[][]) => d.every((row, i) => row.every((v, j) => v === d[j]?.[i]))

/**
 * Exact for up to `exactMaxStops` stops (default 12), heuristic beyond. A path with no fixed end
 * costs the same both ways round on a symmetric matrix; it starts at whichever of its ends is
 * listed first, so stops given in a route's own order come back in that order (docs/planner.md).
 */
export function solveRoute(d: number[][], opts: HeuristicOptions & { exactMaxStops?: number } = {}): RouteResult {
  const n = d.length
  const route = n > 2 && n <= Math.min(opts.exactMaxStops ?? EXACT_MAX_STOPS, 16) ? heldKarp(d, opts) : heuristicRoute(d, opts)
  const { order } = route
  const free = (opts.start ?? null) === null && (opts.end ?? null) === null
  if (free && n > 1 && (order[0] as number) > (order[n - 1] as number) && symmetric(d)) order.reverse()
  return route
}
