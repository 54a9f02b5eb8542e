// Random bytes for the ids and nonces made on every request, cut from a pool that one getrandom
// call refills 4 KB at a time: one call for hundreds of them instead of one each, a visible share
// of a page under load otherwise (docs/benchmarks.md, "Figures behind the code"). Each
// byte is used once; secrets (session and feed tokens) still take randomBytes of their own.
import { randomBytes } from 'node:crypto'

const POOL_BYTES = 4096
let pool = Buffer.alloc(0)
let at = 0

/** `bytes` random bytes as hex or base64 text. */
export function pooledRandom(bytes: number, encoding: 'hex' | 'base64') {
  if (at + bytes > pool.length) {
    pool = randomBytes(Math.max(POOL_BYTES, bytes))
    at = 0
  }
  at += bytes
  return pool.toString(encoding, at - bytes, at)
}
